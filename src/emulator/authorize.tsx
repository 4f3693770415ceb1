/** @jsxImportSource hono/jsx */
/**
 * The browser side of the authorization server: `GET /oauth2/authorize` (both flows), the
 * sign-in form, the consent page and its decision, and the personal-token settings page.
 */
import { Hono } from 'hono'
import type { Context } from 'hono'
import { isValidClientCode, verifyClientCodeSignature } from '../protocol/client-code'
import {
  SCOPES,
  canonicalScopes,
  isSatisfiedBy,
  safeParseScopes,
  scopeInfo,
  type ScopeInfo,
} from '../protocol/scopes'
import {
  CODE_TTL_MS,
  PENDING_TTL_MS,
  TIMESTAMP_WINDOW_MS,
  TOKEN_PREFIX,
  allowedScopesOf,
  type EmulatorDeps,
  type EmulatorEnv,
} from './context'
import { errorPage } from './errors'
import {
  ClientCodeResultPage,
  ConsentPage,
  SignInPage,
  TokensPage,
  formTargetOf,
  sendPage,
} from './pages'
import { checkChallenge } from './pkce'
import { avatarUrl } from './records'
import { SEED_PASSWORD, type AppRegistration } from './seed'
import { randomBase64Url, safeEqual } from './secrets'
import {
  currentSession,
  endSession,
  isCsrfValid,
  oneField,
  oneParam,
  readForm,
  startSession,
  type SignedIn,
} from './sessions'
import type { PendingAuthorization } from './store'

const AUTHORIZE_PARAMS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code',
  'timestamp',
  'sign',
  'code_challenge',
  'code_challenge_method',
] as const

/** How much of an untrusted value an error page repeats. */
function excerpt(value: string, max = 120): string {
  return value.length > max ? `${value.slice(0, max)}…` : value
}

/** Adds parameters to a registered redirect URI without re-serialising (and so altering) it. */
export function withParams(uri: string, params: Record<string, string | null>): string {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) if (value !== null) query.append(name, value)
  return `${uri}${uri.includes('?') ? '&' : '?'}${query.toString()}`
}

/** Headers for the redirects that leave the emulator: nothing cached, no Referer to the client. */
const REDIRECT_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }

function redirect(c: Context, location: string, status: 302 | 303): Response {
  return c.body(null, status, { ...REDIRECT_HEADERS, Location: location })
}

