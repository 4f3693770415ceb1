/**
 * One line per request the server answers, and its metrics, written around the whole node:http
 * listener: the proxy's `/auth` and `/api` (both doors of the API: src/server/dispatch.ts), the
 * health checks, the pages and the assets. Only here is every request seen from when Node
 * received it (the listener's call) until its response finished or its connection closed, so
 * the time is measured here: a route's clock sees neither the answer written nor the client
 * gone, and the requests no route of the proxy answers not at all.
 *
 * The line: method, path (never the query: it can hold a code or a state), status, duration in
 * ms, the request id, the instance; `aborted` when the connection closed first. Level by outcome:
 * a 5xx is an error, anything else info. A health check answered 2xx writes no line: the balancer
 * polls every few seconds on every replica, and those lines would bury the others; it is still
 * counted in the metrics, and a failing check (503) is logged, as a warning, since the cause has
 * a line of its own (docs/operations.md#logs).
 *
 * The request id: the incoming `X-Request-Id` when it is safe (src/proxy/request-id.ts) and
 * the log would write it as it is, else a new UUID. It replaces the request's header, so that
 * the proxy forwards that one to the service, and goes back in the answer.
 *
 * Per request: a few fields on the response and one listener, the same function for every
 * request (no closure per request), and for a text line without metrics no route and no object
 * of fields (bench: proxy CPU per forwarded call).
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { hostname } from 'node:os'
import { logSafe } from '../protocol/log-safe'
import { REQUEST_ID_HEADER, isSafeRequestId } from '../proxy/request-id'
import type { Logger } from './logger'
import { statusLabel, type Metrics } from './metrics'
import { isHealthPath, type RouteLabeler } from './route-label'

type Listener = (req: IncomingMessage, res: ServerResponse) => void

const HEADER = REQUEST_ID_HEADER.toLowerCase()

/**
 * This replica's name (the logger's `instance`): INSTANCE_ID, else the host's name and the
 * process id. Of a long host name (a pod's) the end, which tells replicas apart, and short
 * enough that the log does not take it for a token (server-config.ts, INSTANCE_ID).
 */
export function instanceName(instanceId: string | null): string {
  return instanceId ?? `${hostname().slice(-20)}-${process.pid}`
}

interface RequestObserverOptions {
  /** Made with the instance's name (instanceName), which it writes on every line. */
  log: Logger
  routeOf: RouteLabeler
  /** Null: nothing counted (METRICS_PORT unset). */
  metrics: Metrics | null
}

/** What the observer keeps on a response until it closes. */
interface Observed extends ServerResponse {
  observedStart?: number
  observedId?: string
}

/** The path of a request target: without its query or fragment. */
function pathOf(target: string): string {
  let end = target.indexOf('?')
  const fragment = target.indexOf('#')
  if (fragment !== -1 && (end === -1 || fragment < end)) end = fragment
  return end === -1 ? target : target.slice(0, end)
}

/** Wraps the server's listener: `listener` answers, this writes the line and counts. */
export function observeRequests(listener: Listener, options: RequestObserverOptions): Listener {
  const { log, metrics, routeOf } = options

  // The route is a metrics label and a JSON field: not worked out for a text line alone.
  const needsRoute = metrics !== null || log.format === 'json'

  function finished(this: Observed): void {
    const req = this.req
    const durationMs = performance.now() - (this.observedStart ?? 0)
    const aborted = !this.writableFinished
    const status = this.headersSent ? this.statusCode : null
    const method = req.method ?? '-'
    const path = pathOf(req.url ?? '')
    const route = needsRoute ? routeOf(method, path) : null
    metrics?.request(route ?? '', method, statusLabel(status, aborted), durationMs / 1000)
    const isHealth = isHealthPath(path)
    const isFailed = aborted || status === null || status >= 400
    if (isHealth && !isFailed) return
    const level = status !== null && status >= 500 ? (isHealth ? 'warn' : 'error') : 'info'
    const shown = logSafe(path)
    const ms = Math.round(durationMs)
    const id = this.observedId ?? '-'
    const line = `${method} ${shown} ${status ?? '-'} ${ms} ms${aborted ? ' aborted' : ''}`
    if (log.format === 'text') {
      log.event(level, `${line} id=${id}`)
      return
    }
    const fields = { requestId: id, method, path: shown, route, status, durationMs: ms, aborted }
    log.event(level, line, fields)
  }

  return (req, res) => {
    const observed = res as Observed
    observed.observedStart = performance.now()
    const incoming = req.headers[HEADER]
    const id =
      typeof incoming === 'string' && isSafeRequestId(incoming) && log.writesAsIs(incoming)
        ? incoming
        : randomUUID()
    req.headers[HEADER] = id
    observed.observedId = id
    res.setHeader(REQUEST_ID_HEADER, id)
    res.on('close', finished)
    listener(req, res)
  }
}
