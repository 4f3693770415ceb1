/**
 * The part of the web app ↔ proxy contract that every page needs: the CSRF header and the
 * response headers the proxy adds; the session's and the configuration's shapes are in
 * session-schemas.ts. Split from playground-api.ts, which re-exports all of it, for the
 * first-load budget alone (bench/bundle-budget.test.ts): the web app's first load imports this
 * module, which builds no schema, and zod loads beside the first request instead
 * (src/web/lib/validate.ts; docs/decisions/0008). The rest of the code imports from
 * playground-api.ts.
 */
export type { ConnectedSession, PlaygroundConfig, SessionResponse } from './session-schemas'

/**
 * Every `/auth/*` POST and every `/api/*` call carries this static header. A cross-site page
 * cannot add it without a CORS preflight, which the proxy never approves (docs/security.md#e1).
 */
export const CSRF_HEADER = 'X-Requested-With'
export const CSRF_HEADER_VALUE = 'yuque-oauth-playground'

/**
 * The longest code or state the proxy takes (ExchangeRequestSchema): the callback refuses a longer
 * one before anything leaves (web/callback/callback-params.ts), with no schema loaded.
 */
export const EXCHANGE_PARAM_MAX_LENGTH = 512

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
  // "Your own app" (docs/decisions/0015-your-own-app.md): a body with bad fields (`fields` names
  // each), the service refusing the browser's own app at the token endpoint (invalid_client), and
  // the browser's app changed or forgotten while a login was under way.
  'invalid_request',
  'app_secret_refused',
  'app_changed',
] as const

/**
 * Response headers the proxy adds on `/api/v2/*`: `X-Playground-Error` names a PROXY_ERROR_CODES
 * entry when the proxy itself refused or failed (the body is then `{status, message}` written by
 * the proxy); `X-Playground-Session: ended` says an upstream 401 ended the session;
 * `X-Playground-Scope-Failure` says an upstream 401 was about a scope, not the token, so the
 * session stays (proxy/api/scope-failure.ts): its value is the missing scopes, comma-separated, or
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
