/**
 * The part of the web app ↔ proxy contract that every page needs: the CSRF header, the response
 * headers the proxy adds, the session and the configuration. playground-api.ts re-exports all of
 * it, and the rest of the code imports from there; the web app's first load imports this module
 * alone, so it builds no schema of the login flows (the first-load budget, bench/bundle-budget.test.ts).
 */
import { z } from 'zod/mini'

/**
 * Every `/auth/*` POST and every `/api/*` call carries this static header. A cross-site page
 * cannot add it without a CORS preflight, which the proxy never approves (checklist E1).
 */
export const CSRF_HEADER = 'X-Requested-With'
export const CSRF_HEADER_VALUE = 'yuque-oauth-playground'

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
  'rate_limited',
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
  clientCodeClientId: z.nullable(z.string()),
  /** Whether the authorize request carries a PKCE challenge (OAUTH_PKCE). */
  pkce: z.enum(['S256', 'off']),
})
export type PlaygroundConfig = z.infer<typeof PlaygroundConfigSchema>

/**
 * Response headers the proxy adds on `/api/v2/*`: `X-Playground-Error` names a PROXY_ERROR_CODES
 * entry when the proxy itself refused or failed (the body is then `{status, message}` written by
 * the proxy); `X-Playground-Session: ended` says an upstream 401 ended the session;
 * `X-Playground-Scope-Failure` says an upstream 401 was about a scope, not the token, so the
 * session stays (proxy/scope-failure.ts): its value is the missing scopes, comma-separated, or
 * empty when the service did not say which.
 */
export const PROXY_ERROR_HEADER = 'X-Playground-Error'
export const SESSION_HEADER = 'X-Playground-Session'
export const SCOPE_FAILURE_HEADER = 'X-Playground-Scope-Failure'

/**
 * The proxy's account of what it did for a call (trace.ts), redacted on the server: the web app's
 * flow inspector shows it. In this module because the first load records it (unparsed).
 */
export const TRACE_HEADER = 'X-Playground-Trace'
