/**
 * The server's one line per request (request-log.ts), over real HTTP on 127.0.0.1: the proxy
 * composed as src/server.ts composes it, observed from node:http, against the real emulator
 * in-process for a login, and against a real local HTTP server standing in for the service
 * where the service must be slow, failing or must show what it received.
 */
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createEmulator } from '../emulator/emulator'
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  StartLoginResponseSchema,
} from '../protocol/playground-api'
import { createHttpUpstream, createInProcessUpstream } from '../proxy/api/upstream'
import { loadConfig } from '../proxy/config'
import { createMemoryStore } from '../proxy/store/memory-store'
import { authorizeThroughPages } from '../testing/emulator-pages'
import { startProxyOverHttp, type ProxyOverHttp } from '../testing/proxy-over-http'
import { createHealthRoutes } from './health'
import { createLogger } from './logger'
import { publicMetricsRoutes } from './metrics'

const UPSTREAM_TIMEOUT_MS = 300
const SECRET = 'request-log-service-secret'

const RequestLine = z
  .object({
    level: z.enum(['info', 'warn', 'error']),
    time: z.string(),
    service: z.literal('yuque-oauth-playground'),
    instance: z.literal('web-7'),
    requestId: z.string(),
    method: z.string(),
    path: z.string(),
    route: z.string(),
    status: z.number().int().nullable(),
    durationMs: z.number().int().nonnegative(),
    aborted: z.boolean(),
    msg: z.string(),
  })
  .strict()
type RequestLine = z.infer<typeof RequestLine>

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function capture(format: 'text' | 'json') {
  const lines: string[] = []
  const log = createLogger({
    format,
    secrets: [SECRET, 'playground-web-secret'],
    instance: 'web-7',
    destination: { write: (line: string) => void lines.push(line) },
  })
  /** The JSON lines of requests, each checked against the line's schema. */
  const requests = () =>
    lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => 'requestId' in line)
      .map((line) => RequestLine.parse(line))
  return { lines, log, requests }
}

/** Waits (at most 2 s) until `read` answers something; the line is written once the answer closed. */
async function eventually<T>(read: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 2000
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('not within 2 s')
    await sleep(10)
  }
}

type Behaviour = 'ok' | 'fail' | 'silent'

