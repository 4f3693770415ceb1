/**
 * The cookies the proxy keeps, sealed (see seal.ts) and HttpOnly:
 * - one transaction cookie per pending login (transactions.ts);
 * - the session cookie, SameSite=Strict, Path=/: the access token and its scope. The token
 *   never leaves the server in any other way.
 */
import type { Context } from 'hono'
import { deleteCookie, generateCookie, getCookie, setCookie } from 'hono/cookie'
import { parse as parseCookies, type CookieOptions } from 'hono/utils/cookie'
import { z } from 'zod'
import type { TokenResponse } from '../../protocol/schemas'
import { grantedScope } from '../../protocol/scopes'
import type { Config } from '../config'
import type { ProxyContext } from '../context'
import { AppBindingSchema, type AppBinding } from './app-binding'
import { createEndedSessions } from './ended-sessions'
import type { Sealer } from './seal'
import { createTransactionCookies, type TransactionCookies } from './transactions'
import {
  cookieCallOf,
  remember,
  sessionCookieScanner,
  tossedCookiePaths,
  type CookieCall,
} from './session-cookie'
import type { StateStore } from '../store/state-store'

/** The service's tokens never expire, so the proxy bounds the session itself (ASVS 7.3). */
export const SESSION_ABSOLUTE_SECONDS = 8 * 60 * 60
export const SESSION_IDLE_SECONDS = 60 * 60
const SESSION_TOUCH_SECONDS = 5 * 60
const UNSEALED_CACHE_SIZE = 1000

const SessionSchema = z.object({
  /** 128 random bits naming this session, so that ending it ends every copy of its cookie. */
  id: z.string().min(16),
  accessToken: z.string().min(1),
  scope: z.string(),
  requestedScope: z.string(),
  connectedAt: z.number(),
  lastActiveAt: z.number(),
  app: AppBindingSchema.optional(),
})
export type Session = z.infer<typeof SessionSchema>

/** How long a client-code attempt lives: the service keeps a pending code about as long. */
export const CLIENT_CODE_TTL_SECONDS = 600

const ClientCodeAttemptSchema = z.object({
  code: z.string(),
  scope: z.string(),
  authorizeUrl: z.string(),
  startedAt: z.number(),
  /** Names the attempt's record in the StateStore (client-code-attempts.ts), its only count. */
  id: z.string().min(16),
  /** The browser's own app the attempt signed for (app-binding.ts); absent: the operator's. */
  app: AppBindingSchema.optional(),
})
export type ClientCodeAttempt = z.infer<typeof ClientCodeAttemptSchema>

/** The connected hint's name (docs/decisions/0006-connected-hint-cookie.md). */
export const connectedHintCookieName = (isSecure: boolean) =>
  isSecure ? '__Host-pg_connected' : 'pg_connected'

/** The login transaction cookies are transactions.ts's; the others are here. */
export interface CookieJar extends TransactionCookies {
  sessionCookieName: string
  /** Not HttpOnly, value `1`, set and cleared with the session: see connectedHintCookie. */
  connectedHintCookieName: string
  /** The one pending client-code attempt of this browser (a new one replaces it). */
  writeClientCode(c: Context, attempt: ClientCodeAttempt): Promise<void>
  readClientCode(c: Context): Promise<ClientCodeAttempt | null>
  clearClientCode(c: Context): void
  readSession(call: CookieCall): Promise<Session | null>
  writeSession(call: CookieCall, session: Session): Promise<void>
  /** Clears the session cookie, every variant of it this request can reach (see below). */
  clearSession(call: CookieCall): void
  /**
   * Ends a session for good (docs/security.md#i1): its cookie is cleared, and any copy of it taken
   * before is refused until it would have expired anyway.
   */
  endSession(call: CookieCall, session: Session): Promise<'ended' | 'pending'>
  /**
   * Logout: ends the session this request's cookie holds and clears the cookie, whether or not
   * the store answers (`pending`: the end is recorded once it does; ended-sessions.ts).
   */
  logout(call: CookieCall): Promise<'none' | 'ended' | 'pending'>
  /**
   * Ends the live session this request carries, if any, before a new one replaces it ("Connect
   * again", an incremental grant): a copy of the old cookie must not outlive the replacement.
   */
  endPreviousSession(call: CookieCall): Promise<void>
  /**
   * True when a Cookie header carries the session cookie more than once: another server on a
   * sibling localhost port set one with a narrower path (cookie tossing; cookies ignore ports).
   */
  hasDuplicateSessionCookie(cookieHeader: string | undefined): boolean
}

