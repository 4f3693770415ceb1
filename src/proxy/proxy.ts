/**
 * The backend-for-frontend: holds the client secret, exchanges the code, keeps the token in a
 * sealed HttpOnly cookie and forwards an allow-list of API calls. Built by a pure factory: the
 * configuration, the upstream client, the clock and the RNG are injected.
 */
import { randomBytes as nodeRandomBytes } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { logSafe } from '../protocol/log-safe'
import { MAX_API_BODY_BYTES } from './api/api-body'
import { createApiRoutes } from './api/api-routes'
import { createAuthRoutes } from './auth/auth-routes'
import { createClientCodeRoutes } from './auth/client-code-routes'
import type { Config } from './config'
import { NO_STORE_HEADERS, type ProxyContext } from './context'
import { proxyError } from './api/http-errors'
import type { RandomBytes } from './auth/oauth'
import { createSealer } from './auth/seal'
import { createCookieJar } from './auth/session'
import { createFastLane, type FastLane } from './api/fast-lane'
import { flowTraceMiddleware } from './flow-trace'
import { createGuard } from './guards'
import { createMemoryStore } from './store/memory-store'
import { StoreUnavailableError, type StateStore } from './store/state-store'
import type { Upstream } from './api/upstream'

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

const NO_STORE_ENTRIES = Object.entries(NO_STORE_HEADERS)

function setNoStoreHeaders(c: Context): void {
  for (const [name, value] of NO_STORE_ENTRIES) c.header(name, value)
}

/** Every body /auth accepts is a small JSON object: a scope list, a code and a state. */
export const MAX_BODY_BYTES = 16 * 1024

/** The proxy's two doors: its Hono app (every call) and the fast lane in front (fast-lane.ts). */
export interface ProxyServer {
  app: Hono
  fastLane: FastLane
}

/** The proxy as a Hono app alone: the tests' and the benchmarks' in-process calls. */
export function createProxy(options: ProxyOptions): Hono {
  return createProxyServer(options).app
}

export function createProxyServer(options: ProxyOptions): ProxyServer {
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

  // Only /auth and /api are the proxy's: the web app's pages are served beside it (web-app.ts).
  // The trace goes on every answer, refusals included; it is written after the route has run.
  const flowTrace = flowTraceMiddleware(options.config, clock)
  for (const [path, maxBody] of [
    ['/auth/*', MAX_BODY_BYTES],
    ['/api/*', MAX_API_BODY_BYTES],
  ] as const) {
    app.use(path, headersAndLog, flowTrace, createGuard(ctx, maxBody))
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
  return { app, fastLane: createFastLane(ctx) }
}