/** A real HTTP server standing in for the service: what it received, and how it answers. */
async function startService(behaviour: Behaviour) {
  const received: http.IncomingHttpHeaders[] = []
  const server = http.createServer((req, res) => {
    received.push(req.headers)
    if (behaviour === 'silent') return // never answers: the proxy's time-out ends the call
    res.writeHead(behaviour === 'ok' ? 200 : 500, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ data: { id: 1, login: 'alice' } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  cleanups.push(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  return { origin: `http://127.0.0.1:${port}`, received }
}

/** The proxy in front of `service`, through the real upstream client, every request logged. */
async function proxyTo(
  behaviour: Behaviour,
  format: 'text' | 'json' = 'json',
  timeoutMs = UPSTREAM_TIMEOUT_MS,
) {
  const service = await startService(behaviour)
  const logged = capture(format)
  const upstream = createHttpUpstream()
  const running = await startProxyOverHttp(
    {
      YUQUE_AUTH_URL: service.origin,
      YUQUE_BASE_URL: `${service.origin}/api/v2`,
      YUQUE_CLIENT_ID: 'request-log',
      YUQUE_CLIENT_SECRET: SECRET,
      UPSTREAM_TIMEOUT_MS: String(timeoutMs),
    },
    { upstream },
    { log: logged.log },
  )
  cleanups.push(() => upstream.close())
  cleanups.push(() => running.close())
  return { ...logged, running, service }
}

/** The public user lookup: forwarded without a session (no login needed). */
const LOOKUP = '/api/v2/users/alice'
const lookup = (running: ProxyOverHttp, headers: Record<string, string> = {}) =>
  running.send({ path: LOOKUP, headers: running.appHeaders(headers) })

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('the line per request', () => {
  it('times a 504 from when Node received the request: at least the upstream time-out, at error level', async () => {
    const { running, requests } = await proxyTo('silent')
    const started = performance.now()
    const answer = await lookup(running)
    const wallMs = performance.now() - started
    expect(answer.status).toBe(504)
    const line = await eventually(() => requests()[0])
    expect(line).toMatchObject({
      level: 'error',
      method: 'GET',
      path: LOOKUP,
      route: '/api/v2/users/{login}',
      status: 504,
      aborted: false,
    })
    expect(line.durationMs).toBeGreaterThanOrEqual(UPSTREAM_TIMEOUT_MS)
    expect(line.durationMs).toBeLessThanOrEqual(Math.ceil(wallMs) + 5)
    expect(line.msg).toBe(`GET ${LOOKUP} 504 ${line.durationMs} ms`)
    expect(requests()).toHaveLength(1)
  })

  it('says a request was aborted when its connection closed first, timed until then', async () => {
    // A time-out far beyond the abort, so that a slow machine cannot let it answer first.
    const { running, requests } = await proxyTo('silent', 'json', 5000)
    const sent = performance.now()
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port: running.port,
        path: LOOKUP,
        headers: { Host: `localhost:${running.port}`, ...running.appHeaders() },
        agent: false,
      })
      req.on('error', () => resolve())
      req.end()
      setTimeout(() => {
        req.destroy()
        resolve()
      }, 100)
    })
    const line = await eventually(() => requests()[0])
    const closedAfterMs = performance.now() - sent
    expect(line).toMatchObject({ level: 'info', path: LOOKUP, status: null, aborted: true })
    // Closed 100 ms after it was sent: timed until then, not until the service's time-out.
    expect(line.durationMs).toBeGreaterThanOrEqual(50)
    expect(line.durationMs).toBeLessThanOrEqual(Math.ceil(closedAfterMs))
    expect(line.msg).toMatch(/^GET \/api\/v2\/users\/alice - \d+ ms aborted$/)
    expect(requests()).toHaveLength(1)
  })

  it('keeps a safe incoming X-Request-Id: answered, forwarded to the service and logged', async () => {
    const { running, service, requests } = await proxyTo('ok')
    const answer = await lookup(running, { 'X-Request-Id': 'lb-7f3a.2:9_x' })
    expect(answer.status).toBe(200)
    expect(answer.headers['x-request-id']).toBe('lb-7f3a.2:9_x')
    expect(service.received.map((headers) => headers['x-request-id'])).toEqual(['lb-7f3a.2:9_x'])
    const line = await eventually(() => requests()[0])
    expect(line).toMatchObject({ requestId: 'lb-7f3a.2:9_x', status: 200, level: 'info' })
  })

  it.each([
    ['a space', 'lb 1'],
    ['markup', '<script>'],
    ['129 characters', 'a'.repeat(129)],
    ['a token-shaped value (the log would redact it)', 'T'.repeat(40)],
    ['a known secret', `id-${SECRET}`],
  ])(
    'replaces an incoming X-Request-Id with %s by a new UUID, answered, forwarded and logged',
    async (_, unsafe) => {
      const { running, service, requests } = await proxyTo('ok')
      const answer = await lookup(running, { 'X-Request-Id': unsafe })
      const id = answer.headers['x-request-id']
      expect(id).toMatch(UUID)
      expect(service.received[0]?.['x-request-id']).toBe(id)
      const line = await eventually(() => requests()[0])
      expect(line.requestId).toBe(id)
      expect(JSON.stringify(requests())).not.toContain(unsafe)
    },
  )

  it('replaces two X-Request-Id lines (joined, they are no safe id)', async () => {
    const { running, service } = await proxyTo('ok')
    const answer = await running.send({
      path: LOOKUP,
      headers: [
        ...['Host', `localhost:${running.port}`, CSRF_HEADER, CSRF_HEADER_VALUE],
        ...['X-Request-Id', 'one', 'X-Request-Id', 'two'],
      ],
    })
    expect(answer.headers['x-request-id']).toMatch(UUID)
    expect(service.received[0]?.['x-request-id']).toBe(answer.headers['x-request-id'])
  })

  it('logs a 5xx at error level and a 4xx at info, in both formats', async () => {
    const json = await proxyTo('fail')
    expect((await lookup(json.running)).status).toBe(502)
    expect((await json.running.send({ path: '/api/v2/nope' })).status).toBe(403)
    const [failed, refused] = await eventually(() =>
      json.requests().length === 2 ? json.requests() : undefined,
    )
    expect(failed).toMatchObject({ status: 502, level: 'error' })
    expect(refused).toMatchObject({ status: 403, level: 'info', route: '/api/*' })

    const text = await proxyTo('fail', 'text')
    await lookup(text.running)
    await text.running.send({ path: '/api/v2/nope' })
    const lines = await eventually(() => (text.lines.length === 2 ? text.lines : undefined))
    expect(lines[0]).toMatch(
      new RegExp(`^error: GET ${LOOKUP} 502 \\d+ ms id=[0-9a-f-]{36} instance=web-7\\n$`),
    )
    expect(lines[1]).toMatch(/^GET \/api\/v2\/nope 403 \d+ ms id=[0-9a-f-]{36} instance=web-7\n$/)
  })

  it('writes the path as sent: an encoded CR/LF cannot forge a line, and a backslash is escaped', async () => {
    // Node refuses a raw control character in a target with its own 400 (no request reaches the
    // listener); what does reach it is written undecoded and through logSafe. (The adapter
    // refuses this target's backslash: 400.)
    const { running, lines } = await proxyTo('ok', 'text')
    const socket = net.connect(running.port, '127.0.0.1')
    socket.end(
      `GET /page%0d%0aGET%20/forged%20200\\x?code=abc HTTP/1.1\r\nHost: localhost:${running.port}\r\nConnection: close\r\n\r\n`,
    )
    socket.resume()
    const [line] = await eventually(() => (lines.length === 1 ? lines : undefined))
    expect(line).toMatch(
      /^GET \/page%0d%0aGET%20\/forged%20200\\\\x 400 \d+ ms id=[0-9a-f-]{36} instance=web-7\n$/,
    )
  })
})

