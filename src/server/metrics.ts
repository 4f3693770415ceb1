/**
 * Prometheus metrics (prom-client), on a listener of their own: `METRICS_PORT`, on the app's
 * HOST, never the public port. Unset, nothing here runs, not even the counting
 * (docs/operations.md#metrics names every metric).
 *
 * Why a port of its own: a metrics page tells whoever reads it the traffic, the error rate and
 * the process's memory; on the public port anyone could. The public port answers `/metrics` with
 * a 404 that says where they are (publicMetricsRoutes), not the app's HTML.
 *
 * A Registry of our own rather than prom-client's global one: the tests build several servers
 * in one process, and nothing a library registers globally ends up on the page by surprise.
 * Every label has a short fixed set of values (route-label.ts for `route`).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Hono } from 'hono'
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { UpstreamObserver, UpstreamOutcome } from '../proxy/api/upstream'
import type { ProxyEvents } from '../proxy/context'

/** From a fast read to the upstream time-out and past it (UPSTREAM_TIMEOUT_MS, 10 s by default). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

const UPSTREAM_OUTCOMES: readonly UpstreamOutcome[] = [
  'ok',
  '3xx',
  '4xx',
  '5xx',
  'timeout',
  'connection_error',
  'too_large',
]

/** A request's `status` label: its status class, or `aborted` when it never finished. */
type StatusLabel = '1xx' | '2xx' | '3xx' | '4xx' | '5xx' | 'aborted'

const STATUS_CLASSES: readonly StatusLabel[] = ['1xx', '2xx', '3xx', '4xx', '5xx']

export function statusLabel(status: number | null, aborted: boolean): StatusLabel {
  if (aborted || status === null) return 'aborted'
  return STATUS_CLASSES[Math.floor(status / 100) - 1] ?? '5xx'
}

export interface Metrics {
  readonly registry: Registry
  /** One request the server answered (request-log.ts). */
  request(route: string, method: string, status: StatusLabel, seconds: number): void
  /** For createHttpUpstream: every call to the service. */
  readonly upstream: UpstreamObserver
  /** For createProxyServer: sessions opened and ended. */
  readonly proxy: ProxyEvents
  /** An operation the store refused (src/proxy/store/redis-store.ts onUnavailable). */
  storeUnavailable(): void
}

export function createMetrics(): Metrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const registers = [registry]

  const requests = new Counter({
    name: 'playground_http_requests_total',
    help: 'Requests the server answered, by route (a fixed list), method and status class.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  })
  const requestSeconds = new Histogram({
    name: 'playground_http_request_duration_seconds',
    help: 'From when Node received a request until its response finished or its connection closed.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  })
  const upstreamCalls = new Counter({
    name: 'playground_upstream_requests_total',
    help: 'Calls to the service (the API, the token endpoint, the readiness probe), by outcome.',
    labelNames: ['outcome'] as const,
    registers,
  })
  const storeErrors = new Counter({
    name: 'playground_store_errors_total',
    help: 'Store operations refused because the store (Redis) did not answer.',
    registers,
  })
  const sessionsOpened = new Counter({
    name: 'playground_sessions_opened_total',
    help: 'Logins completed (a session cookie written), by flow.',
    labelNames: ['flow'] as const,
    registers,
  })
  const sessionsEnded = new Counter({
    name: 'playground_sessions_ended_total',
    help: 'Sessions ended before their cookie expired: logout, or a token the service refused.',
    labelNames: ['reason'] as const,
    registers,
  })
  // Every fixed label value from the start, so that a rate() sees a zero, not a missing series.
  for (const outcome of UPSTREAM_OUTCOMES) upstreamCalls.inc({ outcome }, 0)
  for (const flow of ['authorization_code', 'client_code'] as const) sessionsOpened.inc({ flow }, 0)
  for (const reason of ['logout', 'token_refused'] as const) sessionsEnded.inc({ reason }, 0)
  storeErrors.inc(0)

  return {
    registry,
    request(route, method, status, seconds) {
      const labels = { route, method, status }
      requests.inc(labels)
      requestSeconds.observe(labels, seconds)
    },
    // A count only: the time of a forwarded call is in the request's histogram already, and
    // each observation costs every forwarded call (bench: proxy CPU per forwarded call).
    upstream: { settled: (outcome) => upstreamCalls.inc({ outcome }) },
    proxy: {
      sessionOpened: (flow) => sessionsOpened.inc({ flow }),
      sessionEnded: (reason) => sessionsEnded.inc({ reason }),
    },
    storeUnavailable: () => storeErrors.inc(),
  }
}

interface MetricsListener {
  url: string
  close(): Promise<void>
}

/** Serves `GET /metrics` (the Prometheus text format) on `host:port`, and nothing else. */
export async function listenMetrics(
  metrics: Metrics,
  host: string,
  port: number,
): Promise<MetricsListener> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
      res.end('Not found: GET /metrics\n')
      return
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, {
          'Content-Type': metrics.registry.contentType,
          'Cache-Control': 'no-store',
        })
        res.end(req.method === 'HEAD' ? undefined : text)
      },
      () => {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
        res.end('The metrics could not be collected.\n')
      },
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  const { port: bound } = server.address() as AddressInfo
  const shown = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shown}:${bound}/metrics`,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/**
 * The public port's `/metrics`: a 404 that says where the metrics are, in both languages of the
 * app, rather than the app's HTML (a scraper pointed at the wrong port would parse that).
 */
export const METRICS_ELSEWHERE =
  'Not here: metrics are served on METRICS_PORT, a listener of their own (docs/operations.md#metrics). 指标不在此端口：请使用 METRICS_PORT。\n'

export function publicMetricsRoutes(): Hono {
  const app = new Hono()
  app.all('/metrics', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.text(METRICS_ELSEWHERE, 404)
  })
  return app
}
