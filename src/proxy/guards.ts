/**
 * The checks every /auth and /api request passes before its route, in this order: the Host
 * (DNS rebinding), the body's size, one session cookie only (cookie tossing), then CSRF. Written
 * once, over what a request shows (`RequestLike`), and called by both areas: the /auth routes
 * through one Hono middleware (`guardMiddleware`), the API's route directly (api-routes.ts;
 * decision 0012). Each layer of middleware costs a few promises per call, so /auth has one for
 * all four checks.
 */
import type { Context, Next } from 'hono'
import { createMiddleware } from 'hono/factory'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../protocol/playground-api'
import type { Config } from './config'
import type { ProxyContext } from './context'
import { proxyError, type ProxyRefusal } from './api/http-errors'
import { cookieCallOf } from './auth/session-cookie'

const CLIENT_CODE_AUTHORIZE_PATH = '/auth/client-code/authorize'
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** Distinct request origins whose host is remembered (a flood of others is parsed each time). */
const KNOWN_ORIGINS_SIZE = 64

/**
 * A request the checks refuse. `clearsSession`: it carried two session cookies, and the answer
 * clears every copy the request can reach (session.ts, clearSession).
 */
export type Refusal = ProxyRefusal & { clearsSession?: true }

/**
 * What the checks read of a request: a Fetch Request is one, and so is what the API's Node
 * adapter makes of a plain GET (api-node.ts).
 */
export interface RequestLike {
  readonly method: string
  /** The request's URL, as @hono/node-server builds it from the request line and Host. */
  readonly url: string
  readonly headers: { get(name: string): string | null }
  /** Null for a request without one: the Node adapter attaches none to a GET or HEAD. */
  readonly body: ReadableStream<Uint8Array> | null
}

/**
 * A request that passed, with its body when the checks counted it (it came without a length),
 * or why it did not.
 */
export type Checked = { ok: true; body?: Uint8Array<ArrayBuffer> } | { ok: false; refusal: Refusal }

/**
 * The Host values the proxy answers (DNS rebinding, RFC 9110 §7.4): APP_ORIGIN's host:port,
 * and the listening address itself (the e2e readiness check and the bench call 127.0.0.1).
 */
export function allowedHosts(config: Config): Set<string> {
  const hosts = new Set([new URL(config.appOrigin).host])
  if (config.host !== '0.0.0.0' && config.host !== '::') {
    const host = config.host.includes(':') ? `[${config.host}]` : config.host
    hosts.add(`${host}:${config.port}`)
  }
  return hosts
}

function hostCheck(config: Config): (url: string) => Refusal | null {
  const hosts = allowedHosts(config)
  // The URL's host as the WHATWG parser reads it, remembered by the URL's text up to its path:
  // the host depends on nothing else, and the adapter's URL always has a path.
  const known = new Map<string, string>()
  return (url) => {
    const pathStart = url.indexOf('/', url.indexOf('//') + 2)
    const origin = pathStart === -1 ? url : url.slice(0, pathStart)
    let host = known.get(origin)
    if (host === undefined) {
      try {
        host = new URL(url).host
      } catch {
        // A Host the WHATWG parser refuses (`xn--`, a bad IDNA label) is misdirected too, not a
        // failure of the server (docs/security.md#s9).
        host = '(not a valid host name)'
      }
      if (known.size < KNOWN_ORIGINS_SIZE) known.set(origin, host)
    }
    if (hosts.has(host)) return null
    return {
      status: 421,
      code: 'bad_request',
      message: `This playground answers as ${config.appOrigin} only (Host: ${host.slice(0, 80)}). Open it at that address.`,
    }
  }
}

/**
 * CSRF (docs/security.md#e1 to #e4): a static custom header on every call (a cross-site page cannot
 * add it without a CORS preflight, which is never approved), same-origin fetch metadata, a
 * same-origin Origin on state-changing calls, and JSON bodies only. No CORS headers at all. `path`
 * is the router's (decoded).
 */
function csrfCheck(config: Config): (request: RequestLike, path: string) => Refusal | null {
  return (request, path) => {
    const { method, headers } = request
    // The one navigation endpoint: a new tab opened by the app cannot send the custom header.
    // Its cookie is SameSite=Strict and fetch metadata must say same-origin (checked below).
    const isNavigation = method === 'GET' && path === CLIENT_CODE_AUTHORIZE_PATH
    if (!isNavigation && headers.get(CSRF_HEADER) !== CSRF_HEADER_VALUE) {
      return {
        status: 403,
        code: 'csrf',
        message: `Missing the ${CSRF_HEADER}: ${CSRF_HEADER_VALUE} header: calls must come from the playground's own pages.`,
      }
    }
    const fetchSite = headers.get('Sec-Fetch-Site')
    if (fetchSite !== null && fetchSite !== 'same-origin') {
      return {
        status: 403,
        code: 'csrf',
        message: `Cross-origin calls are refused (Sec-Fetch-Site: ${fetchSite.slice(0, 20)}).`,
      }
    }
    const origin = headers.get('Origin')
    if (UNSAFE_METHODS.has(method)) {
      if (origin !== config.appOrigin) {
        return {
          status: 403,
          code: 'csrf',
          message: `State-changing calls must come from ${config.appOrigin} (Origin: ${(origin ?? 'none').slice(0, 80)}).`,
        }
      }
      const type = headers.get('Content-Type') ?? ''
      if (!/^application\/json\s*(;|$)/i.test(type)) {
        return {
          status: 415,
          code: 'unsupported_media_type',
          message: 'State-changing calls must send Content-Type: application/json.',
        }
      }
    } else if (origin !== null && origin !== config.appOrigin) {
      return {
        status: 403,
        code: 'csrf',
        message: `Cross-origin calls are refused (Origin: ${origin.slice(0, 80)}).`,
      }
    }
    return null
  }
}

