/**
 * The proxy's side of the flow inspector: each route notes, as it goes, the steps it
 * took and the secrets it handled; one middleware writes them, redacted, into the
 * `X-Playground-Trace` header of the answer (protocol/trace.ts describes the format).
 * The steps are built here without any secret (placeholders instead); redactTrace then removes
 * every secret the proxy knows of from every string, in case a value slipped into a note.
 */
import type { Context, Next } from 'hono'
import { createMiddleware } from 'hono/factory'
import { PROXY_ERROR_HEADER } from '../protocol/playground-api'
import {
  PLACEHOLDERS,
  TRACE_HEADER,
  TRACE_VERSION,
  encodeTraceHeader,
  shorten,
  type TraceField,
  type TraceResponse,
  type TraceStep,
} from '../protocol/trace'
import { redactTrace } from '../protocol/trace-redaction'
import { TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE } from '../protocol/trace-request'
import type { HeaderSource } from '../protocol/headers'
import { configSecrets, type Config } from './config'
import type { TokenAnswer } from './auth/oauth'
import type { TokenCall } from './auth/token-endpoint'
import { requestUrl } from '../protocol/request-url'

/** One call's trace while it runs: what the route noted. */
export interface TraceCollector {
  steps: TraceStep[]
  /** Values that must not appear in the header: codes, tokens, client codes. */
  secrets: string[]
  /** When the call began: the clock's time, and performance.now() for its duration. */
  at: number
  started: number
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Absent when the request did not ask for a trace (TRACE_REQUEST_HEADER). */
    flowTrace: TraceCollector | undefined
  }
}

/** Whether this request asked for its trace: routes skip the work of a step nobody reads. */
export function isTracing(c: Context): boolean {
  return c.get('flowTrace') !== undefined
}

/** A collector when the request asks for its trace (TRACE_REQUEST_HEADER), else undefined. */
export function startTrace(
  asked: string | null | undefined,
  clock: () => number,
): TraceCollector | undefined {
  if (asked !== TRACE_REQUEST_VALUE) return undefined
  return { steps: [], secrets: [], at: clock(), started: performance.now() }
}

/**
 * Notes a step of a call; its trace reports it. A function is called only when the request
 * asked for its trace, so a hot route builds nothing otherwise.
 */
export function noteStep(
  trace: TraceCollector | undefined,
  step: TraceStep | (() => TraceStep),
): void {
  trace?.steps.push(typeof step === 'function' ? step() : step)
}

/** Notes values a call handled that must never reach its trace. */
export function noteSecrets(trace: TraceCollector | undefined, ...values: string[]): void {
  trace?.secrets.push(...values)
}

/** noteStep for the call of a Hono context (the /auth routes). */
export function addTraceStep(c: Context, step: TraceStep | (() => TraceStep)): void {
  noteStep(c.get('flowTrace'), step)
}

/** noteSecrets for the call of a Hono context. */
export function addTraceSecrets(c: Context, ...values: string[]): void {
  noteSecrets(c.get('flowTrace'), ...values)
}

/** The values of a `Cookie` request header or of `Set-Cookie` response headers. */
function cookieValues(cookieHeader: string | undefined, setCookies: readonly string[]): string[] {
  const pairs = [
    ...(cookieHeader ?? '').split(';'),
    ...setCookies.map((h) => h.split(';')[0] ?? ''),
  ]
  return pairs.map((pair) => pair.slice(pair.indexOf('=') + 1).trim()).filter(Boolean)
}

/** What a finished call's trace says of it besides its steps: its request and its answer. */
export interface TracedCall {
  method: string
  /** The request's URL, as the adapter built it. */
  url: string
  status: number
  /** The answer's PROXY_ERROR_HEADER, when it has one. */
  error: string | null
  cookieHeader: string | undefined
  setCookies: readonly string[]
}

/**
 * The value of a finished call's TRACE_HEADER: its steps and what it was, redacted of every
 * secret of the configuration, every cookie value in and out, and what the route noted. The
 * middleware below writes it for /auth; the API's route for its own answers (api-routes.ts).
 */
