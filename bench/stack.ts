/**
 * The benchmark's own stack, on ephemeral ports (two runs, or a run beside the dev server or the
 * e2e suite, never collide):
 * the emulator with a rate limit no benchmark reaches and the production composition (proxy beside
 * the built web app, as `npm start` serves it). The floor, a minimal node:http forwarder, is
 * here too; the load test runs it and a second composition in a process of their own
 * (forwarders.ts). Everything listens on loopback and `close()` stops all of it.
 */
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { seedApps } from '../src/emulator/seed'
import { startEmulator, type RunningEmulator } from '../src/emulator/start'
import { authorizeThroughPages } from '../src/testing/emulator-pages'
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  StartLoginResponseSchema,
} from '../src/protocol/playground-api'
import { TokenResponseSchema } from '../src/protocol/schemas'
import { configSecrets, loadConfig, type Config } from '../src/proxy/config'
import { createProxyServer } from '../src/proxy/proxy'
import { createServerListener } from '../src/server/dispatch'
import { createLogger } from '../src/server/logger'
import { createMetrics } from '../src/server/metrics'
import { instanceName, observeRequests } from '../src/server/request-log'
import { createRouteLabeler, proxyAuthPaths } from '../src/server/route-label'
import { createHttpUpstream } from '../src/proxy/api/upstream'
import { createWebApp } from '../src/proxy/shell/web-app'

export const SESSION_COOKIE = 'pg_session'
export const DEMO_LOGIN = 'alice'
/** alice's id in the emulator's seed (src/emulator/seed.ts): her teams are asked for by id. */
export const DEMO_USER_ID = 1001
export const DEMO_NAME = 'Alice Chen'

export interface BenchStack {
  config: Config
  emulator: RunningEmulator
  /** The app's origin for browsers (localhost), and the same server for Node (127.0.0.1). */
  appOrigin: string
  appUrl: string
  /** The environment `config` was loaded from: another process loads the same (forwarders.ts). */
  configEnv: Record<string, string>
  close(): Promise<void>
}

/** Listens on a free loopback port; answers its URL. */
export async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/**
 * A server on a free loopback port before its handler exists (503 until `serve`): for a server
 * whose configuration names its own port.
 */
async function listenFirst() {
  let listener: http.RequestListener = (_req, res) => res.writeHead(503).end()
  const server = http.createServer((req, res) => listener(req, res))
  const url = await listen(server)
  return {
    server,
    url,
    serve(handler: http.RequestListener) {
      listener = handler
    },
  }
}

export function closeServer(server: http.Server): Promise<void> {
  // Keep-alive sockets (the load generator's, the browser's) would otherwise hold close() open.
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}

