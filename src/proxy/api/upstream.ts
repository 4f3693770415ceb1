/**
 * The proxy's outbound HTTP client. It never follows redirects (docs/security.md#c3: a custom
 * `X-Auth-Token` header would travel on to wherever a redirect points), has a time-out and a
 * response size cap.
 */
import { errors, type Dispatcher } from 'undici'
import type { HttpMethod } from '../../protocol/endpoints'
import type { HeaderSource } from '../../protocol/headers'
import { lookupWithLocalhost } from './localhost-lookup'
import { createDispatcher, type OutboundProxy } from './outbound-proxy'

export interface UpstreamRequest {
  method: HttpMethod
  url: URL
  headers: Record<string, string>
  body?: string
  timeoutMs: number
  maxBytes: number
}

export interface UpstreamResponse {
  status: number
  headers: HeaderSource
  body: string
}

export type Upstream = (request: UpstreamRequest) => Promise<UpstreamResponse>

export type UpstreamFailure = 'timeout' | 'unreachable' | 'too_large'

/**
 * How one call to the service ended, for the server's metrics (src/server/metrics.ts): `ok` for
 * a 2xx, else the answer's status class, or why there was no answer.
 */
export type UpstreamOutcome =
  'ok' | '3xx' | '4xx' | '5xx' | 'timeout' | 'connection_error' | 'too_large'

/** Told of every call once it settles; called on the hot path, so it must be cheap. */
export interface UpstreamObserver {
  settled(outcome: UpstreamOutcome): void
}

const FAILURE_OUTCOMES: Record<UpstreamFailure, UpstreamOutcome> = {
  timeout: 'timeout',
  unreachable: 'connection_error',
  too_large: 'too_large',
}

function statusOutcome(status: number): UpstreamOutcome {
  if (status < 300) return 'ok'
  if (status < 400) return '3xx'
  return status < 500 ? '4xx' : '5xx'
}

