/**
 * The checks every /auth and /api request passes before its route, in this order: the Host
 * (DNS rebinding), the body's size, one session cookie only (cookie tossing), then CSRF. One
 * Hono middleware for all four: each layer of middleware costs a few promises per call, twice
 * over when the proxy is mounted in the server's app with its own onError (bench: proxy CPU per
 * forwarded call, bench/profile-proxy.ts).
 */
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../protocol/playground-api'
import type { Config } from './config'
import type { ProxyContext } from './context'
import { proxyError } from './api/http-errors'

const CLIENT_CODE_AUTHORIZE_PATH = '/auth/client-code/authorize'
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** Distinct request origins whose host is remembered (a flood of others is parsed each time). */
const KNOWN_ORIGINS_SIZE = 64

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

function hostCheck(config: Config): (c: Context) => Response | null {
  const hosts = allowedHosts(config)
  // The URL's host as the WHATWG parser reads it, remembered by the URL's text up to its path:
  // the host depends on nothing else, and the adapter's URL always has a path.
  const known = new Map<string, string>()
  return (c) => {
    const url = c.req.url
    const pathStart = url.indexOf('/', url.indexOf('//') + 2)
    const origin = pathStart === -1 ? url : url.slice(0, pathStart)
    let host = known.get(origin)
    if (host === undefined) {
      host = new URL(url).host
      if (known.size < KNOWN_ORIGINS_SIZE) known.set(origin, host)
    }
    if (hosts.has(host)) return null
    return proxyError(
      c,
      421,
      'bad_request',
      `This playground answers as ${config.appOrigin} only (Host: ${host.slice(0, 80)}). Open it at that address.`,
    )
  }
}

/**
 * CSRF (docs/security.md#e1 to #e4): a static custom header on every call (a cross-site page cannot
 * add it without a CORS preflight, which is never approved), same-origin fetch metadata, a
 * same-origin Origin on state-changing calls, and JSON bodies only. No CORS headers at all.
 */
function csrfCheck(config: Config): (c: Context) => Response | null {
  return (c) => {
    // The one navigation endpoint: a new tab opened by the app cannot send the custom header.
    // Its cookie is SameSite=Strict and fetch metadata must say same-origin (checked below).
    const isNavigation = c.req.method === 'GET' && c.req.path === CLIENT_CODE_AUTHORIZE_PATH
    if (!isNavigation && c.req.header(CSRF_HEADER) !== CSRF_HEADER_VALUE) {
      return proxyError(
        c,
        403,
        'csrf',
        `Missing the ${CSRF_HEADER}: ${CSRF_HEADER_VALUE} header: calls must come from the playground's own pages.`,
      )
    }
    const fetchSite = c.req.header('Sec-Fetch-Site')
    if (fetchSite !== undefined && fetchSite !== 'same-origin') {
      return proxyError(
        c,
        403,
        'csrf',
        `Cross-origin calls are refused (Sec-Fetch-Site: ${fetchSite.slice(0, 20)}).`,
      )
    }
    const origin = c.req.header('Origin')
    if (UNSAFE_METHODS.has(c.req.method)) {
      if (origin !== config.appOrigin) {
        return proxyError(
          c,
          403,
          'csrf',
          `State-changing calls must come from ${config.appOrigin} (Origin: ${(origin ?? 'none').slice(0, 80)}).`,
        )
      }
      const type = c.req.header('Content-Type') ?? ''
      if (!/^application\/json\s*(;|$)/i.test(type)) {
        return proxyError(
          c,
          415,
          'unsupported_media_type',
          'State-changing calls must send Content-Type: application/json.',
        )
      }
    } else if (origin !== undefined && origin !== config.appOrigin) {
      return proxyError(
        c,
        403,
        'csrf',
        `Cross-origin calls are refused (Origin: ${origin.slice(0, 80)}).`,
      )
    }
    return null
  }
}

/**
 * The four checks for one area. The body limit is checked against Content-Length, or counted
 * while a chunked body streams in, which stops at the limit; per area: /auth takes small
 * objects, /api a document's body (api-body.ts).
 */
export function createGuard(ctx: ProxyContext, maxBody: number) {
  const hostRefusal = hostCheck(ctx.config)
  const csrfRefusal = csrfCheck(ctx.config)
  // Cookie tossing: cookies ignore ports, so a server on another localhost port can set a
  // second session cookie with a narrower path, which the browser sends first (RFC 6265 §5.4).
  // The request is refused and every copy this request can reach is cleared (session.ts).
  const duplicateCookieRefusal = (c: Context): Response | null => {
    if (!ctx.cookies.hasDuplicateSessionCookie(c)) return null
    ctx.cookies.clearSession(c)
    return proxyError(
      c,
      400,
      'bad_request',
      `This request carries two ${ctx.cookies.sessionCookieName} cookies: another site on this host (a different port) set one. Both were cleared; connect again.`,
    )
  }
  const limit = bodyLimit({
    maxSize: maxBody,
    onError: (c) =>
      proxyError(
        c,
        413,
        'payload_too_large',
        `The request body is larger than ${maxBody} bytes: send a smaller one.`,
      ),
  })
  const afterLimit = (c: Context) => duplicateCookieRefusal(c) ?? csrfRefusal(c)
  // Not an async function: a request that passes pays no promise of its own here.
  return createMiddleware((c, next) => {
    const refusal = hostRefusal(c)
    if (refusal !== null) return Promise.resolve(refusal)
    // GET and HEAD carry no body (the Node adapter never attaches one): they skip the limit,
    // which would otherwise make the adapter build a whole Fetch Request to look (bench: proxy
    // throughput, bench/profile-proxy.ts).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') {
      const later = afterLimit(c)
      return later === null ? next() : Promise.resolve(later)
    }
    // bodyLimit answers its own refusal, or what its next() resolves to, which must be void:
    // a refusal of the later checks is made the response here.
    return limit(c, async () => {
      const later = afterLimit(c)
      if (later === null) await next()
      else c.res = later
    })
  })
}
