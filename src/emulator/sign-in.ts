/**
 * Signing in (`POST /session`) and out (`POST /session/end`) of the emulator. The sign-in form
 * carries a CSRF token (login CSRF), and password guesses are throttled per address and per
 * login (throttle.ts).
 */
import { Hono } from 'hono'
import { expiredRequest, type BrowserFlow } from './browser-flow'
import type { EmulatorDeps, EmulatorEnv } from './context'
import { EmulatorError, excerpt } from './emulator-error'
import type { AppRegistration } from './seed'
import { safeEqual } from './secrets'
import {
  currentSession,
  endSession,
  isCsrfValid,
  isSignInCsrfValid,
  oneField,
  readForm,
  startSession,
} from './sessions'
import { tooManyGuesses } from './throttle'

export function createSignInRoutes(deps: EmulatorDeps, flow: BrowserFlow): Hono<EmulatorEnv> {
  const routes = new Hono<EmulatorEnv>()

  routes.post('/session', async (c) => {
    const form = await readForm(c)
    const requestId = oneField(form, 'request')
    const login = (oneField(form, 'login') ?? '').trim()
    const password = oneField(form, 'password') ?? ''
    // Login CSRF (RFC 6749 §10.12): a cross-site form must not sign the browser in.
    if (!isSignInCsrfValid(c, oneField(form, 'csrf'))) {
      throw new EmulatorError(403, 'The sign-in form’s security token is missing or wrong.', {
        hint: 'Open the sign-in page again and sign in from there.',
      })
    }
    let app: AppRegistration | null = null
    if (requestId !== null) {
      const pending = flow.pendingOf(requestId)
      if (pending === null) throw expiredRequest()
      app = deps.apps.get(pending.clientId) ?? null
    }
    const keys = [
      `sign-in:address:${deps.clientAddress(c)}`,
      `sign-in:login:${login.toLowerCase()}`,
    ]
    const wait = deps.guesses.blockedFor(keys, deps.now())
    if (wait !== null) {
      throw new EmulatorError(429, tooManyGuesses('sign-in attempts', wait), {
        headers: { 'Retry-After': String(wait) },
        hint: 'Wait, then sign in again. Demo users sign in with the password "password".',
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
        error: 'Incorrect login or password.',
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
      throw new EmulatorError(403, 'The form’s security token is missing or wrong.', {
        hint: 'Reload the page and try again.',
      })
    }
    endSession(c, deps)
    return flow.backToTheForm(c, requestId)
  })

  return routes
}
