/**
 * No service a user types reaches the network (docs/decisions/0015-your-own-app.md, the SSRF
 * rule): every refused choice is refused before the proxy's real HTTP client is called, and no
 * connection reaches a listening server the choice points at. The server is a node:http server
 * on 127.0.0.1 running the real emulator and counting the connections it accepts; the proxy
 * reaches it through its real undici client, counted at the call. A valid choice then shows that
 * both counts do count.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmulator } from '../../emulator/emulator'
import { createBrowser } from '../../testing/proxy-browser'
import { FieldErrorsAnswerSchema, SESSION_SECRET } from '../../testing/byo-setup'
import { createHttpUpstream, type Upstream } from '../api/upstream'
import { loadConfig, type Env } from '../config'
import { createProxy } from '../proxy'

let server: http.Server
let port: number
let connections = 0
let emulator: ReturnType<typeof createEmulator>
const upstream = createHttpUpstream()

beforeAll(async () => {
  let listener: http.RequestListener = (_req, res) => res.writeHead(503).end()
  server = http.createServer((req, res) => listener(req, res))
  server.on('connection', () => {
    connections += 1
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  emulator = createEmulator({ origin: `http://127.0.0.1:${port}`, testControl: true })
  listener = getRequestListener((request) => emulator.app.fetch(request))
})
afterAll(async () => {
  upstream.close()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** The proxy, its real HTTP client counted at each call. */
function proxyWith(env: Env) {
  let calls = 0
  const counted: Upstream = (request) => {
    calls += 1
    return upstream(request)
  }
  const proxy = createProxy({
    config: loadConfig({ SESSION_SECRET, ...env }),
    upstream: counted,
  })
  return { proxy, calls: () => calls }
}

/** Choices that name the counting server, or anything but an offered service, in every spelling. */
const refusedChoices = (p: number): unknown[] => [
  { kind: 'host', host: `http://127.0.0.1:${p}` },
  { kind: 'host', host: `https://127.0.0.1:${p}` },
  { kind: 'host', host: `http://localhost:${p}` },
  { kind: 'host', host: `http://[::1]:${p}` },
  { kind: 'host', host: `http://2130706433:${p}` },
  { kind: 'host', host: `http://0x7f000001:${p}` },
  { kind: 'host', host: `http://0177.0.0.1:${p}` },
  { kind: 'host', host: `http://a@127.0.0.1:${p}` },
  { kind: 'host', host: `127.0.0.1:${p}` },
  { kind: 'host', host: `file:///etc/passwd` },
  { kind: 'space', space: `127.0.0.1:${p}` },
  { kind: 'space', space: '2130706433' },
  { kind: 'space', space: '0x7f000001' },
  { kind: 'space', space: `a@127.0.0.1:${p}` },
  { kind: 'space', space: `localhost:${p}` },
  { kind: 'space', space: '..' },
  { kind: 'space', space: 'acme.' },
  { kind: 'space', space: 'ＡＣＭＥ' },
  { kind: 'space', space: 'yuqué' },
  { kind: 'space', space: '%61cme' },
  { kind: 'space', space: 'acme\n' },
  { kind: 'space', space: 'a'.repeat(64) },
  { kind: 'space', space: 'www' },
  { kind: 'space', space: '' },
  { kind: 'yuque', url: `http://127.0.0.1:${p}` },
  { kind: 'url', url: `http://127.0.0.1:${p}` },
  `http://127.0.0.1:${p}`,
]

describe('a service the user names', () => {
  it.each([
    ['the embedded emulator', () => ({ EMULATOR_PORT: String(port) })],
    [
      'a real service',
      () => ({
        YUQUE_AUTH_URL: `http://127.0.0.1:${port}`,
        YUQUE_BASE_URL: `http://127.0.0.1:${port}/api/v2`,
        YUQUE_CLIENT_ID: 'playground-web',
        YUQUE_CLIENT_SECRET: 'playground-web-secret',
        BYO_HOSTS: 'https://docs.example.com',
      }),
    ],
  ])('is refused before any call or connection, serving %s', async (_what, env) => {
    const { proxy, calls } = proxyWith(env())
    const browser = createBrowser(proxy)
    const before = connections
    // Against a real service, the one the operator configured is offered as a host
    // (serviceOptionsOf): choosing it is no user-typed URL. Every other spelling stays refused.
    const offered: string | undefined = (env() as Record<string, string>).YUQUE_AUTH_URL
    const choices = refusedChoices(port).filter(
      (choice) =>
        !(
          typeof choice === 'object' &&
          choice !== null &&
          'host' in choice &&
          choice.host === offered
        ),
    )
    for (const service of choices) {
      for (const [path, body] of [
        ['/auth/app/token', { service, token: 'a-token-that-would-be-sent' }],
        ['/auth/app', { service, clientId: 'id', clientSecret: 'secret' }],
      ] as const) {
        const response = await browser.call('PUT', path, { body })
        expect(response.status, `${path} ${JSON.stringify(service)}`).toBe(400)
        const { fields } = FieldErrorsAnswerSchema.parse(await response.json())
        expect(Object.keys(fields).some((field) => field.startsWith('service'))).toBe(true)
      }
    }
    expect(calls()).toBe(0)
    expect(connections).toBe(before)
    expect(browser.jar.has('pg_app')).toBe(false)
  })

  it('that is offered reaches the service: the counts above do count', async () => {
    const { proxy, calls } = proxyWith({ EMULATOR_PORT: String(port) })
    // A token of the space's own tenant (docs/emulator.md#enterprise-spaces), reached on its
    // subdomain of the counting server.
    const { access_token } = emulator.control
      .space('acme')
      .issueToken({ login: 'alice', scopes: [] })
    const before = connections
    const response = await createBrowser(proxy).call('PUT', '/auth/app/token', {
      body: { service: { kind: 'space', space: 'acme' }, token: access_token },
    })
    expect(response.status).toBe(200)
    expect(calls()).toBe(1)
    expect(connections).toBeGreaterThan(before)
  })
})
