/**
 * `/api/*`: the one path of every API call (decision 0012). It runs the proxy's checks
 * (guards.ts), forwards the allow-listed calls to the configured service with the session's
 * token, and passes back status, body and the headers the app shows
 * (docs/architecture.md#api-calls).
 *
 * One handler does, in order, what the /auth routes get from Hono's middleware (proxy.ts) with
 * the same functions: the no-store headers, the trace, the checks, the answer to an error. The
 * log line per call is the server's, for every door (src/server/request-log.ts). It builds its answer as a plain object, not through a Hono context: Fetch `Headers`
 * and a chain of middleware were most of the proxy's own CPU per forwarded call (bench: proxy
 * throughput over the floor, `npm run bench -- --only=proxy`).
 */
import { requestLine } from '../../protocol/endpoint-path'
import { HEADERS, type HeaderSource } from '../../protocol/headers'
import { PROXY_ERROR_HEADER } from '../../protocol/playground-api'
import { TRACE_HEADER } from '../../protocol/trace'
import { TRACE_REQUEST_HEADER } from '../../protocol/trace-request'
import { remember } from '../auth/session-cookie'
import type { Config } from '../config'
import { API_ANSWER_TYPE, MAX_UPSTREAM_BYTES, failureLogLine, type ProxyContext } from '../context'
import { noteSecrets, noteStep, pickHeaders, startTrace, traceWriter } from '../flow-trace'
import type { RequestCheck } from '../guards'
import { parseJsonOrUndefined } from '../json-body'
import { buildUpstreamUrl, matchForwardedCall, type ForwardMatch } from './allow-list'
import { MAX_API_BODY_BYTES, readApiBody, type ApiRequest } from './api-body'
import { ApiCall } from './api-call'
import { apiStatusNotes, apiStep, type Sent } from './api-step'
import {
  notAnEndpoint,
  refusalAnswer,
  serverFailure,
  upstreamRefusal,
  type Answer,
} from './http-errors'
import { settleUpstream401, type HeldToken } from './scope-failure'
import type { Connection } from '../byo/effective-app'
import { REQUEST_ID_HEADER, requestIdOf } from '../request-id'

/**
 * Response headers passed back to the browser: the ones the protocol parses (headers.ts); all
 * others (Set-Cookie, CORS, …) are dropped.
 */
export const PASSED_HEADERS: readonly string[] = Object.values(HEADERS)

/** The passed headers an answer of the service carries, as `[name, value]` pairs. */
export function passedHeaders(headers: HeaderSource): [string, string][] {
  // A loop, not flatMap: one array per call instead of one per header (on every forwarded call).
  const passed: [string, string][] = []
  for (const name of PASSED_HEADERS) {
    const value = headers.get(name)
    if (value !== null) passed.push([name, value])
  }
  return passed
}

/**
 * The headers of a call to the service, and only these: the browser's cookies, Authorization,
 * Host, X-Forwarded-* and any X-Auth-Token it sent are never forwarded (docs/security.md#f3).
 * The request's id goes along when it is a safe one (request-id.ts), so that the service's log
 * and the server's can be joined.
 */
export function serviceHeaders(
  config: Config,
  accessToken: string | null,
  requestId: string | null = null,
): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'User-Agent': config.userAgent,
  }
  if (accessToken !== null) headers['X-Auth-Token'] = accessToken
  if (requestId !== null) headers[REQUEST_ID_HEADER] = requestId
  return headers
}

/** The forwarded API's base below /api; the table's paths are below it. */
export const API_BASE = '/api/v2'

/** Targets remembered (the allow-listed calls a page makes), and the longest one kept. */
const TARGETS_SIZE = 256
const MAX_REMEMBERED_TARGET = 512

/**
 * An allow-listed call, with its request line and the service's URL when it could be built
 * (never changed by the upstream client: one URL serves every call of the target).
 */
type Target = Extract<ForwardMatch, { ok: true }> & { operation: string; upstreamUrl?: URL }

/**
 * The route under the API base: the allow-list, the body, the session, the call to the service
 * and what its answer becomes. Writes the answer's headers, cookies and trace steps on `call`.
 */