export async function startBenchStack(appDir: string): Promise<BenchStack> {
  const closers: (() => Promise<void> | void)[] = []
  const close = async () => {
    for (const closer of closers.reverse()) await closer()
  }
  try {
    // The app's port first: the redirect URI the emulator registers names it.
    const app = await listenFirst()
    const appUrl = app.url
    closers.push(() => closeServer(app.server))
    const appOrigin = `http://localhost:${new URL(appUrl).port}`

    const emulator = await startEmulator({
      port: 0,
      host: '127.0.0.1',
      options: {
        apps: seedApps({ webRedirectUri: `${appOrigin}/callback` }),
        // The default 5000 per hour would stop the load test within a second.
        rateLimit: { limit: 1_000_000_000, windowMs: 3_600_000 },
      },
    })
    closers.push(() => emulator.close())

    const configEnv = {
      APP_ORIGIN: appOrigin,
      EMULATOR_PORT: new URL(emulator.url).port,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
    }
    const config = loadConfig(configEnv)
    if (config.redirectUri !== `${appOrigin}/callback` || config.authUrl.origin !== emulator.url) {
      throw new Error(`the bench stack's configuration does not match its servers`)
    }

    const composed = composeServer(config, appDir)
    closers.push(composed.close)
    app.serve(composed.listener)
    return { config, configEnv, emulator, appOrigin: config.appOrigin, appUrl, close }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * The production composition of src/server.ts: the proxy, then the built app beside it, its line
 * per request (src/server/request-log.ts), written through the server's logger, scrubbing
 * included, and, as there, its metrics only with METRICS_PORT set in the environment
 * (`METRICS_PORT=9464 npm run bench -- --only=proxy` counts them; nothing listens on the port).
 * Only the log's bytes are discarded, so the bench's output stays readable.
 */
export function composeServer(config: Config, appDir: string) {
  const metrics = (process.env.METRICS_PORT ?? '') === '' ? null : createMetrics()
  const upstream = createHttpUpstream({ observer: metrics?.upstream ?? null })
  const log = createLogger({
    format: 'text',
    secrets: configSecrets(config),
    instance: instanceName(null),
    destination: new Writable({ write: (_chunk, _encoding, done) => done() }),
  })
  const proxy = createProxyServer({
    config,
    upstream,
    log: (line) => log.error(line),
    ...(metrics === null ? {} : { events: metrics.proxy }),
  })
  const listener = observeRequests(
    createServerListener(proxy, createWebApp({ root: appDir, config })),
    { log, metrics, routeOf: createRouteLabeler(proxyAuthPaths(proxy.app.routes)) },
  )
  return { listener, close: () => upstream.close() }
}

/**
 * composeServer on a loopback port of its own, in the calling process: the port first, since the
 * configuration names it (the proxy answers its listening address as well as APP_ORIGIN's,
 * src/proxy/guards.ts allowedHosts). `env` is a stack's configEnv, with any overrides.
 */
export async function listenComposed(env: Record<string, string>, appDir: string) {
  const { server, url, serve } = await listenFirst()
  const config = loadConfig({ ...env, HOST: '127.0.0.1', PORT: new URL(url).port })
  const composed = composeServer(config, appDir)
  serve(composed.listener)
  return {
    url,
    config,
    close: async () => {
      await closeServer(server)
      await composed.close()
    },
  }
}

/** The floor: the least a forwarding proxy does (pipe, keep-alive, add the token). */
export function createFloorProxy(target: URL, token: string): http.Server {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  const server = http.createServer((req, res) => {
    const forwarded = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        agent,
        headers: {
          Accept: 'application/json',
          'User-Agent': 'bench-floor-proxy',
          'X-Auth-Token': token,
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    forwarded.on('error', () => res.writeHead(502).end())
    req.pipe(forwarded)
  })
  server.on('close', () => agent.destroy())
  return server
}

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((header) => header.split(';')[0] ?? '')
}

/**
 * The scopes the profile's panels need: the page is measured as a user who granted them sees it.
 * (Without them each panel gets the service's 403, which Chrome logs as a console error, and
 * Lighthouse's Best Practices counts it.)
 */
const PROFILE_SCOPES = ['repo:read', 'group:read']

/**
 * A login through the running proxy up to the service's answer: started, signed in, consented.
 * Answers the code, the state, the transaction's cookies (`name=value`) and the callback's URL
 * as the service redirects to it.
 */
export async function startLoginThroughProxy(
  stack: BenchStack,
  scopes: readonly string[] = PROFILE_SCOPES,
) {
  const response = await fetch(`${stack.appUrl}/auth/start`, {
    method: 'POST',
    headers: {
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      Origin: stack.appOrigin,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ scopes }),
  })
  if (response.status !== 200) throw new Error(`POST /auth/start answered ${response.status}`)
  const body = StartLoginResponseSchema.parse(await response.json())
  const approved = await authorizeThroughPages(stack.emulator.app, body.authorizeUrl, {
    login: DEMO_LOGIN,
  })
  const callback = new URL(approved.location ?? '', stack.appOrigin)
  const code = callback.searchParams.get('code')
  if (approved.status !== 303 || code === null) {
    throw new Error(`the consent page answered ${approved.status} without a code`)
  }
  return { code, state: body.state, cookies: cookiesOf(response), callbackUrl: callback.href }
}

/** The real flow through the running proxy: start, sign in and consent, exchange. */
export async function connectThroughProxy(
  stack: BenchStack,
  scopes?: readonly string[],
): Promise<SessionCookie[]> {
  const login = await startLoginThroughProxy(stack, scopes)
  const response = await fetch(`${stack.appUrl}/auth/exchange`, {
    method: 'POST',
    headers: {
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      Origin: stack.appOrigin,
      'Content-Type': 'application/json',
      Cookie: login.cookies.join('; '),
    },
    body: JSON.stringify({ code: login.code, state: login.state }),
  })
  // The session cookie and what comes with it (the page-readable connected hint), as set.
  const cookies = response.headers.getSetCookie().map((header) => {
    const [pair = '', ...attributes] = header.split(';')
    const eq = pair.indexOf('=')
    return {
      name: pair.slice(0, eq).trim(),
      value: pair.slice(eq + 1).trim(),
      httpOnly: attributes.some((attribute) => attribute.trim().toLowerCase() === 'httponly'),
    }
  })
  const kept = cookies.filter((cookie) => !cookie.name.startsWith('pg_tx_'))
  if (response.status !== 200 || !kept.some((cookie) => cookie.name === SESSION_COOKIE)) {
    throw new Error(`POST /auth/exchange answered ${response.status} without a session cookie`)
  }
  return kept
}

/** A cookie the exchange set, for a browser context or a Cookie header. */
export interface SessionCookie {
  name: string
  value: string
  httpOnly: boolean
}

export function cookieHeader(cookies: readonly SessionCookie[]): string {
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
}

/** A token of our own for the direct and floor runs: the same flow, exchanged at the emulator. */
export async function tokenFromEmulator(stack: BenchStack): Promise<string> {
  const login = await startLoginThroughProxy(stack)
  const response = await fetch(`${stack.emulator.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({
      client_id: stack.config.clientId,
      client_secret: stack.config.clientSecret,
      code: login.code,
      grant_type: 'authorization_code',
      redirect_uri: stack.config.redirectUri,
    }),
  })
  if (response.status !== 200) throw new Error(`the token endpoint answered ${response.status}`)
  return TokenResponseSchema.parse(await response.json()).access_token
}
