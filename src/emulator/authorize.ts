/**
 * `GET /oauth2/authorize`, both flows: the checks are pure (authorize-request.ts); this file is
 * the HTTP glue and the client-code variant's signature and code bookkeeping (spec §5.3).
 */
import { Hono } from 'hono'
import { isValidClientCode, verifyClientCodeSignature } from '../protocol/client-code'
import { canonicalScopes, safeParseScopes } from '../protocol/scopes'
import {
  AUTHORIZE_PARAMS,
  checkAuthorizeRequest,
  refusedScope,
  type AuthorizeQuery,
} from './authorize-request'
import { redirect, withParams, type BrowserFlow } from './browser-flow'
import { CODE_TTL_MS, TIMESTAMP_WINDOW_MS, type EmulatorDeps, type EmulatorEnv } from './context'
import { EmulatorError, excerpt } from './emulator-error'
import type { AppRegistration } from './seed'
import { oneParam } from './sessions'

/**
 * Spec §5.3: what is wrong with a client-code request, or its canonical scopes and signed time.
 * Every failure is a page, as there is nowhere to redirect to.
 */
async function checkClientCode(
  deps: EmulatorDeps,
  app: AppRegistration,
  query: AuthorizeQuery,
): Promise<{ scopes: string[]; signedAt: number }> {
  const restart = `Ask ${app.name} to start signing in again.`
  const fail = (title: string, message: string, hint?: string) =>
    new EmulatorError(400, message, hint === undefined ? { title } : { title, hint })
  const code = query.code ?? ''
  if (query.response_type !== 'code') {
    throw fail('Unsupported response_type', 'response_type must be "code".', restart)
  }
  if (!isValidClientCode(code)) {
    throw fail(
      'Malformed code',
      `The code must be exactly 40 letters and digits; this one has ${code.length} characters${code.length === 40 ? ' and others than letters and digits' : ''}.`,
      restart,
    )
  }
  const timestamp = query.timestamp
  if (timestamp === undefined || !/^\d{1,16}$/.test(timestamp)) {
    throw fail(
      'Malformed timestamp',
      'timestamp must be the time of the request in milliseconds since the epoch.',
      restart,
    )
  }
  const skew = Number(timestamp) - deps.now()
  if (Math.abs(skew) > TIMESTAMP_WINDOW_MS) {
    const minutes = Math.round(Math.abs(skew) / 60_000)
    throw fail(
      'Stale timestamp',
      `The request's timestamp is ${minutes} minutes ${skew < 0 ? 'in the past' : 'in the future'}; it must be within 10 minutes of the server's clock.`,
      `Check the device's clock. ${restart}`,
    )
  }
  const sign = query.sign
  if (sign === undefined || sign === '') {
    throw fail('Missing signature', 'The request has no sign parameter.', restart)
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
    throw fail(
      'Invalid signature',
      'The sign parameter does not match this request and this app’s secret.' +
        (sign.includes(' ')
          ? ' It contains a space: a "+" of the base64 value was not URL-encoded.'
          : ''),
      'sign = base64(HMAC-SHA1(client_secret, "client_id=…&code=…&response_type=…&scope=…&timestamp=…")).',
    )
  }
  const parsed = safeParseScopes(query.scope ?? '')
  if (!parsed.ok) throw fail('Unknown scope', `Unknown scope "${excerpt(parsed.error.scope, 40)}".`)
  const refused = refusedScope(app, parsed.scopes)
  if (refused !== undefined) {
    throw fail('Scope not enabled', `The scope "${refused}" is not enabled for ${app.name}.`)
  }
  const scopes = canonicalScopes(parsed.scopes)
  const existing = deps.store.clientCodes.get(code)
  // A reload of the same pending request is fine; anything else is a second use of the code.
  const isSameRequest =
    existing !== undefined &&
    existing.status === 'pending' &&
    existing.clientId === app.clientId &&
    existing.requestedScopes.join(',') === scopes.join(',') &&
    deps.now() - existing.createdAt <= CODE_TTL_MS
  if (existing !== undefined && !isSameRequest) {
    throw fail(
      'Code already used',
      'This code was already used for an authorization request.',
      `Every sign-in needs a freshly generated code. ${restart}`,
    )
  }
  if (existing === undefined) {
    deps.store.clientCodes.set(code, {
      clientId: app.clientId,
      requestedScopes: scopes,
      status: 'pending',
      createdAt: deps.now(),
      decidedAt: null,
      userId: null,
      grantedScopes: [],
    })
  }
  return { scopes, signedAt: Number(timestamp) }
}

export function createAuthorizeRoutes(deps: EmulatorDeps, flow: BrowserFlow): Hono<EmulatorEnv> {
  const routes = new Hono<EmulatorEnv>()

  routes.get('/oauth2/authorize', async (c) => {
    const all = c.req.queries()
    const query: AuthorizeQuery = {}
    for (const name of AUTHORIZE_PARAMS) {
      const value = oneParam(all[name], name)
      if (value !== null) query[name] = value
    }
    c.get('log').clientId = query.client_id ?? null

    const check = checkAuthorizeRequest(query, deps.apps, deps.pkce)
    switch (check.kind) {
      case 'page':
        throw new EmulatorError(
          400,
          check.message,
          check.hint === undefined
            ? { title: check.title }
            : { title: check.title, hint: check.hint },
        )
      case 'redirect':
        return redirect(
          c,
          withParams(check.redirectUri, {
            error: check.error,
            error_description: check.description,
            state: check.state,
          }),
          302,
        )
      case 'client_code': {
        const { scopes, signedAt } = await checkClientCode(deps, check.app, query)
        return flow.startPending(c, check.app, scopes, {
          kind: 'client_code',
          code: query.code ?? '',
          signedAt,
        })
      }
      case 'ok':
        return flow.startPending(c, check.app, check.scopes, {
          kind: 'authorization_code',
          redirectUri: check.redirectUri,
          state: check.state,
          codeChallenge: check.codeChallenge,
        })
    }
  })

  return routes
}
