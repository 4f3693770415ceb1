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
  'unsupported_media_type',
] as const
