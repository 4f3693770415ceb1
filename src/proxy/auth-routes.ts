/**
 * `/auth/*`: the authorization-code flow as a backend-for-frontend (design.md, steps 1 and 4).
 */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import {
  ExchangeRequestSchema,
  StartLoginRequestSchema,
  type ExchangeResponse,
  type PlaygroundConfig,
  type SessionResponse,
  type StartLoginResponse,
} from '../protocol/playground-api'
import { OAuthErrorSchema, TokenResponseSchema } from '../protocol/schemas'
import type { ProxyContext } from './context'
import { proxyError } from './http-errors'
import { parseJsonOrUndefined, readJsonBody, requestedScope } from './json-body'
import { openSession } from './session'
import { callTokenEndpoint } from './token-endpoint'
import {
  authorizeParams,
  buildAuthorizeUrl,
  createState,
  isStateEqual,
  sanitizeReturnTo,
} from './oauth'

const MAX_BODY_BYTES = 16 * 1024

export function createAuthRoutes(ctx: ProxyContext) {
  const { config, cookies } = ctx
  const auth = new Hono()

  auth.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        proxyError(
          c,
          413,
          'payload_too_large',
          `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
        ),
    }),
  )

  auth.get('/config', (c) =>
    c.json({
      service: config.service,
      clientId: config.clientId,
      redirectUri: config.redirectUri,
      authorizeEndpoint: new URL('/oauth2/authorize', config.authUrl).href,
      baseUrl: config.baseUrl.href.replace(/\/$/, ''),
      clientCodeClientId: config.codeClient?.clientId ?? null,
    } satisfies PlaygroundConfig),
  )

  auth.post('/start', async (c) => {
    const body = await readJsonBody(c.req.raw, StartLoginRequestSchema)
    if (!body.ok) return proxyError(c, 400, 'bad_request', body.message)
    const requested = requestedScope(body.data.scopes)
    if (!requested.ok) return proxyError(c, 400, 'bad_request', requested.message)
    const scope = requested.data
    const state = createState(ctx.randomBytes)
    const returnTo = sanitizeReturnTo(body.data.returnTo, config.appOrigin)
    await cookies.startTransaction(c, { state, scope, returnTo, createdAt: ctx.clock() })
    // redirect_uri comes from configuration, never from Host or X-Forwarded-* (RFC 9700 §4.13).
    const request = {
      authUrl: config.authUrl,
      clientId: config.clientId,
      redirectUri: config.redirectUri,
      scope,
      state,
    }
    return c.json({
      authorizeUrl: buildAuthorizeUrl(request).href,
      state,
      params: authorizeParams(request),
    } satisfies StartLoginResponse)
  })

  auth.post('/exchange', async (c) => {
    const body = await readJsonBody(c.req.raw, ExchangeRequestSchema)
    if (!body.ok) return proxyError(c, 400, 'bad_request', body.message)
    const { code, state } = body.data
    const shown = `${state.slice(0, 6)}…`

    // RFC 9700 §4.2.4: the transaction is consumed on first use, whatever the outcome.
    const transaction = await cookies.takeTransaction(c, state)
    if (transaction === 'missing') {
      return proxyError(
        c,
        400,
        'state_missing',
        `No login started in this browser has state "${shown}": it was already used, expired, or was started in another browser. Nothing was exchanged; start again.`,
      )
    }
    if (transaction === 'invalid' || ctx.clock() - transaction.createdAt > 600_000) {
      return proxyError(
        c,
        400,
        'state_expired',
        `The login with state "${shown}" expired (a login must finish within 10 minutes). Nothing was exchanged; start again.`,
      )
    }
    if (!isStateEqual(transaction.state, state)) {
      return proxyError(
        c,
        400,
        'state_mismatch',
        `state "${shown}" does not match the login this browser started.`,
      )
    }

    // One attempt only: a code is single-use, and a retry after a time-out could make the
    // service revoke the token (RFC 6749 §4.1.2, checklist B8).
    const call = await callTokenEndpoint(
      ctx,
      c,
      {
        client_id: config.clientId,
        client_secret: config.clientSecret,
        code,
        grant_type: 'authorization_code',
      },
      'The code was not retried (codes are single-use); start again.',
    )
    if (!call.ok) return call.failure
    const { response } = call

    if (response.status >= 300 && response.status < 400) {
      return proxyError(
        c,
        502,
        'exchange_failed',
        `The token endpoint answered with a redirect (HTTP ${response.status}); it was not followed.`,
      )
    }
    const json = parseJsonOrUndefined(response.body)
    if (response.status !== 200) {
      const oauthError = OAuthErrorSchema.safeParse(json)
      if (response.status < 500 && oauthError.success) {
        // The service's error code is shown; its free-text description is not passed on (ASVS 16.5.1).
        return proxyError(
          c,
          400,
          'exchange_failed',
          `The service refused the code (${oauthError.data.error.slice(0, 64)}). Codes are single-use and expire after 10 minutes; start again.`,
        )
      }
      return proxyError(
        c,
        502,
        'upstream_error',
        `The service's token endpoint failed (HTTP ${response.status}). Start again in a moment.`,
      )
    }
    const token = TokenResponseSchema.safeParse(json)
    if (!token.success) {
      return proxyError(
        c,
        502,
        'upstream_invalid',
        'The token endpoint answered 200 without a valid bearer token response; no session was created.',
      )
    }

    const connectedAt = ctx.clock()
    const scope = await openSession(c, cookies, connectedAt, token.data, transaction.scope)
    // What GET /auth/session would now answer, so the app need not ask (issue 7).
    return c.json({
      scope,
      requestedScope: transaction.scope,
      returnTo: transaction.returnTo,
      connectedAt: new Date(connectedAt).toISOString(),
    } satisfies ExchangeResponse)
  })

  auth.get('/session', async (c) => {
    const session = await cookies.readSession(c)
    if (session === null) return c.json({ connected: false } satisfies SessionResponse)
    return c.json({
      connected: true,
      scope: session.scope,
      requestedScope: session.requestedScope,
      connectedAt: new Date(session.connectedAt).toISOString(),
    } satisfies SessionResponse)
  })

  // The service documents no revocation endpoint: the token stays valid there (docs/security.md).
  auth.post('/logout', (c) => {
    cookies.clearSession(c)
    return c.body(null, 204)
  })

  return auth
}