export function createCookieJar(
  config: Config,
  sealer: Sealer,
  clock: () => number,
  store: StateStore,
): CookieJar {
  // __Host- requires Secure and Path=/ (RFC 6265bis §4.1.3.2).
  const sessionCookieName = config.isSecure ? '__Host-pg_session' : 'pg_session'
  const sessionCookie = {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure: config.isSecure,
  } as const
  // The connected hint (docs/decisions/0006-connected-hint-cookie.md): "this browser holds a
  // session", readable by the page so that a first load asks for the account's data beside
  // /auth/session instead of after it (decision 0006). It carries nothing else; the session cookie
  // stays the only proof, and the hint lives and dies with it.
  const hintCookieName = connectedHintCookieName(config.isSecure)
  const connectedHintCookie = { ...sessionCookie, httpOnly: false } as const
  // The code is a bearer secret until redeemed (docs/security.md#j3): sealed, and only sent to
  // /auth/client-code.
  const clientCodeCookieName = config.isSecure ? '__Secure-pg_cc' : 'pg_cc'
  const clientCodeCookie = {
    path: '/auth/client-code',
    httpOnly: true,
    sameSite: 'Strict',
    secure: config.isSecure,
  } as const

  // What hono/cookie's deleteCookie writes, without a context.
  const deleted = (name: string, options: CookieOptions) =>
    generateCookie(name, '', { ...options, maxAge: 0 })

  function clearSession(call: CookieCall): void {
    call.setCookie(deleted(sessionCookieName, sessionCookie))
    // A __Host- cookie can only have Path=/ (RFC 6265bis §4.1.3.2): no narrower copy can exist.
    if (!config.isSecure) {
      // The path as sent (Hono's c.req.path is decoded): see tossedCookiePaths.
      for (const path of tossedCookiePaths(new URL(call.url).pathname)) {
        call.setCookie(deleted(sessionCookieName, { ...sessionCookie, path }))
      }
    }
    if (
      call.cookieHeader !== undefined &&
      parseCookies(call.cookieHeader, hintCookieName)[hintCookieName] !== undefined
    ) {
      call.setCookie(deleted(hintCookieName, connectedHintCookie))
    }
  }

  async function writeSession(call: CookieCall, session: Session): Promise<void> {
    const remaining = Math.max(
      1,
      Math.floor((session.connectedAt + SESSION_ABSOLUTE_SECONDS * 1000 - clock()) / 1000),
    )
    const sealed = await sealer.seal('session', session, remaining)
    call.setCookie(
      generateCookie(sessionCookieName, sealed, { ...sessionCookie, maxAge: remaining }),
    )
    call.setCookie(
      generateCookie(hintCookieName, '1', { ...connectedHintCookie, maxAge: remaining }),
    )
  }

  const scanSessionCookie = sessionCookieScanner(sessionCookieName)

  // Unsealing (AES-GCM through Web Crypto) was the proxy's largest cost per API call (--cpu-prof).
  // A sealed value cannot be altered, so the session it holds is remembered by the exact value,
  // with the seal's own expiry, checked against the schema once (frozen: every call shares it);
  // the idle and ended checks still run on every call.
  const unsealedSessions = new Map<string, { session: Session | null; expiresAt: number }>()
  async function unsealSession(value: string): Promise<Session | null> {
    const payload = await sealer.unseal('session', value)
    const parsed = SessionSchema.safeParse(payload)
    const session = parsed.success ? Object.freeze(parsed.data) : null
    if (payload !== null && typeof payload.exp === 'number') {
      remember(
        unsealedSessions,
        value,
        { session, expiresAt: payload.exp * 1000 },
        UNSEALED_CACHE_SIZE,
      )
    }
    return session
  }

  // Sessions live in sealed cookies, so there is no server-side record to delete at logout
  // (decision 0003). What is kept instead is the ids of the sessions ended before their cookies
  // expire, in the StateStore (ended-sessions.ts): a copy of such a cookie is refused.
  const ended = createEndedSessions(store, clock)
  const markEnded = (session: Session) =>
    ended.end(session.id, session.connectedAt + SESSION_ABSOLUTE_SECONDS * 1000)
  async function endSession(call: CookieCall, session: Session): Promise<'ended' | 'pending'> {
    // Cleared first: the browser's copy goes even when the store does not answer.
    clearSession(call)
    return markEnded(session)
  }

  /**
   * The session a session cookie's value holds while it is live (unsealed, within its limits,
   * not ended).
   * 'ended': a logout, a new login or a refused token ended it, in an answer that already set
   * the cookie (deleted it, or wrote the new session's).
   */
  async function liveSession(
    value: string | undefined,
  ): Promise<Session | 'none' | 'dead' | 'ended'> {
    if (value === undefined) return 'none'
    const cached = unsealedSessions.get(value)
    const session =
      cached !== undefined && clock() < cached.expiresAt
        ? cached.session
        : await unsealSession(value)
    if (session === null || clock() - session.lastActiveAt > SESSION_IDLE_SECONDS * 1000) {
      return 'dead'
    }
    if (await ended.isEnded(session.id)) return 'ended'
    return session
  }

  async function readSession(call: CookieCall): Promise<Session | null> {
    const session = await liveSession(scanSessionCookie(call.cookieHeader).value)
    if (session === 'none') return null
    // An ended session's cookie is refused but not deleted here: a request the browser sent with
    // it before the login that replaced it had answered (the callback page's first session read)
    // would otherwise delete the new session's cookie, which shares its name
    // (proxy-security.test.ts, "a replaced session is ended").
    if (session === 'ended') return null
    if (session === 'dead') {
      clearSession(call)
      return null
    }
    const now = clock()
    if (now - session.lastActiveAt > SESSION_TOUCH_SECONDS * 1000) {
      await writeSession(call, { ...session, lastActiveAt: now })
    }
    return session
  }

  return {
    sessionCookieName,
    connectedHintCookieName: hintCookieName,
    ...createTransactionCookies(config, sealer),
    async writeClientCode(c, attempt) {
      const remaining = Math.max(
        1,
        Math.floor((attempt.startedAt + CLIENT_CODE_TTL_SECONDS * 1000 - clock()) / 1000),
      )
      const sealed = await sealer.seal('client-code', attempt, remaining)
      setCookie(c, clientCodeCookieName, sealed, { ...clientCodeCookie, maxAge: remaining })
    },
    async readClientCode(c) {
      const value = getCookie(c, clientCodeCookieName)
      if (value === undefined) return null
      const payload = ClientCodeAttemptSchema.safeParse(await sealer.unseal('client-code', value))
      return payload.success ? payload.data : null
    },
    clearClientCode(c) {
      deleteCookie(c, clientCodeCookieName, clientCodeCookie)
    },
    readSession,
    writeSession,
    clearSession,
    endSession,
    async logout(call) {
      const value = scanSessionCookie(call.cookieHeader).value
      // Unsealed without the store: a logout must not need it (docs/security.md#s8).
      const session = value === undefined ? null : await unsealSession(value)
      if (session === null) {
        clearSession(call)
        return 'none'
      }
      return endSession(call, session)
    },
    async endPreviousSession(call) {
      const session = await liveSession(scanSessionCookie(call.cookieHeader).value)
      if (typeof session !== 'string') await markEnded(session)
    },
    hasDuplicateSessionCookie: (cookieHeader) => scanSessionCookie(cookieHeader).count > 1,
  }
}

/**
 * Opens the session from a validated token response, the same after either flow. RFC 6749 §5.1:
 * an absent scope means the requested one was granted. The granted scope is kept canonical, and
 * the session's id comes from the proxy's injected RNG.
 */
export async function openSession(
  c: Context,
  ctx: Pick<ProxyContext, 'cookies' | 'clock' | 'randomBytes'>,
  token: TokenResponse,
  requestedScope: string,
  app: AppBinding | null = null,
): Promise<Session> {
  const now = ctx.clock()
  // A replaced session ("Connect again", an incremental grant) ends here, not whenever its
  // cookie would have expired: a copy of it taken before is refused (docs/security.md P8).
  const call = cookieCallOf(c)
  await ctx.cookies.endPreviousSession(call)
  const session: Session = {
    id: ctx.randomBytes(16).toString('base64url'),
    accessToken: token.access_token,
    scope: grantedScope(token.scope ?? requestedScope),
    requestedScope,
    connectedAt: now,
    lastActiveAt: now,
    ...(app === null ? {} : { app }),
  }
  await ctx.cookies.writeSession(call, session)
  return session
}
