/**
 * RFC 8628 §5.4 (remote phishing): each client-code start makes a consent page that can be sent
 * to someone else, so starts are limited per client address (CLIENT_CODE_START_LIMIT in each
 * fixed window), counted in the StateStore so that every replica shares the count.
 */
import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import type { ProxyContext } from '../context'
import { proxyError } from '../api/http-errors'

export const START_WINDOW_MS = 10 * 60_000

/**
 * The TCP peer's address (Node adapter), or `unknown` in-process. X-Forwarded-For is not read:
 * nothing vouches for it. Behind a load balancer every client shares its address (README).
 */
function clientAddress(c: Context): string {
  const env = c.env as { incoming?: IncomingMessage } | undefined
  return env?.incoming?.socket.remoteAddress ?? 'unknown'
}

/** Counts this start; answers the 429 to send when the address is over its limit, else null. */
export async function throttleStart(ctx: ProxyContext, c: Context): Promise<Response | null> {
  const now = ctx.clock()
  const window = Math.floor(now / START_WINDOW_MS)
  const limit = ctx.config.clientCodeStartLimit
  const starts = await ctx.store.increment(
    `throttle:cc-start:${clientAddress(c)}:${window}`,
    START_WINDOW_MS,
  )
  if (starts <= limit) return null
  const retryAfter = Math.ceil(((window + 1) * START_WINDOW_MS - now) / 1000)
  c.header('Retry-After', String(retryAfter))
  return proxyError(
    c,
    429,
    'rate_limited',
    `Too many client-code logins started from this address (${limit} per ${START_WINDOW_MS / 60_000} minutes). Try again in ${retryAfter} s, or use the authorization-code flow.`,
  )
}