export class UpstreamError extends Error {
  override readonly name = 'UpstreamError'
  constructor(
    readonly kind: UpstreamFailure,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Idle keep-alive sockets: kept this long when the service announces no time-out (undici's
 * default), and dropped 1 s before the time-out it announces (`Keep-Alive: timeout=N`), so that
 * no call goes down a socket the service is closing (upstream-keep-alive.test.ts; the cluster
 * test's load saw such calls as 502s, ECONNRESET).
 */
const IDLE_SOCKET_TIMEOUT_MS = 4_000
const KEEP_ALIVE_MARGIN_MS = 1_000

/**
 * One call to the service, as undici's dispatcher reports it. It settles exactly once,
 * whichever comes first: the end of the body, an error of the exchange (a refused connection,
 * the service closing it mid-body), the size cap, or the time-out over the whole exchange. A
 * class, so that a call costs one object rather than a closure per callback (bench: proxy CPU
 * per forwarded call).
 */
class Exchange implements Dispatcher.DispatchHandler {
  private isSettled = false
  private controller: Dispatcher.DispatchController | undefined
  private readonly timer: NodeJS.Timeout
  private status = 502
  private headers: Record<string, string | string[] | undefined> = {}
  private readonly chunks: Buffer[] = []
  private size = 0

  constructor(
    private readonly request: UpstreamRequest,
    private readonly resolve: (response: UpstreamResponse) => void,
    private readonly reject: (error: UpstreamError) => void,
    private readonly observer: UpstreamObserver | null,
  ) {
    this.timer = setTimeout(timeOut, request.timeoutMs, this)
  }

  /** The time-out over the whole exchange came first. */
  expire() {
    this.fail(new UpstreamError('timeout', `no answer within ${this.request.timeoutMs} ms`))
  }

  fail(error: Error) {
    if (this.isSettled) return
    this.isSettled = true
    clearTimeout(this.timer)
    // Before the request is written there is no controller yet: onRequestStart aborts it then,
    // so a call that timed out in the queue is never sent.
    this.controller?.abort(error)
    const failure =
      error instanceof UpstreamError ? error : new UpstreamError('unreachable', error.message)
    this.observer?.settled(FAILURE_OUTCOMES[failure.kind])
    this.reject(failure)
  }

  onRequestStart(controller: Dispatcher.DispatchController) {
    this.controller = controller
    if (this.isSettled)
      controller.abort(new UpstreamError('timeout', 'given up before it was sent'))
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ) {
    this.status = statusCode
    this.headers = headers
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer) {
    this.size += chunk.length
    if (this.size > this.request.maxBytes) {
      this.fail(
        new UpstreamError('too_large', `response larger than ${this.request.maxBytes} bytes`),
      )
      return
    }
    this.chunks.push(chunk)
  }

  onResponseEnd() {
    if (this.isSettled) return
    this.isSettled = true
    clearTimeout(this.timer)
    this.observer?.settled(statusOutcome(this.status))
    // undici already lower-cases the names: a view over them is enough (no Headers object per
    // request on the hot path).
    const raw = this.headers
    const headers: HeaderSource = {
      get(name) {
        const value = raw[name.toLowerCase()]
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
      },
    }
    this.resolve({
      status: this.status,
      headers,
      body: Buffer.concat(this.chunks).toString('utf8'),
    })
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error) {
    // A connection closed before the response ended reaches here as undici's SocketError
    // ("other side closed"): said in the words the proxy's errors use.
    this.fail(
      error instanceof errors.SocketError
        ? new UpstreamError('unreachable', 'the connection closed before the response ended')
        : error,
    )
  }
}

/** The timer's callback: one function for every call, the exchange passed as its argument. */
function timeOut(exchange: Exchange) {
  exchange.expire()
}

/**
 * Built on undici's dispatcher, the layer under its `request()` and `fetch()`, rather than
 * node:http's client: per forwarded call it costs well under half the CPU of `http.request`
 * with a keep-alive agent (bench: proxy CPU per forwarded call, `npm run bench -- --only=proxy`;
 * decision 0005). A dispatcher never follows a redirect by itself.
 */
export function createHttpUpstream(
  options: {
    connectionsPerOrigin?: number
    outboundProxy?: OutboundProxy | null
    /** Told how each call ended (the server's metrics); none by default. */
    observer?: UpstreamObserver | null
  } = {},
): Upstream & { close(): void } {
  const observer = options.observer ?? null
  const agent = createDispatcher(
    {
      connections: options.connectionsPerOrigin ?? 64,
      keepAliveTimeout: IDLE_SOCKET_TIMEOUT_MS,
      keepAliveTimeoutThreshold: KEEP_ALIVE_MARGIN_MS,
      connect: { lookup: lookupWithLocalhost },
    },
    options.outboundProxy ?? null,
  )
  const upstream: Upstream = (request) =>
    new Promise<UpstreamResponse>((resolve, reject) => {
      const exchange = new Exchange(request, resolve, reject, observer)
      try {
        agent.dispatch(
          {
            origin: request.url.origin,
            path: `${request.url.pathname}${request.url.search}`,
            method: request.method,
            headers: request.headers,
            body: request.body ?? null,
          },
          exchange,
        )
      } catch (error) {
        // A request undici will not write (a header value with a line break): nothing was sent.
        exchange.fail(error instanceof Error ? error : new Error(String(error)))
      }
    })
  return Object.assign(upstream, {
    close() {
      void agent.destroy()
    },
  })
}

/**
 * An Upstream that calls a fetch-shaped handler in-process (a Hono app's `request`), with the
 * same time-out, size cap and no-redirect behaviour. The proxy's tests run against the real
 * emulator app through it, without ports.
 */
export function createInProcessUpstream(
  handle: (input: Request) => Response | Promise<Response>,
): Upstream {
  return async (request) => {
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort()
        reject(new UpstreamError('timeout', `no answer within ${request.timeoutMs} ms`))
      }, request.timeoutMs)
    })
    try {
      const init: RequestInit = {
        method: request.method,
        headers: request.headers,
        signal: controller.signal,
      }
      if (request.body !== undefined) init.body = request.body
      const response = await Promise.race([handle(new Request(request.url, init)), timeout])
      const body = await Promise.race([response.text(), timeout])
      if (Buffer.byteLength(body) > request.maxBytes) {
        throw new UpstreamError('too_large', `response larger than ${request.maxBytes} bytes`)
      }
      return { status: response.status, headers: response.headers, body }
    } finally {
      clearTimeout(timer)
    }
  }
}