describe('what the lines never hold', () => {
  it('no query, code, state, token, secret or cookie through a whole login, a page with ?code= and a logout', async () => {
    const { lines, log, requests } = capture('json')
    const running = await startProxyOverHttp({}, {}, { log })
    cleanups.push(() => running.close())
    const started = await running.send({
      method: 'POST',
      path: '/auth/start',
      headers: running.appHeaders(),
      body: JSON.stringify({ scopes: ['repo:read'] }),
    })
    const { authorizeUrl, state } = StartLoginResponseSchema.parse(JSON.parse(started.body))
    const page = await authorizeThroughPages(running.emulator.app, authorizeUrl, { login: 'alice' })
    const code = new URL(page.location ?? '', running.origin).searchParams.get('code') ?? ''
    expect(code).not.toBe('')
    const transaction = [started.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0])
    // The callback page, as the browser opens it: the code and the state in its query.
    await running.send({ path: `/callback?code=${code}&state=${state}` })
    const exchanged = await running.send({
      method: 'POST',
      path: '/auth/exchange',
      headers: running.appHeaders({ Cookie: transaction.join('; ') }),
      body: JSON.stringify({ code, state }),
    })
    expect(exchanged.status).toBe(200)
    const session = [exchanged.headers['set-cookie'] ?? []]
      .flat()
      .map((c) => c.split(';')[0] ?? '')
      .filter((c) => !c.endsWith('='))
    const cookie = session.join('; ')
    // A query the allow-list refuses (400), a secret in it.
    await running.send({
      path: `/api/v2/user?access_token=${SECRET}`,
      headers: running.appHeaders({ Cookie: cookie }),
    })
    await running.send({
      method: 'POST',
      path: '/auth/logout',
      headers: running.appHeaders({ Cookie: cookie }),
      body: '{}',
    })
    await eventually(() => (requests().length === 5 ? true : undefined))

    const paths = requests().map((line) => `${line.method} ${line.path} ${line.status}`)
    expect(paths).toEqual([
      'POST /auth/start 200',
      'GET /callback 200',
      'POST /auth/exchange 200',
      'GET /api/v2/user 400',
      'POST /auth/logout 204',
    ])
    const all = lines.join('')
    // Every token of the emulator starts emu_at_.
    for (const secret of [code, state, SECRET, 'playground-web-secret', 'emu_at_', ...session]) {
      expect(all).not.toContain(secret)
    }
    expect(all).not.toContain('?')
    // Nothing token-shaped at all, the request ids (UUIDs) aside.
    expect(all.replace(/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/g, '')).not.toMatch(/[\w-]{32}/)
  })
})

describe('health checks', () => {
  it('writes no line for a passing check, and a warning for a failing one', async () => {
    const { log, requests } = capture('json')
    let isShuttingDown = false
    // The service the readiness check asks: an emulator of its own, in-process.
    const service = createEmulator({})
    const rest = new Hono()
    rest.route(
      '/',
      createHealthRoutes({
        config: loadConfig({ SESSION_SECRET: 'request-log-health-secret-0123456789' }),
        store: createMemoryStore(),
        upstream: createInProcessUpstream((request) => service.app.request(request)),
        timeoutMs: 500,
        isShuttingDown: () => isShuttingDown,
      }),
    )
    rest.route('/', publicMetricsRoutes())
    const running = await startProxyOverHttp({}, {}, { log, rest })
    cleanups.push(() => running.close())
    expect((await running.send({ path: '/healthz' })).status).toBe(200)
    expect((await running.send({ path: '/readyz' })).status).toBe(200)
    isShuttingDown = true
    expect((await running.send({ path: '/readyz' })).status).toBe(503)
    await running.send({ path: '/metrics' })
    const lines = await eventually(() => (requests().length === 2 ? requests() : undefined))
    expect(lines.map(({ level, path, status, route }) => ({ level, path, status, route }))).toEqual(
      [
        { level: 'warn', path: '/readyz', status: 503, route: 'health' },
        { level: 'info', path: '/metrics', status: 404, route: 'metrics' },
      ],
    )
  })
})
