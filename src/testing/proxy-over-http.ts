/**
 * The proxy on a real loopback socket, composed as src/server.ts composes it
 * (createServerListener), against the real emulator in-process, and a raw HTTP client that can
 * send what a browser or an attacker sends: any Host, a header line twice, from another loopback
 * address (`from`: Linux answers all of 127.0.0.0/8). The server listens on 127.0.0.1 only.
 * With a `log`, every request is observed as src/server.ts observes it (request-log.ts).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Hono } from 'hono'
import { createEmulator } from '../emulator/emulator'
import { seedApps } from '../emulator/seed'
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  StartLoginResponseSchema,
} from '../protocol/playground-api'
import { createInProcessUpstream } from '../proxy/api/upstream'
import { loadConfig, type Env } from '../proxy/config'
import { createProxyServer, type ProxyOptions } from '../proxy/proxy'
import { createServerListener } from '../server/dispatch'
import type { Logger } from '../server/logger'
import type { Metrics } from '../server/metrics'
import { observeRequests } from '../server/request-log'
import { createRouteLabeler, proxyAuthPaths } from '../server/route-label'
import { authorizeThroughPages } from './emulator-pages'
import { sendHttp, type HttpAnswer, type HttpCall } from './raw-http'

/** How the server around the proxy is composed, beyond the proxy itself. */
export interface ServerParts {
  /** The server's routes beside the proxy's (the health checks, the pages); a stub page else. */
  rest?: Hono
  /** The server's log: each request observed (request-log.ts), lines written to it. */
  log?: Logger
  metrics?: Metrics | null
}

export interface ProxyOverHttp {
  origin: string
  port: number
  emulator: ReturnType<typeof createEmulator>
  send(call: HttpCall): Promise<HttpAnswer>
  /** The headers the web app sends on a state-changing call, for this origin. */
  appHeaders(extra?: Record<string, string>): Record<string, string>
  /** A login through the real flow (the service's pages in-process): the session's Cookie header. */
  connect(scopes: string[], login?: string): Promise<string>
  close(): Promise<void>
}

/** The `name=value` pairs that a response's Set-Cookie lines set (not those they delete). */
function cookiesSet(setCookie: string | string[] | undefined): string[] {
  return [setCookie ?? []]
    .flat()
    .filter((line) => !/;\s*max-age=0/i.test(line))
    .map((line) => line.split(';')[0] ?? '')
}

export async function startProxyOverHttp(
  env: Env = {},
  options: Partial<Omit<ProxyOptions, 'config'>> = {},
  parts: ServerParts = {},
): Promise<ProxyOverHttp> {
  let listener: http.RequestListener = (_req, res) => res.writeHead(503).end()
  const server = http.createServer((req, res) => listener(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://localhost:${port}`
  const emulator = createEmulator({ apps: seedApps({ webRedirectUri: `${origin}/callback` }) })
  const proxy = createProxyServer({
    config: loadConfig({
      APP_ORIGIN: origin,
      SESSION_SECRET: 'proxy-over-http-test-secret-0123456789',
      ...env,
    }),
    upstream: createInProcessUpstream((request) => emulator.app.request(request)),
    ...options,
  })
  const pages = new Hono()
  pages.all('*', (c) => c.text('a page', 200))
  const composed = createServerListener(proxy, parts.rest ?? pages)
  listener =
    parts.log === undefined
      ? composed
      : observeRequests(composed, {
          log: parts.log,
          metrics: parts.metrics ?? null,
          routeOf: createRouteLabeler(proxyAuthPaths(proxy.app.routes)),
        })

  const send = (call: HttpCall) => sendHttp(port, `localhost:${port}`, call)

  const appHeaders = (extra: Record<string, string> = {}) => ({
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
    Origin: origin,
    'Content-Type': 'application/json',
    ...extra,
  })
  return {
    origin,
    port,
    emulator,
    send,
    appHeaders,
    async connect(scopes, login = 'alice') {
      const started = await send({
        method: 'POST',
        path: '/auth/start',
        headers: appHeaders(),
        body: JSON.stringify({ scopes }),
      })
      const { authorizeUrl, state } = StartLoginResponseSchema.parse(JSON.parse(started.body))
      const page = await authorizeThroughPages(emulator.app, authorizeUrl, { login })
      const code = new URL(page.location ?? '', origin).searchParams.get('code')
      const exchanged = await send({
        method: 'POST',
        path: '/auth/exchange',
        headers: appHeaders({ Cookie: cookiesSet(started.headers['set-cookie']).join('; ') }),
        body: JSON.stringify({ code, state }),
      })
      if (exchanged.status !== 200) throw new Error(`login failed: ${exchanged.body}`)
      return cookiesSet(exchanged.headers['set-cookie']).join('; ')
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
