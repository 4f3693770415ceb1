/**
 * Signing in (`POST /session`) and out (`POST /session/end`) of the emulator. The sign-in form
 * carries a CSRF token (login CSRF), and password guesses are throttled per address and per
 * login (throttle.ts).
 */
import { Hono } from 'hono'
import { clientKey } from '../../protocol/client-address'
import { expiredRequest, type BrowserFlow } from '../pages/browser-flow'
import type { EmulatorDeps, EmulatorEnv } from '../context'
import { excerpt, pageError } from '../emulator-error'
import { pageTextOf } from '../pages/page-locale'
import type { AppRegistration } from '../seed'
import { safeEqual } from '../secrets'
import {
  currentSession,
  endSession,
  isCsrfValid,
  isSignInCsrfValid,
  oneField,
  readForm,
  startSession,
} from './sessions'

export function createSignInRoutes(deps: EmulatorDeps, flow: BrowserFlow): Hono<EmulatorEnv> {
  const routes = new Hono<EmulatorEnv>()

  routes.post('/session', async (c) => {
    const form = await readForm(c)
    const requestId = oneField(form, 'request')
    const login = (oneField(form, 'login') ?? '').trim()
    const password = oneField(form, 'password') ?? ''
    // Login CSRF (RFC 6749 §10.12): a cross-site form must not sign the browser in.
    if (!isSignInCsrfValid(c, oneField(form, 'csrf'))) {
      throw pageError(403, (m) =>
        m.errors.badFormToken({ form: 'sign-in', hint: m.errors.hints.signInAgain }),
      )
    }
    let app: AppRegistration | null = null
    if (requestId !== null) {
      const pending = flow.pendingOf(requestId)
      if (pending === null) throw expiredRequest()
      app = deps.apps.get(pending.clientId) ?? null
    }
    const keys = [
      // One key per client, whichever form of its address (docs/security.md#s5).
      `sign-in:address:${clientKey(deps.clientAddress(c))}`,
      `sign-in:login:${login.toLowerCase()}`,
    ]
    const wait = deps.guesses.blockedFor(keys, deps.now())
    if (wait !== null) {
      const minutes = Math.ceil(wait / 60)
      throw pageError(429, (m) => m.errors.tooManySignIns({ minutes }), {
        headers: { 'Retry-After': String(wait) },
      })
    }
    const user = deps.directory.userByLogin(login)
    // Compare the password even for an unknown login, so timing does not reveal which logins exist.
    const isPasswordRight = safeEqual(password, user?.password ?? '\u0000no user')
    if (user === undefined || !isPasswordRight) {
      deps.guesses.recordFailure(keys, deps.now())
      return flow.showSignIn(c, {
        app,
        requestId,
        error: pageTextOf(c).m.signIn.wrongPassword,
        login: excerpt(login, 64),
      })
    }
    startSession(c, deps, user)
    return flow.backToTheForm(c, requestId)
  })

  routes.post('/session/end', async (c) => {
    const form = await readForm(c)
    const requestId = oneField(form, 'request')
    const signedIn = currentSession(c, deps)
    if (signedIn !== null && !isCsrfValid(signedIn.session, oneField(form, 'csrf'))) {
      throw pageError(403, (m) =>
        m.errors.badFormToken({ form: 'other', hint: m.errors.hints.reload }),
      )
    }
    endSession(c, deps)
    return flow.backToTheForm(c, requestId)
  })

  return routes
}
