/**
 * The backend-for-frontend: holds the client secret, exchanges the code, keeps the token in a
 * sealed HttpOnly cookie and forwards an allow-list of API calls. Built by a pure factory: the
 * configuration, the upstream client, the clock and the RNG are injected.
 */
import { randomBytes as nodeRandomBytes } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { logSafe } from '../protocol/log-safe'
import { apiResponse, createApiRoute, type ApiRoute } from './api/api-routes'
import { createAuthRoutes } from './auth/auth-routes'
import { createClientCodeRoutes } from './auth/client-code-routes'
import { createAppRoutes } from './byo/app-routes'
import { createLabEditorRoutes } from './lab/editor-routes'
import { createApps } from './byo/effective-app'
import { createVaultStore } from './byo/vault'
import { createLabRoutes } from './lab/lab-routes'
import type { Config } from './config'
import {
  NO_PROXY_EVENTS,
  NO_STORE_HEADERS,
  failureLogLine,
  type ProxyContext,
  type ProxyEvents,
} from './context'
import { notAnEndpoint, proxyError, serverFailure } from './api/http-errors'
import type { RandomBytes } from './auth/oauth'
import { createSealer } from './auth/seal'
import { createCookieJar } from './auth/session'
import { flowTraceMiddleware } from './flow-trace'
import { createRequestCheck, guardMiddleware } from './guards'
import { requestIdOf } from './request-id'
import { createMemoryStore } from './store/memory-store'
import { serviceDownRefusal, type ServiceProbe } from './service-probe'
import type { StateStore } from './store/state-store'
import type { Upstream } from './api/upstream'

export interface ProxyOptions {
  config: Config
  upstream: Upstream
  clock?: () => number
  randomBytes?: RandomBytes
  /**
   * A line for an error no route handled: method, path without query, the request's id, the
   * error's name. Never codes, states or tokens. The line per request is the server's
   * (src/server/request-log.ts), which sees every request, the API's fast door included.
   */
  log?: (line: string) => void
  /** Told when a session opens or ends (the server's metrics); nobody by default. */
  events?: ProxyEvents
  /** What the proxy remembers between requests; shared by every replica (state-store.ts). */
  store?: StateStore
  /**
   * Whether the service answers (service-probe.ts), asked before a login sends the browser to
   * it. The server passes one; without it a login is started whatever the service's state.
   */
  serviceProbe?: ServiceProbe
}

const NO_STORE_ENTRIES = Object.entries(NO_STORE_HEADERS)

function setNoStoreHeaders(c: Context): void {
  for (const [name, value] of NO_STORE_ENTRIES) c.header(name, value)
}

/** Every body /auth accepts is a small JSON object: a scope list, a code and a state. */
export const MAX_BODY_BYTES = 16 * 1024

/**
 * The proxy: its Hono app, which answers every /auth and /api call, and its API route, which the
 * server also reaches from node:http for a plain GET (api/api-node.ts, src/server/dispatch.ts).
 */
export interface ProxyServer {
  app: Hono
  api: ApiRoute
}

/** The proxy's Hono app alone: in-process calls (the tests), through the same routes. */
export function createProxy(options: ProxyOptions): Hono {
  return createProxyServer(options).app
}

export function createProxyServer(options: ProxyOptions): ProxyServer {
  const clock = options.clock ?? Date.now
  const store = options.store ?? createMemoryStore({ clock })
  const sink = options.log ?? (() => undefined)
  const sealer = createSealer(options.config.sessionSecret, clock)
  const randomBytes = options.randomBytes ?? nodeRandomBytes
  const vaults = createVaultStore({ config: options.config, sealer, store, clock, randomBytes })
  const ctx: ProxyContext = {
    config: options.config,
    upstream: options.upstream,
    clock,
    randomBytes,
    // Every log line goes through logSafe: a path or a header value cannot forge a line or
    // drive the terminal with control characters (OWASP Logging Cheat Sheet).
    log: (line) => sink(logSafe(line)),
    store,
    serviceProbe: options.serviceProbe ?? null,
    events: options.events ?? NO_PROXY_EVENTS,
    cookies: createCookieJar(options.config, sealer, clock, store),
    apps: createApps(options.config, vaults),
  }
  const app = new Hono()

  const noStoreHeaders = createMiddleware(async (c, next) => {
    // Set before the handler runs, so that c.json()/c.body() build the response with them.
    // Setting a header on a finished response makes Hono copy it into a full Fetch Response,
    // whose body the Node adapter then streams: about a third of the proxy's time per API
    // call (measured with --cpu-prof).
    setNoStoreHeaders(c)
    await next()
    // A response built some other way (new Response(), a library's) did not get them.
    if (c.res.headers.get('X-Content-Type-Options') !== 'nosniff') setNoStoreHeaders(c)
  })

  // Only /auth and /api are the proxy's: the web app's pages are served beside it (web-app.ts).
  // The checks are the same for both (guards.ts). /auth: Hono middleware, the trace on every
  // answer, refusals included, written after the route has run.
  const check = createRequestCheck(ctx)
  app.use(
    '/auth/*',
    noStoreHeaders,
    flowTraceMiddleware(options.config, clock),
    guardMiddleware(ctx, check, MAX_BODY_BYTES),
  )
  // A login sends the browser to the service's sign-in page: not while nobody answers there,
  // where it would land on a refused connection (service-probe.ts, e2e/service-down.spec.ts).
  const whileServiceDown = createMiddleware(async (c, next) => {
    const down = c.req.method === 'POST' ? await serviceDownRefusal(ctx.serviceProbe) : null
    if (down === null) return next()
    return proxyError(c, down.status, down.code, down.message)
  })
  app.use('/auth/start', whileServiceDown)
  app.use('/auth/client-code/start', whileServiceDown)
  app.use('/auth/lab/start', whileServiceDown)
  app.route('/auth/client-code', createClientCodeRoutes(ctx))
  app.route('/auth/app', createAppRoutes(ctx))
  // The flow lab: the editor's run works with any service (it only does what a client does);
  // the scenarios' GET always answers, their runs exist with the embedded emulator only
  // (docs/decisions/0016-flow-lab.md). FLOW_LAB=off takes both away.
  app.route(
    '/auth/lab',
    createLabEditorRoutes(ctx, { sealer, enabled: ctx.config.flowLab === 'on' }),
  )
  app.route('/auth/lab', createLabRoutes(ctx))
  app.route('/auth', createAuthRoutes(ctx))
  app.all('/auth/*', (c) => {
    const { status, code, message } = notAnEndpoint(c.req.method, c.req.path)
    return proxyError(c, status, code, message)
  })
  // /api: one route does all of it, for every API call (api-routes.ts; decision 0012). Here for
  // what the Node adapter of the server does not take, and for in-process calls.
  const api = createApiRoute(ctx, check)
  app.all('/api/*', async (c) => apiResponse(await api(c.req.raw, c.req.path)))

  app.onError((error, c) => {
    ctx.log(failureLogLine(c.req.method, c.req.path, requestIdOf(c.req.raw.headers), error))
    const failure = serverFailure(error)
    for (const [name, value] of Object.entries(failure.headers)) c.header(name, value)
    return c.json({ status: failure.status, message: failure.message }, failure.status)
  })
  return { app, api }
}
