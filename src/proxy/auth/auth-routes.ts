/**
 * `/auth/*`: the authorization-code flow as a backend-for-frontend
 * (docs/architecture.md#the-login-step-by-step, steps 1 and 4).
 */
import { Hono, type Context } from 'hono'
import {
  ExchangeRequestSchema,
  StartLoginRequestSchema,
  type ExchangeResponse,
  type PlaygroundConfig,
  type SessionResponse,
  type StartLoginResponse,
} from '../../protocol/playground-api'
import { authorizeParams, authorizeUrl, type AuthorizeRequest } from '../../protocol/authorize'
import { safeReturnTo } from '../../protocol/return-to'
import type { ProxyContext } from '../context'
import { proxyError, type ProxyErrorCode } from '../api/http-errors'
import { readJsonBody, requestedScope } from '../json-body'
import { openSession } from './session'
import { TRANSACTION_TTL_SECONDS } from './transactions'
import { cookieCallOf } from './session-cookie'
import { primeProfile } from './prime-profile'
import { throttleLogin } from './client-code-throttle'
import { callTokenEndpoint, codeExchangeParams } from './token-endpoint'
import { effectiveApp, isSameApp, type EffectiveApp } from '../byo/effective-app'
import { clearLabRunMarker } from '../lab/editor-cookies'
import { StoreUnavailableError } from '../store/state-store'
import {
  addTraceSecrets,
  addTraceStep,
  authorizeStep,
  stateCheckStep,
  tokenCallStep,
} from '../flow-trace'
import {
  codeChallengeS256,
  createCodeVerifier,
  createState,
  isStateEqual,
  type TokenAnswer,
} from './oauth'

/** The service does not know the browser's own app, or not with that secret (RFC 6749 §5.2). */
const isClientRefused = (answer: Exclude<TokenAnswer, { kind: 'token' }>) =>
  answer.kind === 'oauth-error' && answer.error.error === 'invalid_client'

const APP_SECRET_REFUSED =
  'The service refused your own app (invalid_client): its client id or secret is not the one the service has. Check them on the Your app page (/app), save them again, and start again.'

/** The exchange's answer when the token endpoint gave no token (processTokenResponse). */
function exchangeRefusal(c: Context, answer: Exclude<TokenAnswer, { kind: 'token' }>): Response {
  if (answer.kind === 'redirect') {
    return proxyError(
      c,
      502,
      'exchange_failed',
      `The token endpoint answered with a redirect (HTTP ${answer.status}); it was not followed.`,
    )
  }
  if (answer.kind === 'oauth-error' && answer.status < 500) {
    // The service's error code is shown; its free-text description is not passed on (ASVS 16.5.1).
    return proxyError(
      c,
      400,
      'exchange_failed',
      `The service refused the code (${answer.error.error.slice(0, 64)}). Codes are single-use and expire after 10 minutes; start again.`,
    )
  }
  if (answer.status !== 200) {
    return proxyError(
      c,
      502,
      'upstream_error',
      `The service's token endpoint failed (HTTP ${answer.status}). Start again in a moment.`,
    )
  }
  return proxyError(
    c,
    502,
    'upstream_invalid',
    'The token endpoint answered 200 without a valid bearer token response; no session was created.',
  )
}

