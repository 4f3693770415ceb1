/**
 * Answers with a queued test-control fault instead of the emulator: a delay, a dropped
 * connection, a redirect, or a status with a body. A tagged fault answers only a request naming
 * its tag in FAULT_TAG_HEADER (docs/emulator.md#tagged-faults). An injected body is served with a
 * CSP that runs nothing (`default-src 'none'; sandbox`): a fault is data for the client under
 * test, never a page on the emulator's origin that could read its cookies or forms.
 */
import type { IncomingMessage } from 'node:http'
import type { Context, MiddlewareHandler } from 'hono'
import { areaOf, type EmulatorEnv } from '../context'
import { EmulatorError } from '../emulator-error'
import { renderError } from '../errors'
import type { Fault, Store } from '../store'
import { FAULT_TAG_HEADER } from './test-control'

/** The CSP of every injected answer: no script, no subresource, a unique opaque origin. */
const FAULT_CSP = "default-src 'none'; sandbox"

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * `honourTag`: whether the request's FAULT_TAG_HEADER is read (test control on, as `Prefer` is);
 * without it every request is untagged, and takes untagged faults only.
 */
export function serveFaults(store: Store, honourTag: boolean): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    if (areaOf(c.req.path) === 'control') return next()
    const tag = honourTag ? (c.req.header(FAULT_TAG_HEADER) ?? null) : null
    const fault = store.takeFault(c.req.method, c.req.path, tag)
    if (fault === undefined) return next()
    c.get('log').fault = true
    if (fault.delayMs > 0) await sleep(fault.delayMs)
    if (fault.drop) return dropConnection(c)
    if (fault.redirectTo !== null) {
      return c.body(null, 302, { ...fault.headers, Location: fault.redirectTo })
    }
    if (fault.status === null) return next()
    return faultResponse(c, fault, fault.status)
  }
}

async function faultResponse(
  c: Context<EmulatorEnv>,
  fault: Fault,
  status: number,
): Promise<Response> {
  const headers = new Headers(fault.headers)
  // Set last, over whatever the fault asked for (test-control.test: "serves injected faults…").
  const contain = (response: Response) => {
    for (const [name, value] of headers) response.headers.set(name, value)
    response.headers.set('Content-Security-Policy', FAULT_CSP)
    response.headers.set('X-Content-Type-Options', 'nosniff')
    return response
  }
  const isContentless = status === 204 || status === 205 || status === 304
  if (isContentless) return contain(new Response(null, { status }))
  if (fault.body === undefined) {
    if (status < 400) return contain(new Response(null, { status }))
    // Without a body, answer in the shape the real endpoint's errors have.
    const shaped = await renderError(
      c,
      new EmulatorError(status as EmulatorError['status'], `Injected fault (${status})`),
    )
    return contain(shaped)
  }
  if (typeof fault.body === 'string') {
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'text/plain; charset=utf-8')
    return contain(new Response(fault.body, { status }))
  }
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  return contain(new Response(JSON.stringify(fault.body), { status }))
}

/**
 * Closes the socket without writing a byte: the client sees a reset connection, as when the
 * service is down. `app.request()` has no socket to close; it gets a 503 in the area's shape.
 */
function dropConnection(c: Context<EmulatorEnv>): Promise<Response> | Response {
  const env: unknown = c.env
  const incoming =
    typeof env === 'object' && env !== null && 'incoming' in env
      ? (env as { incoming: IncomingMessage }).incoming
      : undefined
  if (incoming === undefined) {
    return renderError(c, new EmulatorError(503, 'Injected fault: the connection was dropped'))
  }
  incoming.socket.destroy()
  // Never sent (the socket is gone); the log shows nginx's "closed without response" status.
  return new Response(null, { status: 444 })
}