export function traceWriter(config: Config): (trace: TraceCollector, call: TracedCall) => string {
  const secretsOfConfig = configSecrets(config)
  return (collector, call) => {
    const url = requestUrl(call.url)
    const secrets = [
      ...secretsOfConfig,
      ...collector.secrets,
      ...cookieValues(call.cookieHeader, call.setCookies),
    ]
    const trace = redactTrace(
      {
        v: TRACE_VERSION,
        call: {
          method: call.method,
          path: `${url.pathname}${url.search}`.slice(0, 512),
          status: call.status,
          at: collector.at,
          durationMs: Math.round(performance.now() - collector.started),
        },
        steps: collector.steps,
        ...(call.error === null ? {} : { error: call.error }),
      },
      secrets,
    )
    return encodeTraceHeader(trace)
  }
}

/**
 * Around every `/auth/*` call that asks for it (TRACE_REQUEST_HEADER, sent while the inspector
 * is open): collects the steps, then writes the header on the answer, refusals included, so that
 * the web app records a call by that header alone (its first load stays small). A call that does
 * not ask costs one header lookup. The API's route does the same itself (api-routes.ts).
 */
export function flowTraceMiddleware(config: Config, clock: () => number) {
  const writeTrace = traceWriter(config)
  const traced = async (c: Context, next: Next, collector: TraceCollector) => {
    c.set('flowTrace', collector)
    await next()
    const value = writeTrace(collector, {
      method: c.req.method,
      url: c.req.url,
      status: c.res.status,
      error: c.res.headers.get(PROXY_ERROR_HEADER),
      cookieHeader: c.req.header('Cookie'),
      setCookies: c.res.headers.getSetCookie(),
    })
    // On the finished answer's own headers: c.header() would copy the whole response into a new
    // one first (Hono does so once a response is final), which costs the Node adapter its fast
    // path for every call. An answer whose headers cannot change takes that path.
    try {
      c.res.headers.set(TRACE_HEADER, value)
    } catch {
      c.header(TRACE_HEADER, value)
    }
  }
  // Not an async function: a call that does not ask pays no promise of its own here.
  return createMiddleware((c, next) => {
    const collector = startTrace(c.req.header(TRACE_REQUEST_HEADER), clock)
    return collector === undefined ? next() : traced(c, next, collector)
  })
}

const field = (name: string, value: string, note?: string): TraceField =>
  note === undefined ? { name, value } : { name, value, note }

const redactedValue = (name: string, value: string, note: string): TraceField => ({
  name,
  value,
  redacted: 'value',
  note,
})

/** Headers of a request as fields; the token header becomes its placeholder. */
export function headerFields(headers: Record<string, string>): TraceField[] {
  return Object.entries(headers).map(([name, value]) =>
    name.toLowerCase() === 'x-auth-token'
      ? redactedValue(
          name,
          PLACEHOLDERS.token,
          'The access token: the proxy adds it from the sealed session cookie; the browser never holds it. To replay, use a token of your own (a personal token from your account settings).',
        )
      : field(name, value),
  )
}

/** The response headers that matter, in this order, those present. */
export function pickHeaders(headers: HeaderSource, names: readonly string[]): TraceField[] {
  return names.flatMap((name) => {
    const value = headers.get(name)
    return value === null ? [] : [field(name, value)]
  })
}

/** `POST /auth/start`: the authorize request the browser is about to open. */
export function authorizeStep(
  endpoint: URL,
  params: readonly (readonly [name: string, value: string])[],
  clientIdNote: string,
): TraceStep {
  return {
    kind: 'authorize',
    title: 'Authorize request built',
    outcome: 'info',
    notes: [
      'The browser opens this address itself (a navigation, not a call of the proxy): the user signs in and consents on the service’s page.',
      'state is 256 random bits, bound to this browser by a sealed SameSite=Lax cookie and kept by this tab; it is shortened here.',
    ],
    request: {
      method: 'GET',
      url: endpoint.href,
      paramsIn: 'query',
      params: params.map(([name, value]) =>
        name === 'state'
          ? redactedValue(name, PLACEHOLDERS.state, `single-use; starts ${shorten(value)}`)
          : name === 'client_id'
            ? field(name, value, clientIdNote)
            : name === 'code_challenge'
              ? field(
                  name,
                  `${value.slice(0, 8)}…`,
                  'PKCE: base64url(SHA-256(code_verifier)), shortened here. The verifier stays in this login’s sealed cookie and goes only to the token endpoint, so a stolen code is useless without it where the service checks PKCE.',
                )
              : field(name, value),
      ),
      headers: [],
    },
  }
}

