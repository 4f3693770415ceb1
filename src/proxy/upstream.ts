/**
 * The proxy's outbound HTTP client. It never follows redirects (checklist C3: a custom
 * `X-Auth-Token` header would travel on to wherever a redirect points), has a time-out and a
 * response size cap. Built on node:http rather than fetch(): on Node 20 fetch() costs about
 * three times as much per request (measured with --cpu-prof).
 */
import http from 'node:http'
import https from 'node:https'
import type { HttpMethod } from '../protocol/endpoints'
import type { HeaderSource } from '../protocol/headers'

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

export class UpstreamError extends Error {
  override readonly name = 'UpstreamError'
  constructor(
    readonly kind: UpstreamFailure,
    message: string,
  ) {
    super(message)
  }
}

/** The longest an idle keep-alive socket is kept when the service announces no time-out. */
const IDLE_SOCKET_TIMEOUT_MS = 30_000

export function createHttpUpstream(): Upstream & { close(): void } {
  // An idle socket is dropped before the service would close it: Node's agent honours the
  // answer's `Keep-Alive: timeout=N` (drops at N − 1 s) only when the agent has a timeout of its
  // own. Without one, a socket the service is closing gets reused and the call fails with
  // ECONNRESET (upstream-keep-alive.test.ts; the cluster test's load saw it as 502s).
  const agentOptions = { keepAlive: true, maxSockets: 64, timeout: IDLE_SOCKET_TIMEOUT_MS }
  const agents = {
    'http:': new http.Agent(agentOptions),
    'https:': new https.Agent(agentOptions),
  }
  const upstream: Upstream = (request) =>
    new Promise<UpstreamResponse>((resolve, reject) => {
      const isHttps = request.url.protocol === 'https:'
      const send = isHttps ? https.request : http.request
      // No socket time-out of its own: the timer below bounds the whole exchange, which an idle
      // socket cannot outlast, and arming a socket's time-out costs every call (bench: proxy CPU
      // per forwarded call).
      const req = send(request.url, {
        method: request.method,
        headers: request.headers,
        agent: isHttps ? agents['https:'] : agents['http:'],
      })
      // Settles exactly once, whichever comes first: the end of the body, an error of the
      // request or the response, a close before the end (the service dropped the connection
      // mid-body: Node emits no error for it), or the time-out over the whole exchange.
      let isSettled = false
      const fail = (error: Error) => {
        if (isSettled) return
        isSettled = true
        clearTimeout(timer)
        req.destroy()
        reject(
          error instanceof UpstreamError ? error : new UpstreamError('unreachable', error.message),
        )
      }
      const timedOut = () =>
        fail(new UpstreamError('timeout', `no answer within ${request.timeoutMs} ms`))
      const timer = setTimeout(timedOut, request.timeoutMs)
      req.on('error', fail)
      req.on('response', (res) => {
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > request.maxBytes) {
            fail(new UpstreamError('too_large', `response larger than ${request.maxBytes} bytes`))
            return
          }
          chunks.push(chunk)
        })
        // An error of the response is the connection ending early ("aborted"). Every response
        // closes after its 'end': the error is built only when the promise is still open, as
        // building one captures a stack (bench: proxy CPU per forwarded call).
        const dropped = () => {
          if (!isSettled) {
            fail(
              new UpstreamError('unreachable', 'the connection closed before the response ended'),
            )
          }
        }
        res.on('error', dropped)
        res.on('close', dropped)
        res.on('end', () => {
          if (isSettled) return
          isSettled = true
          clearTimeout(timer)
          // Node already lower-cases the names: a view over them is enough (no Headers object
          // per request on the hot path).
          const raw = res.headers
          const headers: HeaderSource = {
            get(name) {
              const value = raw[name.toLowerCase()]
              return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
            },
          }
          resolve({
            status: res.statusCode ?? 502,
            headers,
            body: Buffer.concat(chunks).toString('utf8'),
          })
        })
      })
      req.end(request.body)
    })
  return Object.assign(upstream, {
    close() {
      agents['http:'].destroy()
      agents['https:'].destroy()
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
