/**
 * Load shedding: at most `maxConcurrent` requests in flight in this instance; the next one is
 * answered at once with 503 and `Retry-After` (RFC 9110 §15.6.4, §10.2.3) instead of queueing
 * behind the others until every caller times out. What is admitted still finishes within the
 * service's time-out, and a client (or nginx, which tries the next replica for a GET,
 * scripts/cluster/nginx.ts) knows to come back. The load balancer's probes are never shed: an
 * instance that is busy is alive and ready, and taking it out of the pool would only send its
 * share to the others (docs/operations.md#overload).
 *
 * Enforced by load-shedding.test.ts, and through nginx by src/server/cluster.test.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

type Listener = (req: IncomingMessage, res: ServerResponse) => void

export interface LoadSheddingOptions {
  maxConcurrent: number
  /** Seconds a shed client is asked to wait. */
  retryAfterSeconds?: number
}

const PROBES = /^\/(healthz|readyz)(\?|$)/
/** The proxy's areas answer JSON in its one error shape (proxy/api/http-errors.ts). */
const JSON_AREAS = /^\/(auth|api)(\/|\?|$)/

function shed(req: IncomingMessage, res: ServerResponse, retryAfterSeconds: number): void {
  const message = `This playground server is busy: the request was not run. Try again in ${retryAfterSeconds} s.`
  const isJson = JSON_AREAS.test(req.url ?? '/')
  // Its body is not read: drop it rather than keep the connection for it.
  res.shouldKeepAlive = false
  res.writeHead(503, {
    'Content-Type': isJson ? 'application/json' : 'text/plain; charset=utf-8',
    'Retry-After': String(retryAfterSeconds),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  })
  res.end(
    isJson
      ? JSON.stringify({ status: 503, message })
      : `${message}\n演练场服务器正忙，本次请求没有执行。请 ${retryAfterSeconds} 秒后重试。\n`,
  )
}

/** Wraps the server's listener with the bound; the count is of this listener's requests. */
export function shedLoad(listener: Listener, options: LoadSheddingOptions): Listener {
  const retryAfterSeconds = options.retryAfterSeconds ?? 1
  let inFlight = 0
  const done = () => (inFlight -= 1)
  return (req, res) => {
    if (inFlight >= options.maxConcurrent && !PROBES.test(req.url ?? '/')) {
      shed(req, res, retryAfterSeconds)
      return
    }
    inFlight += 1
    res.once('close', done)
    listener(req, res)
  }
}
