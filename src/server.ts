/**
 * The one composition root: reads the configuration once, starts the embedded emulator (unless
 * a real service is configured), picks the store, and serves the proxy, the health checks and
 * the web app — the production build (`npm start`, bundled to dist/server.js), or Vite with hot
 * reload (`npm run dev`; Vite is imported only then, so production never loads it).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import { startEmulator } from './emulator/start'
import { seedApps } from './emulator/seed'
import { seedSpaces } from './emulator/seed-space'
import { keepIdleConnections } from './server/keep-alive'
import { ConfigError, configSecrets, loadConfig, type Config } from './proxy/config'
import { sessionSecretWeakness } from './proxy/config-production'
import { createProxyServer } from './proxy/proxy'
import { createHttpUpstream } from './proxy/api/upstream'
import { createWebApp } from './proxy/shell/web-app'
import { exitOnListenError, printBanner } from './server/banner'
import { createServerListener } from './server/dispatch'
import { createHealthRoutes } from './server/health'
import { createServiceProbe } from './proxy/service-probe'
import { createLogger } from './server/logger'
import { createMetrics, listenMetrics, publicMetricsRoutes } from './server/metrics'
import { instanceName, observeRequests } from './server/request-log'
import { createRouteLabeler, proxyAuthPaths } from './server/route-label'
import { loadServerConfig, ServerConfigError, type ServerConfig } from './server/server-config'
import { shedLoad } from './server/load-shedding'
import { onStopSignal, trackRequests } from './server/shutdown'
import { selectStore } from './server/store-selection'

// src/server.ts under tsx and dist/server.js when built: the project root is one level up.
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** The built server's own files sit beside the web app in dist/: never serve them. */
const SERVER_BUNDLES = /^\/(server|emulator)\.js(\.map)?$/