/**
 * The body's size, as hono/body-limit checks it: by Content-Length when the request has one
 * (without Transfer-Encoding), otherwise counted while the body streams in, which stops at the
 * limit. Null: too large; the counted body when it was read; undefined when it was not.
 */
async function withinLimit(
  request: RequestLike,
  maxBody: number,
): Promise<Uint8Array<ArrayBuffer> | null | undefined> {
  if (!request.body) return undefined
  const { headers } = request
  if (headers.get('content-length') !== null && headers.get('transfer-encoding') === null) {
    return parseInt(headers.get('content-length') || '0', 10) > maxBody ? null : undefined
  }
  let size = 0
  let buffer = new Uint8Array(0)
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    const offset = size
    size += value.length
    if (size > maxBody) return null
    if (size > buffer.length) {
      const grown = new Uint8Array(Math.min(maxBody, Math.max(size, buffer.length * 2)))
      grown.set(buffer.subarray(0, offset))
      buffer = grown
    }
    buffer.set(value, offset)
  }
  return buffer.subarray(0, size)
}

/** The checks of one request; `cookieHeader` when the caller has read it already. */
export type RequestCheck = (
  request: RequestLike,
  path: string,
  maxBody: number,
  cookieHeader?: string,
) => Checked | Promise<Checked>

/**
 * The four checks, for a body limit per area: /auth takes small objects, /api a document's
 * body (api-body.ts). GET and HEAD carry no body (the Node adapter never attaches one): their
 * checks answer at once, without a promise (bench: proxy CPU per forwarded call).
 */
export function createRequestCheck(ctx: ProxyContext): RequestCheck {
  const hostRefusal = hostCheck(ctx.config)
  const csrfRefusal = csrfCheck(ctx.config)
  // Cookie tossing: cookies ignore ports, so a server on another localhost port can set a
  // second session cookie with a narrower path, which the browser sends first (RFC 6265 §5.4).
  const twoSessionCookies: Refusal = {
    status: 400,
    code: 'bad_request',
    message: `This request carries two ${ctx.cookies.sessionCookieName} cookies: another site on this host (a different port) set one. Both were cleared; connect again.`,
    clearsSession: true,
  }
  const afterBody = (
    request: RequestLike,
    path: string,
    cookieHeader: string | undefined,
    body?: Uint8Array<ArrayBuffer>,
  ): Checked => {
    const refusal = ctx.cookies.hasDuplicateSessionCookie(cookieHeader)
      ? twoSessionCookies
      : csrfRefusal(request, path)
    if (refusal !== null) return { ok: false, refusal }
    return body === undefined ? { ok: true } : { ok: true, body }
  }
  return (request, path, maxBody, cookieHeader = request.headers.get('Cookie') ?? undefined) => {
    const refusal = hostRefusal(request.url)
    if (refusal !== null) return { ok: false, refusal }
    if (request.method === 'GET' || request.method === 'HEAD') {
      return afterBody(request, path, cookieHeader)
    }
    return withinLimit(request, maxBody).then((read) =>
      read === null
        ? {
            ok: false,
            refusal: {
              status: 413,
              code: 'payload_too_large',
              message: `The request body is larger than ${maxBody} bytes: send a smaller one.`,
            },
          }
        : afterBody(request, path, cookieHeader, read),
    )
  }
}

/**
 * The checks as the /auth routes' middleware: a refusal is answered in the proxy's error shape
 * (a tossed session cookie cleared first); a request that passes goes on, its body buffered
 * when the checks counted it.
 */
export function guardMiddleware(ctx: ProxyContext, check: RequestCheck, maxBody: number) {
  const settle = (c: Context, next: Next, checked: Checked): Promise<Response | void> => {
    if (checked.ok) {
      // The body the checks read, for the route to read again (as hono/body-limit does).
      if (checked.body !== undefined) c.req.raw = new Request(c.req.raw, { body: checked.body })
      return next()
    }
    const { refusal } = checked
    if (refusal.clearsSession === true) ctx.cookies.clearSession(cookieCallOf(c))
    return Promise.resolve(proxyError(c, refusal.status, refusal.code, refusal.message))
  }
  // Not an async function: a request that passes pays no promise of its own here.
  return createMiddleware((c, next) => {
    const checked = check(c.req.raw, c.req.path, maxBody)
    return checked instanceof Promise
      ? checked.then((result) => settle(c, next, result))
      : settle(c, next, checked)
  })
}
