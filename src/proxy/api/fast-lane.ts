/**
 * The fast lane for the proxy's most frequent call: a connected page reading the service
 * (`GET /api/v2/…`), served on node:http before Hono runs.
 *
 * It takes a call only when each check of the full route would pass without a word: the Host,
 * the CSRF header and fetch metadata, exactly one session cookie holding a live session that is
 * not ended and not due for a touch, an allow-listed read, no trace asked for. It then answers
 * only a plain pass-through (a JSON answer that is not a redirect, a 401 or a 5xx). Everything
 * else goes to the full route (proxy.ts), which says why:
 * - a call the lane does not take goes there untouched, before anything is sent;
 * - after the service answered, the call goes there with the service's answer (`takeHandover`),
 *   so that it is never sent twice (handover.ts).
 * The lane's answers are the full route's, header for header: fast-lane.test.ts sends each call
 * both ways and compares. Why it exists: the full route's Hono layers (the adapter's Request,
 * the middleware chain, Fetch Headers for the answer) cost about two fifths of the proxy's CPU
 * per forwarded call (bench: proxy throughput over the floor, `npm run bench -- --only=proxy`;
 * decision 0012).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../protocol/playground-api'
import { TRACE_REQUEST_HEADER } from '../../protocol/trace-request'
import { buildUpstreamUrl, matchForwardedCall } from './allow-list'
import { API_BASE, passedHeaders, passesThrough, serviceHeaders } from './api-routes'
import { API_ANSWER_TYPE, MAX_UPSTREAM_BYTES, NO_STORE_HEADERS, type ProxyContext } from '../context'
import { allowedHosts } from '../guards'
import { parseJsonOrUndefined } from '../json-body'
import { remember } from '../auth/session-cookie'
import { handOver, type Outcome } from './handover'

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void

export interface FastLane {
  /** Serves the call, or leaves it to `route` (the full route's listener). */
  serve(req: IncomingMessage, res: ServerResponse, route: NodeListener): void
  /** Calls the lane answered itself (fast-lane.test.ts checks that it does). */
  readonly served: number
}

/**
 * The request headers the checks read. A lane call carries each at most once: with two, Node
 * and the adapter could read different values, and the full route decides instead.
 */
const CHECKED_HEADERS = new Set(
  [
    'host',
    'cookie',
    'origin',
    'sec-fetch-site',
    CSRF_HEADER,
    TRACE_REQUEST_HEADER,
    'content-length',
    'transfer-encoding',
  ].map((name) => name.toLowerCase()),
)

function hasRepeatedCheckedHeader(rawHeaders: readonly string[]): boolean {
  const seen = new Set<string>()
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = (rawHeaders[index] ?? '').toLowerCase()
    if (!CHECKED_HEADERS.has(name)) continue
    if (seen.has(name)) return true
    seen.add(name)
  }
  return false
}

/** What every target the lane takes starts with. */
const API_PREFIX = `${API_BASE}/`

/** Targets remembered (the allow-listed reads a page makes), and the longest one kept. */
const TARGETS_SIZE = 256
const MAX_REMEMBERED_TARGET = 512

