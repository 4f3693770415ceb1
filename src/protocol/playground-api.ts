/**
 * The contract between the web app and its proxy (same origin): request and response bodies of
 * `/auth/*`, and the header every state-changing call carries. Both sides parse with these.
 */
import { z } from 'zod'

/**
 * Every `/auth/*` POST and every `/api/*` call carries this static header. A cross-site page
 * cannot add it without a CORS preflight, which the proxy never approves (checklist E1).
 */
export const CSRF_HEADER = 'X-Requested-With'
export const CSRF_HEADER_VALUE = 'yuque-oauth-playground'

export const StartLoginRequestSchema = z.object({
  scopes: z.array(z.string()).max(32),
  returnTo: z.string().max(2048).optional(),
})
export type StartLoginRequest = z.infer<typeof StartLoginRequestSchema>

export const StartLoginResponseSchema = z.object({
  authorizeUrl: z.url(),
  state: z.string(),
  /** The authorize request's parameters, for display. */
  params: z.record(z.string(), z.string()),
})
export type StartLoginResponse = z.infer<typeof StartLoginResponseSchema>

export const ExchangeRequestSchema = z.object({
  code: z.string().min(1).max(512),
  state: z.string().min(1).max(512),
})
export type ExchangeRequest = z.infer<typeof ExchangeRequestSchema>

export const ExchangeResponseSchema = z.object({
  scope: z.string(),
  requestedScope: z.string(),
  returnTo: z.string(),
})
export type ExchangeResponse = z.infer<typeof ExchangeResponseSchema>

export const SessionResponseSchema = z.discriminatedUnion('connected', [
  z.object({
    connected: z.literal(true),
    scope: z.string(),
    requestedScope: z.string(),
    connectedAt: z.string(),
  }),
  z.object({ connected: z.literal(false) }),
])
export type SessionResponse = z.infer<typeof SessionResponseSchema>

/**
 * Proxy error codes the web app acts on; `message` always says what happened in words.
 */
export const PROXY_ERROR_CODES = [
  'bad_request',
  'csrf',
  'state_missing',
  'state_mismatch',
  'state_expired',
  'exchange_failed',
  'upstream_unreachable',
  'upstream_timeout',
  'upstream_invalid',
  'not_allowed',
  'session_ended',
  'not_connected',
  'upstream_error',
  'payload_too_large',
  'no_client_code',
  'unsupported_media_type',
] as const

/** `GET /auth/config`: what the connect page previews. Nothing here is secret. */
export const PlaygroundConfigSchema = z.object({
  /** `emulator` when the embedded emulator is used, `yuque` for a configured real service. */
  service: z.enum(['emulator', 'yuque']),
  clientId: z.string(),
  redirectUri: z.string(),
  authorizeEndpoint: z.string(),
  baseUrl: z.string(),
  /** The app of the client-code flow, or null when it is not configured (real service). */
  clientCodeClientId: z.string().nullable(),
})
export type PlaygroundConfig = z.infer<typeof PlaygroundConfigSchema>

/**
 * Response headers the proxy adds on `/api/v2/*`: `X-Playground-Error` names a PROXY_ERROR_CODES
 * entry when the proxy itself refused or failed (the body is then `{status, message}` written by
 * the proxy); `X-Playground-Session: ended` says an upstream 401 ended the session.
 */
export const PROXY_ERROR_HEADER = 'X-Playground-Error'
export const SESSION_HEADER = 'X-Playground-Session'

/** `POST /auth/client-code/start {scopes}`: the client-code flow (spec §5.3), run by the proxy. */
export const ClientCodeStartRequestSchema = z.object({ scopes: z.array(z.string()).max(32) })
export type ClientCodeStartRequest = z.infer<typeof ClientCodeStartRequestSchema>

export const ClientCodeStartResponseSchema = z.object({
  /** A same-origin address that redirects to the service's authorize page (the code stays out of the page). */
  authorizePath: z.string(),
  scope: z.string(),
  expiresAt: z.string(),
  intervalMs: z.number().int().positive(),
  maxAttempts: z.number().int().positive(),
  /** The signing step, shown transparently: the code is masked, the secret never appears. */
  signing: z.object({
    params: z.record(z.string(), z.string()),
    baseString: z.string(),
    sign: z.string(),
    algorithm: z.string(),
  }),
})
export type ClientCodeStartResponse = z.infer<typeof ClientCodeStartResponseSchema>

export const ClientCodePollResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('pending'),
    attempt: z.number().int(),
    maxAttempts: z.number().int(),
  }),
  z.object({ status: z.literal('denied'), attempt: z.number().int() }),
  z.object({ status: z.literal('expired'), attempt: z.number().int(), reason: z.string() }),
  z.object({
    status: z.literal('connected'),
    attempt: z.number().int(),
    scope: z.string(),
    requestedScope: z.string(),
  }),
])
export type ClientCodePollResponse = z.infer<typeof ClientCodePollResponseSchema>
