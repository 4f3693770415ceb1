/**
 * The proxy's throttles: calls per client in a fixed window, counted in the StateStore so that
 * every replica shares the count, and keyed by client as every throttle is
 * (src/proxy/client-address.ts, docs/security.md#s5). These:
 * - client-code starts (RFC 8628 §5.4, remote phishing): each start makes a consent page that can
 *   be sent to someone else (CLIENT_CODE_START_LIMIT per 10 minutes, docs/security.md#p1);
 * - login starts and code exchanges (LOGIN_RATE_LIMIT per minute, each): every exchange can call
 *   the token endpoint with the app's secret, so nobody may drive it at will
 *   (docs/security.md#s4);
 * - the flow lab's runs (LOGIN_RATE_LIMIT per minute too): each makes several calls to the
 *   service (src/proxy/lab/lab-routes.ts);
 * - and one per app, not per client: the lab's wrong-secret scenario, which the service counts
 *   against the app from the proxy's one address (see throttleSecretGuess).
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

/**
 * Counts this call; answers the 429 to send when its client (or, with `key`, whatever that names)
 * is over the limit, else null.
 */
async function throttle(
  ctx: ProxyContext,
  c: Context,
  rule: Throttle,
  key = throttleKeyOf(c, ctx.config.trustedProxies),
): Promise<Response | null> {
  const now = ctx.clock()
  const window = Math.floor(now / rule.windowMs)
  const calls = await ctx.store.increment(`throttle:${rule.name}:${key}:${window}`, rule.windowMs)
  if (calls <= rule.limit) return null
  const retryAfter = Math.ceil(((window + 1) * rule.windowMs - now) / 1000)
  const minutes = rule.windowMs / 60_000
  c.header('Retry-After', String(retryAfter))
  return proxyError(
    c,
    429,
    'rate_limited',
    `Too many ${rule.what} (${rule.limit} per ${minutes === 1 ? 'minute' : `${minutes} minutes`}). Try again in ${retryAfter} s${rule.otherwise ?? ''}.`,
  )
}

export function throttleStart(ctx: ProxyContext, c: Context): Promise<Response | null> {
  return throttle(ctx, c, {
    name: 'cc-start',
    limit: ctx.config.clientCodeStartLimit,
    windowMs: START_WINDOW_MS,
    what: 'client-code logins started from this address',
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
    what: `${step === 'start' ? 'logins started' : 'codes exchanged'} from this address`,
  })
}

/** The flow lab's scenario runs (src/proxy/lab/lab-routes.ts), per client as logins are. */
export function throttleLabRun(ctx: ProxyContext, c: Context): Promise<Response | null> {
  return throttle(ctx, c, {
    name: 'lab-run',
    limit: ctx.config.loginRateLimit,
    windowMs: LOGIN_WINDOW_MS,
    what: 'flow lab scenarios run from this address',
  })
}

/**
 * The service counts wrong client secrets per app and address, and locks the app out of its
 * token endpoint after 10 in 15 minutes (src/emulator/oauth/throttle.ts, docs/security.md#s1).
 * The proxy is one address for every browser, so the lab's wrong-secret scenario would lock the
 * operator's app out for everyone: it runs at most LAB_SECRET_GUESS_LIMIT times per app in each
 * fixed 15-minute window, whoever asks, so that any 15 minutes see at most twice that (8 < 10).
 */
export const LAB_SECRET_GUESS_LIMIT = 4
export const LAB_SECRET_GUESS_WINDOW_MS = 15 * 60_000

export function throttleSecretGuess(
  ctx: ProxyContext,
  c: Context,
  clientId: string,
): Promise<Response | null> {
  return throttle(
    ctx,
    c,
    {
      name: 'lab-secret-guess',
      limit: LAB_SECRET_GUESS_LIMIT,
      windowMs: LAB_SECRET_GUESS_WINDOW_MS,
      what: 'runs of the wrong-secret scenario for this app, from anyone',
      otherwise:
        ': the service locks an app out of its token endpoint after 10 wrong secrets in 15 minutes from one address, and the playground is one address for everyone',
    },
    `app:${encodeURIComponent(clientId)}`,
  )
}
