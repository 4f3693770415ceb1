/**
 * A call the fast lane (fast-lane.ts) sent to the service but leaves to the full route to
 * answer: the service's answer waits here, keyed by the request, so that the route finishes the
 * call with it instead of sending it a second time.
 */
import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import type { UpstreamResponse } from './upstream'

export type Outcome = { ok: true; response: UpstreamResponse } | { ok: false; error: unknown }

const handovers = new WeakMap<IncomingMessage, { url: string; outcome: Outcome }>()

export function handOver(req: IncomingMessage, url: URL, outcome: Outcome): void {
  handovers.set(req, { url: url.href, outcome })
}

/**
 * The service's answer the lane already has for this request, when it was for this very URL;
 * undefined otherwise (the route then calls the service itself). Taken once.
 */
export function takeHandover(c: Context, url: URL): Promise<UpstreamResponse> | undefined {
  // The Node adapter passes its IncomingMessage as the request's env; tests call without one.
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  const handover = incoming === undefined ? undefined : handovers.get(incoming)
  if (incoming === undefined || handover === undefined) return undefined
  handovers.delete(incoming)
  if (handover.url !== url.href) return undefined
  const { outcome } = handover
  return outcome.ok ? Promise.resolve(outcome.response) : Promise.reject(outcome.error)
}
