/**
 * The proxy's throttles: calls per client in a fixed window, counted in the StateStore so that
 * every replica shares the count, and keyed by client as every throttle is
 * (src/proxy/client-address.ts, docs/security.md#s5). Two of them:
 * - client-code starts (RFC 8628 §5.4, remote phishing): each start makes a consent page that can
 *   be sent to someone else (CLIENT_CODE_START_LIMIT per 10 minutes, docs/security.md#p1);
 * - login starts and code exchanges (LOGIN_RATE_LIMIT per minute, each): every exchange can call
 *   the token endpoint with the app's secret, so nobody may drive it at will
 *   (docs/security.md#s4).
 */
import type { Context } from 'hono'
import type { ProxyContext } from '../context'
import { proxyError } from '../api/http-errors'
import { throttleKeyOf } from '../client-address'

export const START_WINDOW_MS = 10 * 60_000
export const LOGIN_WINDOW_MS = 60_000

interface Throttle {
  /** Names the counter in the store. */
  name: string
  limit: number
  windowMs: number
  /** What was refused, for the message: "client-code logins started", … */
  what: string
  /** What the user can do instead, or nothing: ", or use the authorization-code flow". */
  otherwise?: string
}

/** Counts this call; answers the 429 to send when its client is over the limit, else null. */
async function throttle(ctx: ProxyContext, c: Context, rule: Throttle): Promise<Response | null> {
  const now = ctx.clock()
  const window = Math.floor(now / rule.windowMs)
  const client = throttleKeyOf(c, ctx.config.trustedProxies)
  const calls = await ctx.store.increment(
    `throttle:${rule.name}:${client}:${window}`,
    rule.windowMs,
  )
  if (calls <= rule.limit) return null
  const retryAfter = Math.ceil(((window + 1) * rule.windowMs - now) / 1000)
  const minutes = rule.windowMs / 60_000
  c.header('Retry-After', String(retryAfter))
  return proxyError(
    c,
    429,
    'rate_limited',
    `Too many ${rule.what} from this address (${rule.limit} per ${minutes === 1 ? 'minute' : `${minutes} minutes`}). Try again in ${retryAfter} s${rule.otherwise ?? ''}.`,
  )
}

export function throttleStart(ctx: ProxyContext, c: Context): Promise<Response | null> {
  return throttle(ctx, c, {
    name: 'cc-start',
    limit: ctx.config.clientCodeStartLimit,
    windowMs: START_WINDOW_MS,
    what: 'client-code logins started',
    otherwise: ', or use the authorization-code flow',
  })
}

/** `/auth/start` and `/auth/exchange`, each counted on its own. */
export function throttleLogin(
  ctx: ProxyContext,
  c: Context,
  step: 'start' | 'exchange',
): Promise<Response | null> {
  return throttle(ctx, c, {
    name: `login-${step}`,
    limit: ctx.config.loginRateLimit,
    windowMs: LOGIN_WINDOW_MS,
    what: step === 'start' ? 'logins started' : 'codes exchanged',
  })
}