function createForwarder(ctx: ProxyContext) {
  const { config, cookies } = ctx

  /**
   * The allow-list's match for a method and URL. It depends on their text alone, and a page
   * asks for the same few again and again: the matches are remembered, a bounded number (as
   * session-cookie.ts remembers Cookie headers), with the service's URL when it could be built.
   */
  const targets = new Map<string, Target>()
  function readTarget(method: string, href: string): Target | Extract<ForwardMatch, { ok: false }> {
    const key = `${method} ${href}`
    const known = targets.get(key)
    if (known !== undefined) return known
    const url = new URL(href)
    const match = matchForwardedCall(method, url.pathname.slice(API_BASE.length), url.searchParams)
    if (!match.ok) return match
    const target: Target = { ...match, operation: requestLine(match.endpoint) }
    try {
      target.upstreamUrl = buildUpstreamUrl(config.baseUrl, match.path, match.search)
    } catch {
      // Built again where the route needs it, which then fails as it would have (below).
    }
    if (key.length <= MAX_REMEMBERED_TARGET) remember(targets, key, target, TARGETS_SIZE)
    return target
  }

  /** The connection's token, and how a dead one ends it: the session, or the saved token. */
  const heldToken = ({ session, app }: Connection, call: ApiCall): HeldToken =>
    session !== null
      ? { scope: session.scope, end: () => cookies.endSession(call, session) }
      : {
          scope: (app.vault?.token?.scopes ?? []).join(','),
          end: () => ctx.apps.dropToken(call, app.vault),
        }

  return async function forward(
    request: ApiRequest,
    counted: Uint8Array | undefined,
    call: ApiCall,
  ): Promise<Answer> {
    const match = readTarget(request.method, request.url)
    if (!match.ok) {
      // RFC 9110 §15.5.6: a 405 lists the methods the resource allows.
      if (match.status === 405) call.headers.Allow = match.allow.join(', ')
      return refusalAnswer(call.headers, {
        status: match.status,
        code: 'not_allowed',
        message: match.message,
      })
    }
    const { endpoint, operation } = match
    // The session first: it is cheap (a cached unseal), and a caller without one must not get
    // the proxy to parse a body at all (docs/security.md#s6). Then what it holds with the app the
    // browser uses now: without a vault cookie, the session as read (byo/effective-app.ts).
    const session = await cookies.readSession(call)
    const pendingConnection = ctx.apps.connection(call, session, call.trace)
    const connection =
      pendingConnection instanceof Promise ? await pendingConnection : pendingConnection
    const { accessToken, baseUrl } = connection
    if (endpoint.needsSession && accessToken === null) {
      return refusalAnswer(call.headers, {
        status: 401,
        code: 'not_connected',
        message: `${operation} needs a connected account: connect first.`,
      })
    }
    // Before anything is sent: a bad body never costs a call.
    const pendingBody = readApiBody(endpoint, request, counted)
    const body = pendingBody instanceof Promise ? await pendingBody : pendingBody
    if (!body.ok) {
      return refusalAnswer(call.headers, {
        status: body.status,
        code: 'bad_request',
        message: body.message,
      })
    }

    const headers = serviceHeaders(config, accessToken, requestIdOf(request.headers))
    if (accessToken !== null) noteSecrets(call.trace, accessToken)
    // Re-serialised by readApiBody: the service gets the proxy's JSON, not the browser's bytes.
    if (body.json !== undefined) headers['Content-Type'] = 'application/json'
    // The remembered URL is on the operator's base; a browser's own service builds its own.
    const url =
      baseUrl === config.baseUrl
        ? (match.upstreamUrl ?? buildUpstreamUrl(baseUrl, match.path, match.search))
        : buildUpstreamUrl(baseUrl, match.path, match.search)
    const sent: Sent = { operation, endpoint, hasSession: accessToken !== null, url, body, headers }
    const started = performance.now()
    let response
    try {
      response = await ctx.upstream({
        method: endpoint.method,
        url,
        headers,
        ...(body.json === undefined ? {} : { body: body.json }),
        timeoutMs: config.upstreamTimeoutMs,
        maxBytes: MAX_UPSTREAM_BYTES,
      })
    } catch (error) {
      noteStep(call.trace, () =>
        apiStep(sent, 'failed', ['The service did not answer: see the error below.']),
      )
      return refusalAnswer(
        call.headers,
        upstreamRefusal(error, {
          name: 'The service',
          origin: baseUrl.origin,
          timeoutMs: config.upstreamTimeoutMs,
          next: 'The page retries by itself; try again in a moment.',
        }),
      )
    }

    for (const [name, value] of passedHeaders(response.headers)) call.headers[name] = value
    const { status } = response
    // Not through noteStep's function: that closure would cost every call (bench: proxy CPU).
    if (call.trace !== undefined) {
      noteStep(
        call.trace,
        apiStep(sent, status < 400 ? 'passed' : 'failed', apiStatusNotes(status, sent.hasSession), {
          status,
          durationMs: Math.round(performance.now() - started),
          headers: pickHeaders(response.headers, PASSED_HEADERS),
          fields: [],
        }),
      )
    }
    if (status >= 300 && status < 400) {
      // Never followed: the token would travel on to wherever it points (docs/security.md#c3).
      return refusalAnswer(call.headers, {
        status: 502,
        code: 'upstream_invalid',
        message: `The service answered with a redirect (HTTP ${status}); the playground does not follow redirects.`,
      })
    }
    if (status >= 500) {
      return refusalAnswer(call.headers, {
        status: 502,
        code: 'upstream_error',
        message: `The service failed (HTTP ${status}). Try again in a moment.`,
      })
    }
    // Checked to be JSON, then passed on as the service wrote it: no second serialisation.
    if (parseJsonOrUndefined(response.body) === undefined) {
      return refusalAnswer(call.headers, {
        status: 502,
        code: 'upstream_invalid',
        message: `The service answered HTTP ${status} with a body that is not JSON.`,
      })
    }
    if (status === 401 && accessToken !== null) {
      // A missing scope keeps the session; a dead token ends it (scope-failure.ts).
      await settleUpstream401(call, ctx, heldToken(connection, call), {
        endpoint,
        baseUrl,
        body: response.body,
        headers: response.headers,
        requestHeaders: headers,
      })
    }
    call.headers['Content-Type'] = API_ANSWER_TYPE
    return { status, body: response.body }
  }
}

