/**
 * The one composition root: reads the configuration once, starts the embedded emulator (unless
 * a real service is configured) and the proxy, which also serves the web app — the production
 * build (`npm start`), or Vite with hot reload (`npm run dev`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { startEmulator } from './emulator/start'
import { seedApps, seedUsers } from './emulator/seed'
import { ConfigError, loadConfig, type Config } from './proxy/config'
import { createProxy } from './proxy/proxy'
import { createHttpUpstream } from './proxy/upstream'
import { createWebApp } from './proxy/web-app'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

function readConfig(): Config {
  try {
    return loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${error.message}\n\nSee .env.example and the README for every variable.`)
      process.exit(1)
    }
    throw error
  }
}

async function main(): Promise<void> {
  const isDev = process.argv.includes('--dev')
  const config = readConfig()
  if (config.isSessionSecretGenerated) {
    console.warn(
      'warning: SESSION_SECRET is not set; a random one was generated, so sessions end when the server restarts.',
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
        origin: `http://127.0.0.1:${config.emulatorPort}`,
        testControl: config.isEmulatorTestControlEnabled,
      },
    }).catch((error: unknown) => exitOnListenError(error, config.emulatorPort, 'EMULATOR_PORT'))
    closers.push(() => emulator.close())
  }

  const upstream = createHttpUpstream()
  closers.push(() => upstream.close())
  const proxy = createProxy({ config, upstream, log: (line) => console.log(line) })

  let listener: (req: IncomingMessage, res: ServerResponse) => void
  const server = createServer((req, res) => listener(req, res))
  if (isDev) {
    const { createServer: createViteServer } = await import('vite')
    const vite = await createViteServer({
      root: projectRoot,
      server: { middlewareMode: true, hmr: { server } },
      appType: 'spa',
    })
    closers.push(() => vite.close())
    const proxyListener = getRequestListener(proxy.fetch)
    listener = (req, res) => {
      if (req.url?.startsWith('/auth/') || req.url?.startsWith('/api/'))
        void proxyListener(req, res)
      else vite.middlewares(req, res)
    }
  } else {
    const app = new Hono()
    app.route('/', proxy)
    app.route('/', createWebApp({ root: path.join(projectRoot, 'dist'), config }))
    listener = getRequestListener(app.fetch)
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.port, config.host, () => resolve())
  }).catch((error: unknown) => exitOnListenError(error, config.port, 'APP_ORIGIN'))
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())))

  printBanner(config, isDev)
  const shutdown = async () => {
    for (const close of closers.reverse()) await close()
    process.exit(0)
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}

function exitOnListenError(error: unknown, port: number, variable: string): never {
  if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
    console.error(
      `Port ${port} is already in use. Stop the other process, or choose another port with ${variable}.`,
    )
    process.exit(1)
  }
  throw error
}

function printBanner(config: Config, isDev: boolean): void {
  const lines = [
    '',
    `  Yuque OAuth playground (${isDev ? 'development, hot reload' : 'production build'})`,
    '',
    `  Open:       ${config.appOrigin}`,
    `  Service:    ${config.service === 'emulator' ? `embedded emulator at ${config.authUrl.origin}` : config.authUrl.origin}`,
    `  Callback:   ${config.redirectUri}`,
  ]
  if (config.service === 'emulator') {
    lines.push(
      `  Sign in as: ${seedUsers.map((user) => user.login).join(', ')} — password "password"`,
    )
  }
  console.log([...lines, ''].join('\n'))
}

await main()
