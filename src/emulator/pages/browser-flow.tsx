/** @jsxImportSource hono/jsx */
/**
 * What the browser pages' sub-apps (authorize, consent, sign-in, personal tokens) share: the
 * pending authorization requests, the sign-in page, the consent page, and the guard of their
 * form posts.
 */
import type { Context } from 'hono'
import { scopeInfo, type ScopeInfo } from '../../protocol/scopes'
import { PENDING_TTL_MS, type EmulatorDeps, type EmulatorEnv } from '../context'
import { ConsentPage } from './consent-page'
import { pageError, type EmulatorError } from '../emulator-error'
import type { EmulatorMessages } from './messages'
import { pageTextOf, withLang } from './page-locale'
import { formTargetOf, sendPage } from './page-shell'
import { avatarUrl } from '../api/records'
import { SEED_PASSWORD, type AppRegistration } from '../seed'
import { SignInPage } from './sign-in-page'
import { currentSession, isCsrfValid, oneField, signInCsrf, type SignedIn } from '../oauth/sessions'
import type { PendingAuthorization } from '../store'
import { randomBase64Url } from '../secrets'

type Ctx = Context<EmulatorEnv>

/** Adds parameters to a registered redirect URI without re-serialising (and so altering) it. */
export function withParams(uri: string, params: Record<string, string | null>): string {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) if (value !== null) query.append(name, value)
  return `${uri}${uri.includes('?') ? '&' : '?'}${query.toString()}`
}

/** Headers for the redirects that leave the emulator: nothing cached, no Referer to the client. */
const REDIRECT_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }

export function redirect(c: Context, location: string, status: 302 | 303): Response {
  return c.body(null, status, { ...REDIRECT_HEADERS, Location: location })
}

export function expiredRequest(): EmulatorError {
  return pageError(400, (m) => m.errors.expired)
}

/** The hints of a refused form post: where to start again, by the page the form was on. */
const FORM_HINTS = {
  consent: {
    signedOut: (m: EmulatorMessages) => m.errors.hints.startAgain,
    badToken: (m: EmulatorMessages) => m.errors.hints.notAuthorized,
  },
  tokens: {
    signedOut: (m: EmulatorMessages) => m.errors.hints.tokensSignIn,
    badToken: (m: EmulatorMessages) => m.errors.hints.reload,
  },
} as const

/** The GET path that shows the sign-in or consent page of a request (or the token settings). */
function hereOf(requestId: string | null): string {
  return requestId === null
    ? '/settings/tokens'
    : `/oauth2/authorize/consent?request=${encodeURIComponent(requestId)}`
}

export type BrowserFlow = ReturnType<typeof createBrowserFlow>

export function createBrowserFlow(deps: EmulatorDeps) {
  const { store } = deps

  const signedInUser = (signedIn: SignedIn) => ({
    login: signedIn.user.login,
    name: signedIn.user.name,
    avatarUrl: avatarUrl(deps.origin, signedIn.user.login),
  })

  const demoUsers = () =>
    deps.directory.users
      .filter((user) => user.password === SEED_PASSWORD)
      .map((user) => ({ login: user.login, name: user.name, password: user.password }))

  const showSignIn = (
    c: Ctx,
    options: {
      app: AppRegistration | null
      requestId: string | null
      error?: string
      login?: string
    },
  ) => {
    const { m, chosen } = pageTextOf(c)
    return sendPage(
      c,
      m.signIn.title,
      <SignInPage
        m={m}
        lang={chosen}
        appName={options.app?.name ?? null}
        requestId={options.requestId}
        csrf={signInCsrf(c, deps)}
        error={options.error ?? null}
        login={options.login ?? ''}
        demoUsers={demoUsers()}
        space={c.get('space') ?? null}
      />,
      { status: options.error === undefined ? 200 : 401, here: hereOf(options.requestId) },
    )
  }

  /** A live pending request, or null when it never existed, expired or was answered. */
  const pendingOf = (id: string | null): PendingAuthorization | null => {
    if (id === null) return null
    const pending = store.pending.get(id)
    if (pending === undefined) return null
    if (deps.now() - pending.createdAt > PENDING_TTL_MS) {
      store.pending.delete(id)
      return null
    }
    return pending
  }

  const showConsentOrSignIn = (c: Ctx, pending: PendingAuthorization) => {
    const app = deps.apps.get(pending.clientId)
    if (app === undefined) throw expiredRequest()
    const signedIn = currentSession(c, deps)
    if (signedIn === null) return showSignIn(c, { app, requestId: pending.id })
    const scopes = pending.scopes
      .map((name) => scopeInfo(name))
      .filter((info): info is ScopeInfo => info !== undefined)
    const { flow } = pending
    const address = deps.clientAddress(c)
    const { m, chosen, locale } = pageTextOf(c)
    const { description } = app
    return sendPage(
      c,
      m.consent.title({ app: app.name }),
      <ConsentPage
        m={m}
        lang={chosen}
        appName={app.name}
        appDescription={
          description === undefined
            ? null
            : typeof description === 'string'
              ? description
              : description[locale]
        }
        user={signedInUser(signedIn)}
        csrf={signedIn.session.csrf}
        requestId={pending.id}
        scopes={scopes}
        returnsToApp={flow.kind === 'authorization_code'}
        clientCode={
          flow.kind === 'client_code'
            ? {
                signedAt: flow.signedAt,
                now: deps.now(),
                openedFrom: address === 'unknown' ? null : address,
              }
            : null
        }
        space={c.get('space') ?? null}
      />,
      {
        formTargets: flow.kind === 'authorization_code' ? [formTargetOf(flow.redirectUri)] : [],
        here: hereOf(pending.id),
      },
    )
  }

  const startPending = (
    c: Ctx,
    app: AppRegistration,
    scopes: string[],
    flow: PendingAuthorization['flow'],
  ) => {
    const pending: PendingAuthorization = {
      id: randomBase64Url(deps.random, 24),
      clientId: app.clientId,
      scopes,
      flow,
      createdAt: deps.now(),
    }
    store.pending.set(pending.id, pending)
    return showConsentOrSignIn(c, pending)
  }

  /**
   * A form POST needs the sign-in session and the form's CSRF token bound to it
   * (docs/security.md#k4): the signed-in user, or a 403 that says which is missing.
   */
  const requireSignedInForm = (
    c: Ctx,
    form: URLSearchParams,
    page: keyof typeof FORM_HINTS,
  ): SignedIn => {
    const hints = FORM_HINTS[page]
    const signedIn = currentSession(c, deps)
    if (signedIn === null) {
      throw pageError(403, (m) => m.errors.notSignedIn({ hint: hints.signedOut(m) }))
    }
    if (!isCsrfValid(signedIn.session, oneField(form, 'csrf'))) {
      const kind = page === 'consent' ? 'consent' : 'other'
      throw pageError(403, (m) => m.errors.badFormToken({ form: kind, hint: hints.badToken(m) }))
    }
    return signedIn
  }

  /** After signing in or out: on to the pending consent, or to the token settings, in the chosen language. */
  const backToTheForm = (c: Ctx, requestId: string | null) =>
    redirect(c, withLang(hereOf(requestId), c.get('chosenLang')), 303)

  return {
    signedInUser,
    showSignIn,
    pendingOf,
    showConsentOrSignIn,
    startPending,
    requireSignedInForm,
    backToTheForm,
  }
}
