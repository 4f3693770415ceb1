/**
 * The proxy's account of what it did for one request, for the flow inspector: which
 * call it made to the service, with which parameters and headers, and what came back. It travels
 * to the browser in the `X-Playground-Trace` response header (TRACE_HEADER), so it is redacted on
 * the server, twice:
 * 1. by construction: the proxy never puts a secret into a trace; it writes a placeholder
 *    (`$CODE`, `$YUQUE_TOKEN`, …) and says in words what stands there;
 * 2. by `redactTrace` (trace-redaction.ts, which the browser never loads), a final pass over
 *    every string that removes the secret values the proxy knows of and anything token-shaped.
 * The web app parses the header with ProxyTraceSchema and never trusts it further than display.
 */
import { z } from 'zod/mini'

export { TRACE_HEADER } from './playground-common'

export const TRACE_VERSION = 1

/** What stands where a secret was; never a secret, always a name a developer can fill in. */
export const PLACEHOLDERS = {
  token: '$YUQUE_TOKEN',
  code: '$CODE',
  clientCode: '$CLIENT_CODE',
  state: '$STATE',
  codeVerifier: '$CODE_VERIFIER',
  /** A whole `name=value` pair: the parameter that carries the app's credential. */
  credential: '$CLIENT_CREDENTIAL',
} as const

/**
 * A request parameter, header or response field. `redacted` says what was left out: `value` (the
 * value is a placeholder), `pair` (name and value are one placeholder: the parameter cannot even
 * be named here). `note` explains it in words.
 */
export const TraceFieldSchema = z.object({
  name: z.string(),
  value: z.string(),
  redacted: z.optional(z.enum(['value', 'pair'])),
  note: z.optional(z.string()),
})
export type TraceField = z.infer<typeof TraceFieldSchema>

export const TRACE_STEP_KINDS = [
  'authorize',
  'state-check',
  'exchange',
  'api',
  'sign',
  'poll',
  'session',
] as const

export const TraceRequestSchema = z.object({
  // Every method of the endpoint table (endpoints.ts HttpMethod), so a forwarded call of any row shows.
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
  /** The service's address, without the parameters listed in `params`. */
  url: z.string(),
  /**
   * Where `params` go: the query string, a form-encoded body, or a JSON body (whose fields are
   * named with the kind of their value, never the value: api-body.ts).
   */
  paramsIn: z.enum(['query', 'form', 'json']),
  params: z.array(TraceFieldSchema),
  headers: z.array(TraceFieldSchema),
})
export type TraceRequest = z.infer<typeof TraceRequestSchema>

export const TraceResponseSchema = z.object({
  status: z.int(),
  /** Time the service took, measured by the proxy. */
  durationMs: z.number(),
  /** The headers that matter: rate limit, scopes, Retry-After. */
  headers: z.array(TraceFieldSchema),
  /** The body, summarised: fields that are secret are described, never copied. */
  fields: z.array(TraceFieldSchema),
})
export type TraceResponse = z.infer<typeof TraceResponseSchema>

export const TraceStepSchema = z.object({
  kind: z.enum(TRACE_STEP_KINDS),
  title: z.string(),
  outcome: z.enum(['passed', 'failed', 'pending', 'info']),
  notes: z.array(z.string()),
  /** The call the proxy made to the service (absent for steps the proxy did alone). */
  request: z.optional(TraceRequestSchema),
  response: z.optional(TraceResponseSchema),
})
export type TraceStep = z.infer<typeof TraceStepSchema>

/** The browser's call of the proxy, as the proxy saw it. */
export const TraceCallSchema = z.object({
  method: z.string(),
  /** Path and query of the proxy's URL (`/auth/exchange`, `/api/v2/user`). */
  path: z.string(),
  status: z.int(),
  /** When the proxy received it (ms since the epoch, the proxy's clock). */
  at: z.number(),
  /** How long the proxy took to answer, the service's part included. */
  durationMs: z.number(),
})

export const ProxyTraceSchema = z.object({
  v: z.literal(TRACE_VERSION),
  call: TraceCallSchema,
  steps: z.array(TraceStepSchema),
  /** The proxy's error code (PROXY_ERROR_CODES) when it refused or failed the call. */
  error: z.optional(z.string()),
})
export type ProxyTrace = z.infer<typeof ProxyTraceSchema>

/**
 * The header's value: JSON, with every character outside printable ASCII escaped (`\uXXXX`), as
 * an HTTP header value must be; `JSON.parse` reads it back unchanged.
 */
export function encodeTraceHeader(trace: ProxyTrace): string {
  return JSON.stringify(trace).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** The header's value parsed, or null when it is absent or not a trace of this version. */
export function parseTraceHeader(value: string | null): ProxyTrace | null {
  if (value === null) return null
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    return null
  }
  const parsed = z.safeParse(ProxyTraceSchema, json)
  return parsed.success ? parsed.data : null
}

/** Keeps the first characters of a value that identifies, not authorises (a state): `AbC1x9…`. */
export function shorten(value: string, keep = 6): string {
  return value.length > keep + 2 ? `${value.slice(0, keep)}…` : value
}