export function createFastLane(ctx: ProxyContext): FastLane {
  const { config } = ctx
  const hosts = allowedHosts(config)
  const csrfHeader = CSRF_HEADER.toLowerCase()
  const traceHeader = TRACE_REQUEST_HEADER.toLowerCase()
  let served = 0

  /** The call as the route would read it, when the checks before the session all pass. */
  function claim(req: IncomingMessage) {
    const target = req.url ?? ''
    const headers = req.headers
    if (
      req.method !== 'GET' ||
      !target.startsWith(API_PREFIX) ||
      // The router decodes the path, the log line shows it decoded: such calls take the route.
      target.includes('%') ||
      !hosts.has(headers.host ?? '') ||
      headers[csrfHeader] !== CSRF_HEADER_VALUE ||
      (headers['sec-fetch-site'] !== undefined && headers['sec-fetch-site'] !== 'same-origin') ||
      (headers.origin !== undefined && headers.origin !== config.appOrigin) ||
      headers[traceHeader] !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      (headers['content-length'] !== undefined && headers['content-length'] !== '0') ||
      hasRepeatedCheckedHeader(req.rawHeaders)
    ) {
      return null
    }
    return readTarget(target)
  }

  /**
   * What a target means for the lane: its path, and the service's URL for it; null when the
   * route must read it. It depends on the target's text alone, and a page asks for the same few
   * again and again: remembered, a bounded number (as session-cookie.ts remembers headers).
   */
  const targets = new Map<string, { path: string; upstreamUrl: URL } | null>()
  function readTarget(target: string) {
    const known = targets.get(target)
    if (known !== undefined) return known
    const read = parseTarget(target)
    if (target.length <= MAX_REMEMBERED_TARGET) remember(targets, target, read, TARGETS_SIZE)
    return read
  }
  function parseTarget(target: string) {
    try {
      // The route reads the path through the URL parser: a target it would rewrite (dot
      // segments, a fragment) takes the route.
      const url = new URL(target, config.appOrigin)
      const path = url.pathname
      const match = matchForwardedCall('GET', path.slice(API_BASE.length), url.searchParams)
      if (`${path}${url.search}` !== target || !match.ok || match.endpoint.hasBody) return null
      // Never changed by the upstream client: one URL serves every call of the target.
      return { path, upstreamUrl: buildUpstreamUrl(config.baseUrl, match.path, match.search) }
    } catch {
      // A URL that leaves the configured base: the route refuses it and says so (onError).
      return null
    }
  }

  async function forward(
    req: IncomingMessage,
    res: ServerResponse,
    route: NodeListener,
    call: NonNullable<ReturnType<typeof claim>>,
  ): Promise<void> {
    const started = performance.now()
    const url = call.upstreamUrl
    let session
    try {
      session = await ctx.cookies.settledSession(req.headers.cookie)
    } catch {
      // The store failed: the route fails closed and says so (proxy.ts, onError: a 503 that
      // names the store).
      route(req, res)
      return
    }
    if (session === null) {
      route(req, res)
      return
    }
    let outcome: Outcome
    try {
      const response = await ctx.upstream({
        method: 'GET',
        url,
        headers: serviceHeaders(config, session.accessToken),
        timeoutMs: config.upstreamTimeoutMs,
        maxBytes: MAX_UPSTREAM_BYTES,
      })
      outcome = { ok: true, response }
    } catch (error) {
      outcome = { ok: false, error }
    }
    if (
      !outcome.ok ||
      !passesThrough(outcome.response.status, true) ||
      parseJsonOrUndefined(outcome.response.body) === undefined
    ) {
      handOver(req, url, outcome)
      route(req, res)
      return
    }
    const { status, headers, body } = outcome.response
    // The route's answer (api-routes.ts): the no-store headers, the passed ones, its type.
    const answer: Record<string, string | number> = { ...NO_STORE_HEADERS }
    for (const [name, value] of passedHeaders(headers)) answer[name] = value
    answer['Content-Type'] = API_ANSWER_TYPE
    answer['Content-Length'] = Buffer.byteLength(body)
    try {
      res.writeHead(status, answer)
    } catch {
      // A passed header Node will not write (a control character): nothing was sent yet, and
      // the route decides what such an answer gets.
      handOver(req, url, outcome)
      route(req, res)
      return
    }
    res.end(body)
    served += 1
    ctx.log(`proxy GET ${call.path} ${status} ${Math.round(performance.now() - started)}ms`)
  }

  return {
    serve(req, res, route) {
      const call = claim(req)
      if (call === null) route(req, res)
      else {
        // Nothing in forward() is expected to throw; if something does, the route answers (its
        // onError), rather than a rejection nobody handles ending the process.
        forward(req, res, route, call).catch(() => {
          if (!res.headersSent) route(req, res)
        })
      }
    },
    get served() {
      return served
    },
  }
}
