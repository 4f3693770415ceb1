/**
 * The contract between the web app and its proxy (same origin): request and response bodies of
 * `/auth/*`, and the header every state-changing call carries. Both sides parse with these.
 */
// zod/mini (tree-shakable) because the browser bundle imports these schemas, and `@__PURE__`
// on each `.check()` so the server-only ones drop out of it: see schemas.ts.
import { z } from 'zod/mini'
import { stringMap } from './envelope'
import { EXCHANGE_PARAM_MAX_LENGTH } from './playground-common'

export {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  PROXY_ERROR_CODES,
  PROXY_ERROR_HEADER,
  SCOPE_FAILURE_HEADER,
  SESSION_HEADER,
  type ConnectedSession,
  type PlaygroundConfig,
  type SessionResponse,
} from './playground-common'

export const StartLoginRequestSchema = z.object({
  scopes: /* @__PURE__ */ z.array(z.string()).check(z.maxLength(32)),
  returnTo: z.optional(/* @__PURE__ */ z.string().check(z.maxLength(2048))),
})
export type StartLoginRequest = z.infer<typeof StartLoginRequestSchema>

export const StartLoginResponseSchema = z.object({
  authorizeUrl: z.url(),
  state: z.string(),
  /** The authorize request's parameters, for display. */
  params: stringMap(z.string()),
})
export type StartLoginResponse = z.infer<typeof StartLoginResponseSchema>

export const ExchangeRequestSchema = z.object({
  code: /* @__PURE__ */ z.string().check(z.minLength(1), z.maxLength(EXCHANGE_PARAM_MAX_LENGTH)),
  state: /* @__PURE__ */ z.string().check(z.minLength(1), z.maxLength(EXCHANGE_PARAM_MAX_LENGTH)),
})
export type ExchangeRequest = z.infer<typeof ExchangeRequestSchema>

export const ExchangeResponseSchema = z.object({
  scope: z.string(),
  requestedScope: z.string(),
  returnTo: z.string(),
  /** The new session's start, as `GET /auth/session` reports it. */
  connectedAt: z.string(),
  /**
   * The service's 200 answer to `GET /user` with the new token, asked for by the proxy right
   * after the exchange (src/proxy/auth/prime-profile.ts): the headers the app reads and the JSON
   * body as the service sent it, its `{data: …}` envelope included. The app checks the body with
   * the user schema as it checks any answer (src/web/callback/finish-login.ts). Absent when the
   * service did not answer 200 with JSON in time.
   */
  user: z.optional(
    z.object({
      /** `[name, value]` pairs (a record would add zod code to every first request's checks). */
      headers: z.array(z.array(z.string())),
      body: z.unknown(),
    }),
  ),
})
export type ExchangeResponse = z.infer<typeof ExchangeResponseSchema>

/**
 * `POST /auth/client-code/start {scopes}`: the client-code flow (docs/service.md#client-code-flow),
 * run by the proxy.
 */
export const ClientCodeStartRequestSchema = z.object({
  scopes: /* @__PURE__ */ z.array(z.string()).check(z.maxLength(32)),
})
export type ClientCodeStartRequest = z.infer<typeof ClientCodeStartRequestSchema>

export const ClientCodeStartResponseSchema = z.object({
  /** A same-origin address that redirects to the service's authorize page (the code stays out of the page). */
  authorizePath: z.string(),
  scope: z.string(),
  expiresAt: z.string(),
  intervalMs: /* @__PURE__ */ z.int().check(z.positive()),
  maxAttempts: /* @__PURE__ */ z.int().check(z.positive()),
  /** The signing step, shown transparently: the code is masked, the secret never appears. */
  signing: z.object({
    params: stringMap(z.string()),
    baseString: z.string(),
    sign: z.string(),
    algorithm: z.string(),
  }),
})
export type ClientCodeStartResponse = z.infer<typeof ClientCodeStartResponseSchema>

export const ClientCodePollResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('pending'),
    attempt: z.int(),
    maxAttempts: z.int(),
  }),
  z.object({ status: z.literal('denied'), attempt: z.int() }),
  z.object({ status: z.literal('expired'), attempt: z.int(), reason: z.string() }),
  z.object({
    status: z.literal('connected'),
    attempt: z.int(),
    scope: z.string(),
    requestedScope: z.string(),
  }),
])
export type ClientCodePollResponse = z.infer<typeof ClientCodePollResponseSchema>