export function createAuthRoutes(ctx: ProxyContext) {
  const { config, cookies } = ctx
  const auth = new Hono()
  const operatorAuthorize = new URL('/oauth2/authorize', config.authUrl)
  const authorizeEndpointOf = (app: EffectiveApp) =>
    app.binding === null ? operatorAuthorize : new URL('/oauth2/authorize', app.authUrl)

  // The body limit is proxy.ts's, before every route (client-code ones included).
  auth.get('/config', async (c) => {
    // The connect page reads this first: the probe's answer is then ready when Connect is pressed.
    void ctx.serviceProbe?.()
    const app = await effectiveApp(ctx, c)
    return c.json({
      service: app.service,
      clientId: app.clientId,
      redirectUri: config.redirectUri,
      authorizeEndpoint: authorizeEndpointOf(app).href,
      baseUrl: app.baseUrl.href.replace(/\/$/, ''),
      clientCodeClientId: app.codeClient?.clientId ?? null,
      pkce: config.pkce,
      app: app.binding === null ? 'operator' : 'yours',
    } satisfies PlaygroundConfig)
  })

  // docs/security.md#s4: without a limit, anyone could make the proxy call the token endpoint
  // with the app's secret as fast as they can send (a start, then an exchange, each time).
  auth.post('/start', async (c) => {
    const throttled = await throttleLogin(ctx, c, 'start')
    if (throttled !== null) return throttled
    const body = await readJsonBody(c.req.raw, StartLoginRequestSchema)
    if (!body.ok) return proxyError(c, 400, 'bad_request', body.message)
    const requested = requestedScope(body.data.scopes)
    if (!requested.ok) return proxyError(c, 400, 'bad_request', requested.message)
    const scope = requested.data
    const app = await effectiveApp(ctx, c)
    const authorizeEndpoint = authorizeEndpointOf(app)
    // The flow started last wins the next return to /callback: not the lab's run any more.
    clearLabRunMarker(c, config)
    const state = createState(ctx.randomBytes)
    const codeVerifier = config.pkce === 'S256' ? createCodeVerifier(ctx.randomBytes) : null
    // docs/security.md#b6: the protocol's one guard; anything it refuses lands on the home page.
    const returnTo = safeReturnTo(body.data.returnTo) ?? '/'
    await cookies.startTransaction(c, {
      state,
      scope,
      returnTo,
      createdAt: ctx.clock(),
      codeVerifier,
      ...(app.binding === null ? {} : { app: app.binding }),
    })
    // redirect_uri comes from configuration, never from Host or X-Forwarded-* (RFC 9700 §4.13).
    const request: AuthorizeRequest = {
      clientId: app.clientId,
      redirectUri: config.redirectUri,
      scope,
      state,
      codeChallenge: codeVerifier === null ? null : codeChallengeS256(codeVerifier),
    }
    addTraceSecrets(c, state, ...(codeVerifier === null ? [] : [codeVerifier]))
    const params = authorizeParams(request)
    addTraceStep(
      c,
      authorizeStep(
        authorizeEndpoint,
        params,
        app.binding === null
          ? 'The web app, registered with the redirect URI below.'
          : 'Your own app, saved in this browser, registered with the redirect URI below.',
      ),
    )
    return c.json({
      authorizeUrl: authorizeUrl(authorizeEndpoint, request).href,
      state,
      // An object keeps its keys in insertion order in JSON: the protocol's order
      // (docs/service.md#authorization-code-flow).
      params: Object.fromEntries(params),
    } satisfies StartLoginResponse)
  })

  auth.post('/exchange', async (c) => {
    const throttled = await throttleLogin(ctx, c, 'exchange')
    if (throttled !== null) return throttled
    const body = await readJsonBody(c.req.raw, ExchangeRequestSchema)
    if (!body.ok) return proxyError(c, 400, 'bad_request', body.message)
    const { code, state } = body.data
    addTraceSecrets(c, code, state)
    const shown = `${state.slice(0, 6)}…`
    const refuse = (errorCode: ProxyErrorCode, message: string) => {
      addTraceStep(c, stateCheckStep(false, message))
      return proxyError(c, 400, errorCode, message)
    }

    // RFC 9700 §4.2.4: the transaction is consumed on first use, whatever the outcome.
    const transaction = await cookies.takeTransaction(c, state)
    if (transaction === 'missing') {
      return refuse(
        'state_missing',
        `No login started in this browser has state "${shown}": it was already used, expired, or was started in another browser. Nothing was exchanged; start again.`,
      )
    }
    if (
      transaction === 'invalid' ||
      ctx.clock() - transaction.createdAt > TRANSACTION_TTL_SECONDS * 1000
    ) {
      return refuse(
        'state_expired',
        `The login with state "${shown}" expired (a login must finish within 10 minutes). Nothing was exchanged; start again.`,
      )
    }
    if (!isStateEqual(transaction.state, state)) {
      return refuse(
        'state_mismatch',
        `state "${shown}" does not match the login this browser started.`,
      )
    }
    // The app the login started with, still this browser's (not saved again, nor forgotten).
    const app = await effectiveApp(ctx, c)
    if (!isSameApp(transaction.app, app.binding)) {
      return proxyError(
        c,
        400,
        'app_changed',
        'Your own app was saved again or forgotten while this login was under way. Nothing was exchanged; start again.',
      )
    }
    if (transaction.codeVerifier !== null) addTraceSecrets(c, transaction.codeVerifier)
    addTraceStep(
      c,
      stateCheckStep(
        true,
        `state "${shown}" matches the sealed transaction cookie of this browser (compared in constant time); the cookie is deleted now: a state is single-use.`,
      ),
    )

    // One attempt only: a code is single-use, and a retry after a time-out could make the
    // service revoke the token (RFC 6749 §4.1.2, docs/security.md#b8).
    const call = await callTokenEndpoint(
      ctx,
      c,
      app.authUrl,
      codeExchangeParams(app, code, transaction.codeVerifier),
      'The code was not retried (codes are single-use); start again.',
    )
    addTraceStep(
      c,
      tokenCallStep(
        {
          kind: 'exchange',
          title: 'Code exchanged at the token endpoint',
          outcome: call.ok && call.answer.kind === 'token' ? 'passed' : 'failed',
          notes: [
            'One attempt only: a code is single-use, so the proxy never retries it.',
            'The token stays in the proxy: it is sealed into the HttpOnly session cookie.',
          ],
        },
        call,
      ),
    )
    if (!call.ok) return call.failure
    const { answer } = call
    if (answer.kind !== 'token') {
      return app.binding !== null && isClientRefused(answer)
        ? proxyError(c, 400, 'app_secret_refused', APP_SECRET_REFUSED)
        : exchangeRefusal(c, answer)
    }

    const token = answer.token
    addTraceSecrets(c, token.access_token)
    const session = await openSession(c, ctx, token, transaction.scope, app.binding)
    ctx.events.sessionOpened('authorization_code')
    // One connection at a time: a login replaces the browser's personal token (decision 0015).
    await ctx.apps.dropToken(cookieCallOf(c), app.vault)
    const user = await primeProfile(c, ctx, token.access_token, app.baseUrl)
    // What GET /auth/session would now answer, and the profile: the app need ask for neither.
    return c.json({
      scope: session.scope,
      requestedScope: transaction.scope,
      returnTo: transaction.returnTo,
      connectedAt: new Date(session.connectedAt).toISOString(),
      ...(user === undefined ? {} : { user }),
    } satisfies ExchangeResponse)
  })

  auth.get('/session', async (c) => {
    const call = cookieCallOf(c)
    const read = await cookies.readSession(call)
    const connection = await ctx.apps.connection(call, read, c.get('flowTrace'))
    const { session, source } = connection
    if (session !== null) {
      return c.json({
        connected: true,
        scope: session.scope,
        requestedScope: session.requestedScope,
        connectedAt: new Date(session.connectedAt).toISOString(),
        source: 'oauth',
      } satisfies SessionResponse)
    }
    const token = connection.app.vault?.token
    if (source !== 'personal-token' || token === undefined || token === null) {
      return c.json({ connected: false } satisfies SessionResponse)
    }
    const scope = (token.scopes ?? []).join(',')
    return c.json({
      connected: true,
      scope,
      requestedScope: scope,
      connectedAt: new Date(token.savedAt).toISOString(),
      source: 'personal-token',
    } satisfies SessionResponse)
  })

  // The service documents no revocation endpoint: the token stays valid there (docs/security.md).
  auth.post('/logout', async (c) => {
    addTraceStep(c, {
      kind: 'session',
      title: 'Session cookie deleted',
      outcome: 'info',
      notes: [
        'The service documents no revocation endpoint: the token stays valid there until the user revokes the app in their settings.',
      ],
    })
    // docs/security.md#i1: a copy of the cookie taken before this is refused from now on.
    const outcome = await cookies.logout(cookieCallOf(c))
    if (outcome !== 'none') ctx.events.sessionEnded('logout')
    // A personal token is a connection too: logging out forgets it (decision 0015). Not while
    // the store is down: the logout itself must not need it (docs/security.md#s8).
    await ctx.apps.dropToken(cookieCallOf(c), null).catch((error: unknown) => {
      if (!(error instanceof StoreUnavailableError)) throw error
    })
    // docs/security.md#i2: the browser empties this origin's web storage too. Not "cookies": that
    // one clears the whole registrable domain (every localhost port, every *.example.com app).
    c.header('Clear-Site-Data', '"storage"')
    if (outcome !== 'pending') return c.body(null, 204)
    // docs/security.md#s8: logged out here; the end of copies elsewhere waits for the store.
    return c.json({
      loggedOut: true,
      serverSideEnd: 'pending',
      message: `You are logged out in this browser. The playground's ${ctx.store.name} store is unavailable, so ending copies of this session elsewhere is pending: it is recorded as soon as the store answers.`,
    })
  })

  return auth
}