/** Whether the router's path is the forwarded API's, as Hono matches `/api/v2/*`. */
const isForwarded = (path: string) => path === API_BASE || path.startsWith(`${API_BASE}/`)

/** A finished API answer: the status, the headers but Set-Cookie, the Set-Cookie headers, the body. */
export interface ApiAnswer {
  status: number
  headers: Record<string, string>
  setCookies: readonly string[]
  body: string
}

/** The one route of every `/api/*` call (createApiRoute); `path` is the router's, decoded. */
export type ApiRoute = (request: ApiRequest, path: string) => Promise<ApiAnswer>

/**
 * The route of every `/api/*` call, whichever adapter brought it (decision 0012): the Hono app's
 * `/api/*` route (proxy.ts, `apiResponse`) or the Node adapter for a plain GET (api-node.ts).
 * `path` decides between the forwarded API and a 404 as Hono's routes would, and names the call
 * in a failure's log line. It answers every call, an error included: it never throws.
 */
export function createApiRoute(ctx: ProxyContext, check: RequestCheck): ApiRoute {
  const forward = createForwarder(ctx)
  const writeTrace = traceWriter(ctx.config)

  return async (request, path) => {
    const { method } = request
    const call = new ApiCall(
      request.headers.get('Cookie') ?? undefined,
      request.url,
      startTrace(request.headers.get(TRACE_REQUEST_HEADER), ctx.clock),
    )
    let result: Answer
    try {
      const pending = check(request, path, MAX_API_BODY_BYTES, call.cookieHeader)
      const checked = pending instanceof Promise ? await pending : pending
      if (!checked.ok) {
        const { refusal } = checked
        if (refusal.clearsSession === true) ctx.cookies.clearSession(call)
        result = refusalAnswer(call.headers, refusal)
      } else if (isForwarded(path)) {
        result = await forward(request, checked.body, call)
      } else {
        result = refusalAnswer(call.headers, notAnEndpoint(method, path))
      }
    } catch (error) {
      ctx.log(failureLogLine(method, path, requestIdOf(request.headers), error))
      const failure = serverFailure(error)
      Object.assign(call.headers, failure.headers, { 'Content-Type': 'application/json' })
      result = {
        status: failure.status,
        body: JSON.stringify({ status: failure.status, message: failure.message }),
      }
    }
    const { status, body } = result
    const { headers, setCookies } = call
    if (call.trace !== undefined) {
      headers[TRACE_HEADER] = writeTrace(call.trace, {
        method,
        url: call.url,
        status,
        error: headers[PROXY_ERROR_HEADER] ?? null,
        cookieHeader: call.cookieHeader,
        setCookies,
      })
    }
    return { status, headers, setCookies, body }
  }
}

/** An API answer as a Fetch Response, for the Hono app's `/api/*` route (proxy.ts). */
export function apiResponse({ status, headers, setCookies, body }: ApiAnswer): Response {
  if (setCookies.length === 0) return new Response(body, { status, headers })
  // Several Set-Cookie headers: only Fetch Headers carry them one by one.
  const withCookies = new Headers(headers)
  for (const cookie of setCookies) withCookies.append('Set-Cookie', cookie)
  return new Response(body, { status, headers: withCookies })
}