export function createAuthorizeRoutes(deps: EmulatorDeps): Hono<EmulatorEnv> {
  const routes = new Hono<EmulatorEnv>()
  const { store, random } = deps

  const signedInUser = (signedIn: SignedIn) => ({
    login: signedIn.user.login,
    name: signedIn.user.name,
    avatarUrl: avatarUrl(deps.origin, signedIn.user.login),
  })

  const demoUsers = () =>
    deps.directory.users
      .filter((user) => user.password === SEED_PASSWORD)
      .map((user) => ({ login: user.login, name: user.name, password: user.password }))

  const signInPage = (
    c: Context,
    options: {
      app: AppRegistration | null
      requestId: string | null
      error?: string
      login?: string
    },
  ) =>
    sendPage(
      c,
      random,
      (nonce) => (
        <SignInPage
          nonce={nonce}
          appName={options.app?.name ?? null}
          requestId={options.requestId}
          error={options.error ?? null}
          login={options.login ?? ''}
          demoUsers={demoUsers()}
        />
      ),
      { status: options.error === undefined ? 200 : 401 },
    )

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

  /**
   * A form POST needs the sign-in session and the form's CSRF token bound to it (checklist K4):
   * the signed-in user, or the 403 page that says which is missing.
   */
  const signedInWithValidForm = async (
    c: Context,
    form: URLSearchParams,
    hints: { signedOut: string; badToken: string; what: string },
  ) => {
    const signedIn = currentSession(c, deps)
    if (signedIn === null) {
      return errorPage(
        c,
        random,
        403,
        'You are not signed in, or your sign-in session has ended.',
        {
          hint: hints.signedOut,
        },
      )
    }
    if (!isCsrfValid(signedIn.session, oneField(form, 'csrf'))) {
      return errorPage(c, random, 403, `${hints.what} security token is missing or wrong.`, {
        hint: hints.badToken,
      })
    }
    return signedIn
  }

  /** After signing in or out: on to the pending consent, or to the token settings. */
  const backToTheForm = (c: Context, requestId: string | null) =>
    redirect(
      c,
      requestId === null
        ? '/settings/tokens'
        : `/oauth2/authorize/consent?request=${encodeURIComponent(requestId)}`,
      303,
    )

  const expiredPage = (c: Context) =>
    errorPage(c, random, 400, 'This authorization request has expired or was already answered.', {
      title: 'Authorization request not found',
      hint: 'Go back to the app and start again.',
    })

  const consentOrSignIn = (c: Context, pending: PendingAuthorization) => {
    const app = deps.apps.get(pending.clientId)
    if (app === undefined) return expiredPage(c)
    const signedIn = currentSession(c, deps)
    if (signedIn === null) return signInPage(c, { app, requestId: pending.id })
    const scopes = pending.scopes
      .map((name) => scopeInfo(name))
      .filter((info): info is ScopeInfo => info !== undefined)
    const formTargets =
      pending.flow.kind === 'authorization_code' ? [formTargetOf(pending.flow.redirectUri)] : []
    return sendPage(
      c,
      random,
      (nonce) => (
        <ConsentPage
          nonce={nonce}
          appName={app.name}
          appDescription={app.description ?? null}
          user={signedInUser(signedIn)}
          csrf={signedIn.session.csrf}
          requestId={pending.id}
          scopes={scopes}
          returnsToApp={pending.flow.kind === 'authorization_code'}
        />
      ),
      { formTargets },
    )
  }

  const startPending = (
    c: Context,
    app: AppRegistration,
    scopes: string[],
    flow: PendingAuthorization['flow'],
  ) => {
    const pending: PendingAuthorization = {
      id: randomBase64Url(random, 24),
      clientId: app.clientId,
      scopes,
      flow,
      createdAt: deps.now(),
    }
    store.pending.set(pending.id, pending)
    return consentOrSignIn(c, pending)
  }

  /** Scopes the app may not have, first one first (spec §5.4 rule 3). */
  const refusedScope = (app: AppRegistration, scopes: string[]) =>
    scopes.find((scope) => !isSatisfiedBy(allowedScopesOf(app), [scope]))

  routes.get('/oauth2/authorize', async (c) => {
    const all = c.req.queries()
    const query: Partial<Record<(typeof AUTHORIZE_PARAMS)[number], string>> = {}
    for (const name of AUTHORIZE_PARAMS) {
      const value = oneParam(all[name], name)
      if (value !== null) query[name] = value
    }
    c.get('log').clientId = query.client_id ?? null

    if (query.client_id === undefined || query.client_id === '') {
      return errorPage(c, random, 400, 'The request has no client_id.', {
        title: 'Missing client_id',
        hint: 'The app that sent you here is misconfigured.',
      })
    }
    const app = deps.apps.get(query.client_id)
    // RFC 6749 §4.1.2.1: with an unknown client there is no trusted place to redirect to.
    if (app === undefined) {
      return errorPage(
        c,
        random,
        400,
        `No app is registered with client_id "${excerpt(query.client_id)}".`,
        {
          title: 'Unknown app',
          hint: 'The app that sent you here is misconfigured.',
        },
      )
    }

    const isClientCodeFlow =
      query.code !== undefined || query.sign !== undefined || query.timestamp !== undefined
    if (isClientCodeFlow) return clientCodeAuthorize(c, app, query)

    let redirectUri: string
    if (query.redirect_uri === undefined) {
      const [only, ...others] = app.redirectUris
      if (only === undefined || others.length > 0) {
        return errorPage(
          c,
          random,
          400,
          only === undefined
            ? `${app.name} has no registered redirect URI: it signs in with the client-code flow (code, timestamp and sign).`
            : `${app.name} registered several redirect URIs, so the request must name one in redirect_uri.`,
          { title: 'Missing redirect_uri' },
        )
      }
      redirectUri = only
    } else if (app.redirectUris.includes(query.redirect_uri)) {
      redirectUri = query.redirect_uri
    } else {
      // RFC 9700 §4.1.3: exact string comparison; a mismatch must never be redirected to.
      return errorPage(
        c,
        random,
        400,
        `The redirect_uri "${excerpt(query.redirect_uri)}" is not registered for ${app.name}.`,
        {
          title: 'Redirect URI mismatch',
          hint: 'Redirect URIs are compared by exact string match (no normalisation of case, ports or trailing slashes).',
        },
      )
    }

    const state = query.state ?? null
    const back = (error: string, description: string) =>
      redirect(c, withParams(redirectUri, { error, error_description: description, state }), 302)
    if (query.response_type === undefined) {
      return back('invalid_request', 'response_type is required and must be "code"')
    }
    if (query.response_type !== 'code') {
      return back(
        'unsupported_response_type',
        `response_type "${excerpt(query.response_type, 40)}" is not supported; use "code"`,
      )
    }
    const parsed = safeParseScopes(query.scope ?? '')
    if (!parsed.ok)
      return back('invalid_scope', `unknown scope "${excerpt(parsed.error.scope, 40)}"`)
    const refused = refusedScope(app, parsed.scopes)
    if (refused !== undefined) {
      return back('invalid_scope', `scope "${refused}" is not enabled for this app`)
    }
    const pkce = checkChallenge(deps.pkce, query.code_challenge, query.code_challenge_method)
    if (!pkce.ok) return back('invalid_request', pkce.message)
    return startPending(c, app, canonicalScopes(parsed.scopes), {
      kind: 'authorization_code',
      redirectUri,
      state,
      codeChallenge: pkce.challenge,
    })
  })

  /** Spec §5.3: the client-code variant; every failure is a page, as there is nowhere to redirect. */
  const clientCodeAuthorize = async (
    c: Context,
    app: AppRegistration,
    query: Partial<Record<(typeof AUTHORIZE_PARAMS)[number], string>>,
  ) => {
    const fail = (title: string, message: string, hint?: string) =>
      errorPage(c, random, 400, message, hint === undefined ? { title } : { title, hint })
    const restart = `Ask ${app.name} to start signing in again.`
    const code = query.code ?? ''
    if (query.response_type !== 'code') {
      return fail('Unsupported response_type', 'response_type must be "code".', restart)
    }
    if (!isValidClientCode(code)) {
      return fail(
        'Malformed code',
        `The code must be exactly 40 letters and digits; this one has ${code.length} characters${code.length === 40 ? ' and others than letters and digits' : ''}.`,
        restart,
      )
    }
    const timestamp = query.timestamp
    if (timestamp === undefined || !/^\d{1,16}$/.test(timestamp)) {
      return fail(
        'Malformed timestamp',
        'timestamp must be the time of the request in milliseconds since the epoch.',
        restart,
      )
    }
    const skew = Number(timestamp) - deps.now()
    if (Math.abs(skew) > TIMESTAMP_WINDOW_MS) {
      const minutes = Math.round(Math.abs(skew) / 60_000)
      return fail(
        'Stale timestamp',
        `The request's timestamp is ${minutes} minutes ${skew < 0 ? 'in the past' : 'in the future'}; it must be within 10 minutes of the server's clock.`,
        `Check the device's clock. ${restart}`,
      )
    }
    const sign = query.sign
    if (sign === undefined || sign === '') {
      return fail('Missing signature', 'The request has no sign parameter.', restart)
    }
    const isSigned = await verifyClientCodeSignature(
      {
        client_id: app.clientId,
        code,
        response_type: query.response_type,
        scope: query.scope ?? '',
        timestamp,
      },
      sign,
      app.clientSecret,
    )
    if (!isSigned) {
      return fail(
        'Invalid signature',
        'The sign parameter does not match this request and this app’s secret.' +
          (sign.includes(' ')
            ? ' It contains a space: a "+" of the base64 value was not URL-encoded.'
            : ''),
        'sign = base64(HMAC-SHA1(client_secret, "client_id=…&code=…&response_type=…&scope=…&timestamp=…")).',
      )
    }
    const parsed = safeParseScopes(query.scope ?? '')
    if (!parsed.ok)
      return fail('Unknown scope', `Unknown scope "${excerpt(parsed.error.scope, 40)}".`)
    const refused = refusedScope(app, parsed.scopes)
    if (refused !== undefined) {
      return fail('Scope not enabled', `The scope "${refused}" is not enabled for ${app.name}.`)
    }
    const scopes = canonicalScopes(parsed.scopes)
    const existing = store.clientCodes.get(code)
    // A reload of the same pending request is fine; anything else is a second use of the code.
    const isSameRequest =
      existing !== undefined &&
      existing.status === 'pending' &&
      existing.clientId === app.clientId &&
      existing.requestedScopes.join(',') === scopes.join(',') &&
      deps.now() - existing.createdAt <= CODE_TTL_MS
    if (existing !== undefined && !isSameRequest) {
      return fail(
        'Code already used',
        'This code was already used for an authorization request.',
        `Every sign-in needs a freshly generated code. ${restart}`,
      )
    }
    if (existing === undefined) {
      store.clientCodes.set(code, {
        clientId: app.clientId,
        requestedScopes: scopes,
        status: 'pending',
        createdAt: deps.now(),
        decidedAt: null,
        userId: null,
        grantedScopes: [],
      })
    }
    return startPending(c, app, scopes, { kind: 'client_code', code })
  }

  routes.get('/oauth2/authorize/consent', (c) => {
    const pending = pendingOf(oneParam(c.req.queries('request'), 'request'))
    return pending === null ? expiredPage(c) : consentOrSignIn(c, pending)
  })

  routes.post('/session', async (c) => {
    const form = await readForm(c)
    const requestId = oneField(form, 'request')
    const login = oneField(form, 'login') ?? ''
    const password = oneField(form, 'password') ?? ''
    let app: AppRegistration | null = null
    if (requestId !== null) {
      const pending = pendingOf(requestId)
      if (pending === null) return expiredPage(c)
      app = deps.apps.get(pending.clientId) ?? null
    }
    const user = deps.directory.userByLogin(login.trim())
    // Compare the password even for an unknown login, so timing does not reveal which logins exist.
    const isPasswordRight = safeEqual(password, user?.password ?? '\u0000no user')
    if (user === undefined || !isPasswordRight) {
      return signInPage(c, {
        app,
        requestId,
        error: 'Incorrect login or password.',
        login: excerpt(login, 64),
      })
    }
    startSession(c, deps, user)
    return backToTheForm(c, requestId)
  })

  routes.post('/session/end', async (c) => {
    const form = await readForm(c)
    const requestId = oneField(form, 'request')
    const signedIn = currentSession(c, deps)
    if (signedIn !== null && !isCsrfValid(signedIn.session, oneField(form, 'csrf'))) {
      return errorPage(c, random, 403, 'The form’s security token is missing or wrong.', {
        hint: 'Reload the page and try again.',
      })
    }
    endSession(c, deps)
    return backToTheForm(c, requestId)
  })

  routes.post('/oauth2/authorize/decision', async (c) => {
    const form = await readForm(c)
    const signedIn = await signedInWithValidForm(c, form, {
      signedOut: 'Go back to the app and start again.',
      badToken: 'Go back to the app and start again. The app was not authorized.',
      what: 'The consent form’s',
    })
    if (signedIn instanceof Response) return signedIn
    const pending = pendingOf(oneField(form, 'request'))
    if (pending === null) return expiredPage(c)
    const app = deps.apps.get(pending.clientId)
    if (app === undefined) return expiredPage(c)
    const decision = oneField(form, 'decision')
    if (decision !== 'approve' && decision !== 'deny') {
      return errorPage(c, random, 400, 'The decision must be "approve" or "deny".')
    }
    const ticked = form.getAll('scope')
    // The pending record is the source of truth: a tampered form can only narrow the grant.
    const widened = ticked.find((scope) => !pending.scopes.includes(scope))
    if (widened !== undefined) {
      return errorPage(
        c,
        random,
        400,
        `The scope "${excerpt(widened, 40)}" was not requested, so it cannot be granted.`,
      )
    }
    const granted = canonicalScopes(pending.scopes.filter((scope) => ticked.includes(scope)))
    store.pending.delete(pending.id)
    c.get('log').clientId = app.clientId

    if (pending.flow.kind === 'authorization_code') {
      const { redirectUri, state } = pending.flow
      if (decision === 'deny') {
        return redirect(
          c,
          withParams(redirectUri, {
            error: 'access_denied',
            error_description: 'The user denied the authorization request',
            state,
          }),
          303,
        )
      }
      const code = randomBase64Url(random, 32)
      store.authCodes.set(code, {
        clientId: app.clientId,
        redirectUri,
        userId: signedIn.user.id,
        scopes: granted,
        issuedAt: deps.now(),
        usedAt: null,
        tokenHash: null,
        codeChallenge: pending.flow.codeChallenge,
      })
      // RFC 9700 §4.12: 303, never 307, so the browser does not re-POST the form to the client.
      return redirect(c, withParams(redirectUri, { code, state }), 303)
    }

    const record = store.clientCodes.get(pending.flow.code)
    if (record === undefined || record.status !== 'pending') return expiredPage(c)
    record.status = decision === 'approve' ? 'approved' : 'denied'
    record.decidedAt = deps.now()
    record.userId = signedIn.user.id
    record.grantedScopes = decision === 'approve' ? granted : []
    return sendPage(c, random, (nonce) => (
      <ClientCodeResultPage
        nonce={nonce}
        appName={app.name}
        approved={decision === 'approve'}
        scopes={granted}
      />
    ))
  })

  const personalScopes = SCOPES.filter((scope) => !scope.needsApproval)

  const tokensPage = (
    c: Context,
    signedIn: SignedIn,
    created: { token: string; scopes: string[] } | null,
  ) => {
    const rows = [...store.tokens.values()]
      .filter((t) => t.userId === signedIn.user.id && t.clientId === null && !t.revoked)
      .map((t) => ({
        fingerprint: t.fingerprint,
        label: t.label,
        scopes: t.scopes,
        createdAt: new Date(t.createdAt).toISOString(),
      }))
    return sendPage(
      c,
      random,
      (nonce) => (
        <TokensPage
          nonce={nonce}
          user={signedInUser(signedIn)}
          csrf={signedIn.session.csrf}
          scopes={personalScopes}
          newToken={created?.token ?? null}
          newTokenScopes={created?.scopes ?? []}
          tokens={rows}
        />
      ),
      { status: created === null ? 200 : 201 },
    )
  }

  routes.get('/settings/tokens', (c) => {
    const signedIn = currentSession(c, deps)
    return signedIn === null
      ? signInPage(c, { app: null, requestId: null })
      : tokensPage(c, signedIn, null)
  })

  routes.post('/settings/tokens', async (c) => {
    const form = await readForm(c)
    const signedIn = await signedInWithValidForm(c, form, {
      signedOut: 'Open /settings/tokens and sign in again.',
      badToken: 'Reload the page and try again.',
      what: 'The form’s',
    })
    if (signedIn instanceof Response) return signedIn
    const requested = form.getAll('scope')
    const unknown = requested.find((name) => !personalScopes.some((scope) => scope.name === name))
    if (unknown !== undefined) {
      return errorPage(
        c,
        random,
        400,
        `The scope "${excerpt(unknown, 40)}" cannot be given to a personal token.`,
      )
    }
    const label = (oneField(form, 'label') ?? '').trim().slice(0, 100)
    const scopes = canonicalScopes(requested)
    const token = `${TOKEN_PREFIX}${randomBase64Url(random, 32)}`
    store.addToken(token, {
      userId: signedIn.user.id,
      clientId: null,
      scopes,
      label: label === '' ? null : label,
      createdAt: deps.now(),
    })
    return tokensPage(c, signedIn, { token, scopes })
  })

  return routes
}
