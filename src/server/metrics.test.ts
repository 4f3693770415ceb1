/**
 * The metrics (metrics.ts) over real HTTP on 127.0.0.1: their own listener serves the
 * Prometheus text format, counting requests made to the proxy composed as src/server.ts
 * composes it, under a route label from a fixed list whatever the path; calls to a real local
 * service by outcome; logins and logouts; and the public port's /metrics is a 404 that says
 * where they are.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../protocol/playground-api'
import { createHttpUpstream } from '../proxy/api/upstream'
import { freePort } from '../proxy/store/redis-process'
import { startProxyOverHttp } from '../testing/proxy-over-http'
import { createLogger } from './logger'
import { METRICS_ELSEWHERE, createMetrics, listenMetrics, publicMetricsRoutes } from './metrics'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const quiet = () =>
  createLogger({ format: 'json', secrets: [], destination: { write: () => undefined } })

interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

// The text format (Prometheus, "Exposition formats"): comments, `name{labels} value` samples,
// and empty lines, which are ignored.
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"$/
const COMMENT = /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/

/** Parses the page strictly: a line not empty, a comment or a sample fails the test. */
function parsePrometheus(text: string): Sample[] {
  expect(text.endsWith('\n')).toBe(true)
  const samples: Sample[] = []
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue
    if (line.startsWith('#')) {
      expect(line).toMatch(COMMENT)
      continue
    }
    const match = SAMPLE.exec(line)
    if (match === null) throw new Error(`not a sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const pair of (match[2] ?? '').split(/,(?=[a-zA-Z_][a-zA-Z0-9_]*=")/)) {
      if (pair === '') continue
      const label = LABEL.exec(pair)
      if (label === null) throw new Error(`not a label: ${pair} in ${line}`)
      labels[label[1] ?? ''] = label[2] ?? ''
    }
    // A float as Go's ParseFloat reads it, which Prometheus uses: NaN and ±Inf in any case (a
    // gauge of prom-client's with no sample yet answers "Nan").
    const text = match[3] ?? ''
    expect(text).toMatch(/^(nan|[+-]?inf|[+-]?\d+(\.\d+)?(e[+-]?\d+)?)$/i)
    const infinite = /inf$/i.test(text) ? (text.startsWith('-') ? -Infinity : Infinity) : null
    const value = infinite ?? Number(text)
    samples.push({ name: match[1] ?? '', labels, value })
  }
  return samples
}

function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )
  return found.reduce((sum, sample) => sum + sample.value, 0)
}

function get(url: string, method = 'GET') {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = http.request(url, { method, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

/** The proxy, observed, with the metrics counted and served on a port of their own. */
async function observedProxy(options: Parameters<typeof startProxyOverHttp>[1] = {}, env = {}) {
  const metrics = createMetrics()
  const rest = new Hono()
  rest.route('/', publicMetricsRoutes())
  rest.all('*', (c) => c.text('a page'))
  const running = await startProxyOverHttp(
    env,
    { events: metrics.proxy, ...options },
    { log: quiet(), metrics, rest },
  )
  cleanups.push(() => running.close())
  const listener = await listenMetrics(metrics, '127.0.0.1', await freePort())
  cleanups.push(() => listener.close())
  const scrape = async () => {
    const page = await get(listener.url)
    expect(page.status).toBe(200)
    expect(page.type).toBe('text/plain; version=0.0.4; charset=utf-8')
    return parsePrometheus(page.body)
  }
  return { running, listener, scrape }
}

describe('the metrics listener', () => {
  it('serves the Prometheus text format, counting a request under a bounded route label', async () => {
    const { running, scrape, listener } = await observedProxy()
    const arbitrary = ['/some/arbitrary/page-4711', '/assets/x-4711.js', '/api/v2/nonsense/4711']
    for (const path of arbitrary) await running.send({ path: `${path}?q=4711` })
    await running.send({ path: '/api/v2/users/alice', headers: running.appHeaders() })
    await running.send({ path: '/auth/session', headers: running.appHeaders() })
    await running.send({ path: '/auth/whatever-4711', headers: running.appHeaders() })

    const samples = await scrape()
    const count = (route: string, status: string) =>
      valueOf(samples, 'playground_http_requests_total', { route, status, method: 'GET' })
    expect(count('page', '2xx')).toBe(1)
    expect(count('asset', '2xx')).toBe(1)
    expect(count('/api/*', '4xx')).toBe(1)
    expect(count('/api/v2/users/{login}', '2xx')).toBe(1)
    expect(count('/auth/session', '2xx')).toBe(1)
    expect(count('/auth/*', '4xx')).toBe(1)
    expect(
      valueOf(samples, 'playground_http_request_duration_seconds_count', { route: 'page' }),
    ).toBe(1)
    // No label value holds a path anybody sent: only names from the fixed list.
    const values = samples.flatMap((sample) => Object.values(sample.labels))
    expect(values.filter((value) => value.includes('4711') || value.includes('alice'))).toEqual([])
    // prom-client's default process metrics, on the registry of our own.
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(samples.some((sample) => sample.name === 'nodejs_heap_size_used_bytes')).toBe(true)

    // Its own port answers nothing else.
    expect((await get(listener.url.replace('/metrics', '/'))).status).toBe(404)
    expect((await get(listener.url, 'POST')).status).toBe(404)
  })

  it('counts a session ended by a token the service refused', async () => {
    const { running, scrape } = await observedProxy()
    const cookie = await running.connect(['repo:read'])
    // The token is gone at the service: the call's 401, then the probe's (scope-failure.ts).
    running.emulator.control.reset()
    const answer = await running.send({
      path: '/api/v2/user',
      headers: running.appHeaders({ Cookie: cookie }),
    })
    expect(answer.status).toBe(401)
    const samples = await scrape()
    expect(valueOf(samples, 'playground_sessions_ended_total', { reason: 'token_refused' })).toBe(1)
    expect(valueOf(samples, 'playground_sessions_ended_total', { reason: 'logout' })).toBe(0)
  })

  it('counts logins completed and logouts', async () => {
    const { running, scrape } = await observedProxy()
    const before = await scrape()
    expect(
      valueOf(before, 'playground_sessions_opened_total', { flow: 'authorization_code' }),
    ).toBe(0)
    const cookie = await running.connect(['repo:read'])
    await running.send({
      method: 'POST',
      path: '/auth/logout',
      headers: running.appHeaders({ Cookie: cookie }),
      body: '{}',
    })
    // A logout without a session ends nothing.
    await running.send({
      method: 'POST',
      path: '/auth/logout',
      headers: running.appHeaders(),
      body: '{}',
    })
    const after = await scrape()
    expect(valueOf(after, 'playground_sessions_opened_total', { flow: 'authorization_code' })).toBe(
      1,
    )
    expect(valueOf(after, 'playground_sessions_ended_total', { reason: 'logout' })).toBe(1)
    expect(valueOf(after, 'playground_sessions_ended_total', { reason: 'token_refused' })).toBe(0)
  })

  it('counts calls to a real service by outcome: ok, 5xx, time-out, connection error', async () => {
    const answers = ['ok', 'fail', 'silent']
    const service = http.createServer((_req, res) => {
      const answer = answers.shift()
      if (answer === 'silent') return
      res.writeHead(answer === 'ok' ? 200 : 500, { 'Content-Type': 'application/json' })
      res.end('{"data":{}}')
    })
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
    cleanups.push(async () => {
      service.closeAllConnections()
      await new Promise((resolve) => service.close(resolve))
    })
    const origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`
    const metrics = createMetrics()
    const upstream = createHttpUpstream({ observer: metrics.upstream })
    cleanups.push(() => upstream.close())
    const call = (url: string) =>
      upstream({ method: 'GET', url: new URL(url), headers: {}, timeoutMs: 200, maxBytes: 1024 })
    await call(`${origin}/a`)
    await call(`${origin}/b`)
    await expect(call(`${origin}/c`)).rejects.toMatchObject({ kind: 'timeout' })
    await expect(call(`http://127.0.0.1:${await freePort()}/d`)).rejects.toMatchObject({
      kind: 'unreachable',
    })
    const samples = parsePrometheus(await metrics.registry.metrics())
    const outcome = (name: string) =>
      valueOf(samples, 'playground_upstream_requests_total', { outcome: name })
    expect(['ok', '5xx', 'timeout', 'connection_error', '4xx'].map(outcome)).toEqual([
      1, 1, 1, 1, 0,
    ])
  })
})

describe('the public port', () => {
  it('answers /metrics with a 404 that names METRICS_PORT, not the app', async () => {
    const { running } = await observedProxy()
    for (const path of ['/metrics', '/metrics?x=1']) {
      const answer = await running.send({ path, headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE } })
      expect(answer.status).toBe(404)
      expect(answer.headers['content-type']).toMatch(/^text\/plain/)
      expect(answer.body).toBe(METRICS_ELSEWHERE)
      expect(answer.body.split('\n')).toHaveLength(2)
      expect(answer.body).toContain('METRICS_PORT')
    }
  })
})
