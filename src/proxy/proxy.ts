/**
 * The backend-for-frontend: holds the client secret, exchanges the code, keeps the token in a
 * sealed HttpOnly cookie and forwards an allow-list of API calls. Built by a pure factory: the
 * configuration, the upstream client, the clock and the RNG are injected.
 */
import { randomBytes as nodeRandomBytes } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { logSafe } from '../protocol/log-safe'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../protocol/playground-api'
import { MAX_API_BODY_BYTES } from './api-body'
import { createApiRoutes } from './api-routes'
import { createAuthRoutes } from './auth-routes'
import { createClientCodeRoutes } from './client-code-routes'
import type { Config } from './config'
import type { ProxyContext } from './context'
import { proxyError } from './http-errors'
import type { RandomBytes } from './oauth'
import { createSealer } from './seal'
import { createCookieJar } from './session'
import { flowTraceMiddleware } from './flow-trace'
import { createMemoryStore } from './store/memory-store'
import { StoreUnavailableError, type StateStore } from './store/state-store'
import type { Upstream } from './upstream'

export interface ProxyOptions {
  config: Config
  upstream: Upstream
  clock?: () => number
  randomBytes?: RandomBytes
  /** One line per request: method, path without query, status, time. Never codes, states or tokens. */
  log?: (line: string) => void
  /** What the proxy remembers between requests; shared by every replica (state-store.ts). */
  store?: StateStore
}

function setNoStoreHeaders(c: Context): void {
  c.header('Cache-Control', 'no-store')
  c.header('Pragma', 'no-cache')
  c.header('X-Content-Type-Options', 'nosniff')
  c.header('Referrer-Policy', 'no-referrer')
}

const CLIENT_CODE_AUTHORIZE_PATH = '/auth/client-code/authorize'
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** Every body /auth accepts is a small JSON object: a scope list, a code and a state. */
export const MAX_BODY_BYTES = 16 * 1024

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

export function createProxy(options: ProxyOptions): Hono {
  const clock = options.clock ?? Date.now
  const store = options.store ?? createMemoryStore({ clock })
  const sink = options.log ?? (() => undefined)
  const ctx: ProxyContext = {
    config: options.config,
    upstream: options.upstream,
    clock,
    randomBytes: options.randomBytes ?? nodeRandomBytes,
    // Every log line goes through logSafe: a path or a header value cannot forge a line or
    // drive the terminal with control characters (OWASP Logging Cheat Sheet).
    log: (line) => sink(logSafe(line)),
    store,
    cookies: createCookieJar(
      options.config,
      createSealer(options.config.sessionSecret, clock),
      clock,
      store,
    ),
  }
  const app = new Hono()

  const headersAndLog = createMiddleware(async (c, next) => {
    const started = performance.now()
    // Set before the handler runs, so that c.json()/c.body() build the response with them.
    // Setting a header on a finished response makes Hono copy it into a full Fetch Response,
    // whose body the Node adapter then streams: about a third of the proxy's time per API
    // call (measured with --cpu-prof).
    setNoStoreHeaders(c)
    await next()
    // A response built some other way (new Response(), a library's) did not get them.
    if (c.res.headers.get('X-Content-Type-Options') !== 'nosniff') setNoStoreHeaders(c)
    ctx.log(
      `proxy ${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`,
    )
  })

  const hosts = allowedHosts(options.config)
  const hostCheck = createMiddleware(async (c, next) => {
    const host = new URL(c.req.url).host
    if (hosts.has(host)) return next()
    return proxyError(
      c,
      421,
      'bad_request',
      `This playground answers as ${options.config.appOrigin} only (Host: ${host.slice(0, 80)}). Open it at that address.`,
    )
  })

  // Once, before any route and before anything reads the body: the limit is checked against
  // Content-Length, or counted while a chunked body streams in, which stops at the limit. Per
  // area: /auth takes small objects, /api a document's body (api-body.ts).
  // GET and HEAD carry no body (the Node adapter never attaches one): they skip the check, which
  // would otherwise make the adapter build a whole Fetch Request to look (bench: proxy
  // throughput, bench/profile-proxy.ts).
  const limitBody = (maxSize: number) => {
    const limit = bodyLimit({
      maxSize,
      onError: (c) =>
        proxyError(
          c,
          413,
          'payload_too_large',
          `The request body is larger than ${maxSize} bytes: send a smaller one.`,
        ),
    })
    return createMiddleware(async (c, next) =>
      c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next),
    )
  }

  // Cookie tossing: cookies ignore ports, so a server on another localhost port can set a
  // second session cookie with a narrower path, which the browser sends first (RFC 6265 §5.4).
  // The request is refused and every copy this request can reach is cleared (session.ts).
  const oneSessionCookie = createMiddleware(async (c, next) => {
    if (!ctx.cookies.hasDuplicateSessionCookie(c)) return next()
    ctx.cookies.clearSession(c)
    return proxyError(
      c,
      400,
      'bad_request',
      `This request carries two ${ctx.cookies.sessionCookieName} cookies: another site on this host (a different port) set one. Both were cleared; connect again.`,
    )
  })

  // CSRF (checklist E1–E4): a static custom header on every call (a cross-site page cannot add
  // it without a CORS preflight, which is never approved), same-origin fetch metadata, a
  // same-origin Origin on state-changing calls, and JSON bodies only. No CORS headers at all.
  const csrf = createMiddleware(async (c, next) => {
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
      if (origin !== options.config.appOrigin) {
        return proxyError(
          c,
          403,
          'csrf',
          `State-changing calls must come from ${options.config.appOrigin} (Origin: ${(origin ?? 'none').slice(0, 80)}).`,
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
    } else if (origin !== undefined && origin !== options.config.appOrigin) {
      return proxyError(
        c,
        403,
        'csrf',
        `Cross-origin calls are refused (Origin: ${origin.slice(0, 80)}).`,
      )
    }
    return next()
  })

  // Only /auth and /api are the proxy's: the web app's pages are served beside it (web-app.ts).
  // The trace goes on every answer, refusals included; it is written after the route has run.
  const flowTrace = flowTraceMiddleware(options.config, clock)
  for (const [path, maxBody] of [
    ['/auth/*', MAX_BODY_BYTES],
    ['/api/*', MAX_API_BODY_BYTES],
  ] as const) {
    app.use(path, headersAndLog, flowTrace, hostCheck, limitBody(maxBody), oneSessionCookie, csrf)
  }

  const notAnEndpoint = (c: Context) =>
    proxyError(c, 404, 'not_allowed', `${c.req.method} ${c.req.path} is not a playground endpoint.`)
  app.route('/auth/client-code', createClientCodeRoutes(ctx))
  app.route('/auth', createAuthRoutes(ctx))
  app.route('/api/v2', createApiRoutes(ctx))
  app.all('/auth/*', notAnEndpoint)
  app.all('/api/*', notAnEndpoint)

  app.onError((error, c) => {
    // The name only: a message could quote request data.
    ctx.log(`proxy error ${c.req.method} ${c.req.path}: ${error.name}`)
    // Fail closed: without the store an ended session or a spent attempt would look live.
    if (error instanceof StoreUnavailableError) {
      c.header('Retry-After', '5')
      return c.json(
        {
          status: 503,
          message: `The playground's ${error.store} store is unavailable: the request was refused rather than run without it; try again shortly.`,
        },
        503,
      )
    }
    return c.json(
      {
        status: 500,
        message: 'The playground server failed unexpectedly; its log has the details.',
      },
      500,
    )
  })
  return app
}