function readConfig(): { config: Config; serverConfig: ServerConfig } {
  const problems: string[] = []
  let config: Config | undefined
  let serverConfig: ServerConfig | undefined
  try {
    config = loadConfig(process.env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    problems.push(...error.problems)
  }
  try {
    serverConfig = loadServerConfig(process.env, config?.port)
  } catch (error) {
    if (!(error instanceof ServerConfigError)) throw error
    problems.push(...error.problems)
  }
  if (config === undefined || serverConfig === undefined) {
    console.error(
      `Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}\n\nSee .env.example and the README for every variable.`,
    )
    process.exit(1)
  }
  return { config, serverConfig }
}

async function main(): Promise<void> {
  const isDev = process.argv.includes('--dev')
  const { config, serverConfig } = readConfig()
  const log = createLogger({
    format: serverConfig.logFormat,
    secrets: configSecrets(config),
    instance: instanceName(serverConfig.instanceId),
  })
  // Refused in production (proxy/config-production.ts); elsewhere worth a line.
  const weakness = config.isSessionSecretGenerated
    ? null
    : sessionSecretWeakness(config.sessionSecret)
  if (weakness !== null) log.warn(weakness)
  // Counted only when someone can read them (METRICS_PORT; docs/operations.md#metrics).
  const metrics = serverConfig.metricsPort === null ? null : createMetrics()
  if (config.isSessionSecretGenerated) {
    log.warn(
      'SESSION_SECRET is not set; a random one was generated, so sessions end when the server restarts.',
    )
  }

  const closers: (() => Promise<void> | void)[] = []
  if (config.service === 'emulator') {
    const emulator = await startEmulator({
      port: config.emulatorPort,
      host: '127.0.0.1',
      profile: process.env.EMULATOR_PROFILE,
      options: {
        apps: seedApps({ webRedirectUri: config.redirectUri }),
        spaces: seedSpaces({ webRedirectUri: config.redirectUri }),
        origin: `http://127.0.0.1:${config.emulatorPort}`,
        testControl: config.isEmulatorTestControlEnabled,
      },
    }).catch((error: unknown) => exitOnListenError(error, config.emulatorPort, 'EMULATOR_PORT'))
    closers.push(() => emulator.close())
  }

  const store = await selectStore(serverConfig, log, metrics?.storeUnavailable)
  closers.push(() => store.close())
  const upstream = createHttpUpstream({
    outboundProxy: config.outboundProxy,
    observer: metrics?.upstream ?? null,
  })
  closers.push(() => upstream.close())
  // Asked before a login sends the browser to the service (proxy/service-probe.ts): a success
  // holds for 30 s, so that logins seldom wait for it; a failure for 1 s, so a service coming
  // back is seen at the next try.
  const serviceProbe = createServiceProbe({
    config,
    upstream,
    timeoutMs: serverConfig.readinessTimeoutMs,
    okForMs: 30_000,
    downForMs: 1000,
  })
  const proxy = createProxyServer({
    config,
    upstream,
    store,
    serviceProbe,
    log: (line) => log.error(line),
    ...(metrics === null ? {} : { events: metrics.proxy }),
  })

  let isShuttingDown = false
  const app = new Hono()
  app.route(
    '/',
    createHealthRoutes({
      config,
      store,
      upstream,
      timeoutMs: serverConfig.readinessTimeoutMs,
      isShuttingDown: () => isShuttingDown,
      isDurabilityChecked: serverConfig.isRedisDurabilityChecked,
    }),
  )
  app.route('/', publicMetricsRoutes())

  let listener: (req: IncomingMessage, res: ServerResponse) => void
  // Every request's line and metrics, from when Node received it (request-log.ts), those
  // refused for overload included.
  const routeOf = createRouteLabeler(proxyAuthPaths(proxy.app.routes))
  const server = createServer(
    observeRequests(
      shedLoad((req, res) => listener(req, res), {
        maxConcurrent: serverConfig.maxConcurrentRequests,
      }),
      { log, metrics, routeOf },
    ),
  )
  keepIdleConnections(server)
  const requests = trackRequests(server)
  if (isDev) {
    const { createServer: createViteServer } = await import('vite')
    const vite = await createViteServer({
      root: projectRoot,
      server: { middlewareMode: true, hmr: { server } },
      appType: 'spa',
    })
    closers.push(() => vite.close())
    const appListener = createServerListener(proxy, app)
    listener = (req, res) => {
      const url = req.url ?? '/'
      if (/^\/(auth|api)\/|^\/(healthz|readyz|metrics)(\?|$)/.test(url)) appListener(req, res)
      else vite.middlewares(req, res)
    }
  } else {
    app.get('*', async (c, next) => (SERVER_BUNDLES.test(c.req.path) ? c.notFound() : next()))
    app.route('/', createWebApp({ root: path.join(projectRoot, 'dist'), config }))
    listener = createServerListener(proxy, app)
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => resolve())
  }).catch((error: unknown) => exitOnListenError(error, config.port, 'APP_ORIGIN'))
  const { metricsPort } = serverConfig
  const metricsListener =
    metrics === null || metricsPort === null
      ? null
      : await listenMetrics(metrics, config.host, metricsPort).catch((error: unknown) =>
          exitOnListenError(error, metricsPort, 'METRICS_PORT'),
        )
  if (metricsListener !== null) closers.push(() => metricsListener.close())

  printBanner(
    config,
    {
      isDev,
      storeName: store.name,
      logFormat: serverConfig.logFormat,
      metricsUrl: metricsListener?.url ?? null,
    },
    log,
  )
  onStopSignal(async (signal) => {
    isShuttingDown = true
    // SIGTERM is how an orchestrator or a rolling restart stops a replica: /readyz answers 503
    // for the drain delay while the listener still accepts, so that the balancer sees
    // not-ready and stops sending before anything is refused (docs/operations.md#shutdown).
    // Ctrl-C (SIGINT) is a person at a terminal: no balancer to wait for.
    if (signal === 'SIGTERM' && serverConfig.drainDelayMs > 0) {
      log.info(`${signal}: not ready; closing the listener in ${serverConfig.drainDelayMs} ms`)
      requests.closeAfterEachAnswer()
      await new Promise((resolve) => setTimeout(resolve, serverConfig.drainDelayMs))
    }
    log.info(
      `${signal}: finishing requests in flight (at most ${serverConfig.shutdownTimeoutMs} ms)`,
    )
    const { abandoned } = await requests.drain(serverConfig.shutdownTimeoutMs)
    if (abandoned > 0) {
      log.warn(
        `${abandoned} request(s) still unfinished after ${serverConfig.shutdownTimeoutMs} ms: closed`,
      )
    }
    for (const close of closers.reverse()) await close()
    log.info('stopped')
    await log.flush()
    process.exit(0)
  })
}

await main()