/** The proxy's own state check at `/auth/exchange`, against this browser's transaction cookie. */
export function stateCheckStep(isPassed: boolean, detail: string): TraceStep {
  return {
    kind: 'state-check',
    title: isPassed
      ? 'State check passed (proxy): it matches a login this browser started'
      : 'State check failed (proxy): nothing was exchanged',
    outcome: isPassed ? 'passed' : 'failed',
    notes: [detail],
  }
}

export const CREDENTIAL_NOTE =
  'The client credential: added by the proxy from its configuration, never sent to the browser. It cannot be shown, not even its parameter name; the README says what to put here.'

/** The credential parameter of the token request, as one placeholder for name and value. */
export function credentialField(): TraceField {
  return {
    name: 'client credential',
    value: PLACEHOLDERS.credential,
    redacted: 'pair',
    note: CREDENTIAL_NOTE,
  }
}

export function codeField(): TraceField {
  return redactedValue(
    'code',
    PLACEHOLDERS.code,
    'The authorization code: single-use, and spent by this exchange. Replaying it fails, and a careful service revokes the token issued for it (RFC 6749 §4.1.2).',
  )
}

export function codeVerifierField(): TraceField {
  return redactedValue(
    'code_verifier',
    PLACEHOLDERS.codeVerifier,
    'The PKCE verifier (RFC 7636): 32 random bytes kept in this login’s sealed cookie. Only its SHA-256 (code_challenge) went to the authorize page, so a stolen code is useless without it.',
  )
}

export function clientCodeField(): TraceField {
  return redactedValue(
    'code',
    PLACEHOLDERS.clientCode,
    'The 40-character client code: a bearer secret until redeemed (the poll carries no client authentication), so the proxy keeps it in a sealed HttpOnly cookie.',
  )
}

/** The token endpoint's answer, summarised: the token itself is described, never copied. */
export function tokenResponse(
  answer: TokenAnswer,
  durationMs: number,
  headers: HeaderSource,
): TraceResponse {
  const fields: TraceField[] = []
  if (answer.kind === 'token') {
    const { token } = answer
    fields.push(
      redactedValue(
        'access_token',
        PLACEHOLDERS.token,
        'Sealed into the HttpOnly session cookie; the browser never receives it.',
      ),
      field('token_type', token.token_type.slice(0, 16)),
    )
    if (token.scope !== undefined) fields.push(field('scope', token.scope.slice(0, 256)))
  } else if (answer.kind === 'oauth-error') {
    fields.push(field('error', answer.error.error.slice(0, 64)))
    // RFC 6749 §5.2: error_description is written for the client's developer, who reads this
    // panel; shortened, redacted like every string, shown as text. A 5xx's free text may carry
    // the service's internals and stays out (ASVS 16.5.1).
    const description = answer.error.error_description
    if (description !== undefined && answer.status < 500) {
      fields.push(field('error_description', description.slice(0, 256)))
    }
  }
  return {
    status: answer.status,
    durationMs: Math.round(durationMs),
    headers: pickHeaders(headers, ['Content-Type']),
    fields,
  }
}

/**
 * A call of the token endpoint (the code exchange or a client-code poll), as it went: the
 * request is the one callTokenEndpoint built from the parameters it sent.
 */
export function tokenCallStep(
  step: Pick<TraceStep, 'kind' | 'title' | 'outcome' | 'notes'>,
  call: TokenCall,
): TraceStep {
  return {
    ...step,
    request: call.request,
    ...(call.ok
      ? { response: tokenResponse(call.answer, call.durationMs, call.response.headers) }
      : {}),
  }
}
