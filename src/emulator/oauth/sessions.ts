/**
 * The emulator's own sign-in session (a cookie on the emulator's host) and form reading.
 */
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Context } from 'hono'
import {
  SESSION_COOKIE,
  SESSION_TTL_MS,
  SIGN_IN_COOKIE,
  type EmulatorDeps,
  type EmulatorEnv,
} from '../context'
import { EmulatorError } from '../emulator-error'
import { chooseLangFromForm } from '../pages/page-locale'
import type { SeedUser } from '../seed'
import { randomBase64Url, safeEqual } from '../secrets'
import type { Session } from '../store'
import { requestUrl } from '../../protocol/request-url'

export interface SignedIn {
  session: Session
  user: SeedUser
}

export function currentSession(c: Context, deps: EmulatorDeps): SignedIn | null {
  const id = getCookie(c, SESSION_COOKIE)
  if (id === undefined) return null
  const session = deps.store.sessions.get(id)
  if (session === undefined) return null
  if (deps.now() - session.createdAt > SESSION_TTL_MS) {
    deps.store.sessions.delete(id)
    return null
  }
  const user = deps.directory.userById(session.userId)
  return user === undefined ? null : { session, user }
}

/** A fresh session id on every sign-in, so a planted cookie is never upgraded (session fixation). */
export function startSession(c: Context, deps: EmulatorDeps, user: SeedUser): Session {
  const previous = getCookie(c, SESSION_COOKIE)
  if (previous !== undefined) deps.store.sessions.delete(previous)
  const session: Session = {
    id: randomBase64Url(deps.random, 32),
    userId: user.id,
    csrf: randomBase64Url(deps.random, 32),
    createdAt: deps.now(),
  }
  deps.store.sessions.set(session.id, session)
  // Lax: the cookie still arrives on the top-level navigation from the client to /oauth2/authorize,
  // but not on cross-site POSTs; HttpOnly: no script on any page may read it.
  setCookie(c, SESSION_COOKIE, session.id, { path: '/', httpOnly: true, sameSite: 'Lax' })
  return session
}

export function endSession(c: Context, deps: EmulatorDeps): void {
  const id = getCookie(c, SESSION_COOKIE)
  if (id !== undefined) deps.store.sessions.delete(id)
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax' })
}

/**
 * The sign-in form's CSRF token: a double-submit cookie, as there is no session yet (login CSRF,
 * RFC 6749 §10.12 and docs/security.md#k4 applied to the sign-in form). The cookie is reused while
 * it lives, so two open sign-in tabs both work.
 */
export function signInCsrf(c: Context, deps: EmulatorDeps): string {
  const existing = getCookie(c, SIGN_IN_COOKIE)
  if (existing !== undefined && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing
  const token = randomBase64Url(deps.random, 32)
  setCookie(c, SIGN_IN_COOKIE, token, { path: '/session', httpOnly: true, sameSite: 'Lax' })
  return token
}

export function isSignInCsrfValid(c: Context, submitted: string | null): boolean {
  const cookie = getCookie(c, SIGN_IN_COOKIE)
  return cookie !== undefined && submitted !== null && safeEqual(cookie, submitted)
}

export function isCsrfValid(session: Session, submitted: string | null): boolean {
  return submitted !== null && safeEqual(session.csrf, submitted)
}

/**
 * Whether a form post comes from one of the emulator's own pages, as the browser tells it. A page
 * on another port of this host can toss the double-submit cookie (cookies ignore ports, RFC 6265
 * §8.5) but cannot change what the browser says of where it is: `Sec-Fetch-Site` (Fetch
 * Metadata) is `same-site`, never `same-origin`, for another port, and `Origin` names its origin.
 * These pages send no referrer (page-shell.tsx), so their own posts carry `Origin: null` (Fetch,
 * "serializing a request origin"): for `null`, Fetch Metadata decides. A post with neither header
 * (a script, an old browser) still needs the form's token (docs/security.md#s3).
 */
function isFromOwnPage(c: Context<EmulatorEnv>): boolean {
  const site = c.req.header('Sec-Fetch-Site')
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false
  const origin = c.req.header('Origin')
  return origin === undefined || origin === 'null' || origin === requestUrl(c.req.url).origin
}

/**
 * Reads an HTML form post; anything but `application/x-www-form-urlencoded` is refused. A form
 * of a page in a chosen language carries `lang`: the answer (and any error) stays in it.
 */
export async function readForm(c: Context<EmulatorEnv>): Promise<URLSearchParams> {
  if (!isFromOwnPage(c)) {
    throw new EmulatorError(403, 'This form can only be sent from the emulator’s own pages.')
  }
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/x-www-form-urlencoded') {
    throw new EmulatorError(400, 'This form must be sent as application/x-www-form-urlencoded.')
  }
  const form = new URLSearchParams(await c.req.text())
  chooseLangFromForm(c, form)
  return form
}

/** One value of a parameter that may appear at most once (RFC 6749 §3.1), or null when absent. */
export function oneParam(values: readonly string[] | undefined, name: string): string | null {
  if (values === undefined || values.length === 0) return null
  if (values.length > 1) {
    throw new EmulatorError(
      400,
      `The parameter "${name}" appears more than once; each parameter may be sent only once (RFC 6749 §3.1).`,
    )
  }
  return values[0] ?? null
}

export function oneField(form: URLSearchParams, name: string): string | null {
  return oneParam(form.getAll(name), name)
}
