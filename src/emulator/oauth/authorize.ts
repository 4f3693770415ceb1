/**
 * `GET /oauth2/authorize`, both flows: the checks are pure (authorize-request.ts); this file is
 * the HTTP glue and the client-code variant's signature and code bookkeeping
 * (docs/service.md#client-code-flow).
 */
import { Hono } from 'hono'
import { isValidClientCode, verifyClientCodeSignature } from '../../protocol/client-code'
import { canonicalScopes, isSatisfiedBy, safeParseScopes } from '../../protocol/scopes'
import {
  AUTHORIZE_PARAMS,
  checkAuthorizeRequest,
  refusedScope,
  type AuthorizeCheck,
  type AuthorizeQuery,
} from './authorize-request'
import { redirect, withParams, type BrowserFlow } from '../pages/browser-flow'
import { CODE_TTL_MS, TIMESTAMP_WINDOW_MS, type EmulatorDeps, type EmulatorEnv } from '../context'
import { excerpt, pageError } from '../emulator-error'
import type { ErrorPick } from '../pages/page-locale'
import type { AppRegistration } from '../seed'
import { oneParam } from './sessions'
import { issueAuthCode } from './auth-code'

/** The signature's recipe (docs/service.md#client-code-flow), the same in every language. */
const SIGN_FORMULA =
  'sign = base64(HMAC-SHA1(client_secret, "client_id=…&code=…&response_type=…&scope=…&timestamp=…")).'

/**
 * docs/service.md#client-code-flow: what is wrong with a client-code request, or its canonical
 * scopes and signed time. Every failure is a page, as there is nowhere to redirect to.
 */
async function checkClientCode(
  deps: EmulatorDeps,
  app: AppRegistration,
  query: AuthorizeQuery,
): Promise<{ scopes: string[]; signedAt: number }> {
  const named = { app: app.name }
  // Every refusal but the signature's ends with asking the app to start again.
  const fail = (pick: ErrorPick, restart = true) =>
    pageError(400, (m) => {
      const text = pick(m)
      if (!restart) return text
      const again = m.authorize.restart(named)
      return { ...text, hint: text.hint === undefined ? again : `${text.hint} ${again}` }
    })
  const code = query.code ?? ''
  if (query.response_type !== 'code') throw fail((m) => m.authorize.unsupportedResponseType)
  if (!isValidClientCode(code)) {
    throw fail((m) => m.authorize.malformedCode({ length: code.length }))
  }
  const timestamp = query.timestamp
  if (timestamp === undefined || !/^\d{1,16}$/.test(timestamp)) {
    throw fail((m) => m.authorize.malformedTimestamp)
  }
  const skew = Number(timestamp) - deps.now()
  if (Math.abs(skew) > TIMESTAMP_WINDOW_MS) {
    const minutes = Math.round(Math.abs(skew) / 60_000)
    throw fail((m) => m.authorize.staleTimestamp({ minutes, past: skew < 0 }))
  }
  const sign = query.sign
  if (sign === undefined || sign === '') throw fail((m) => m.authorize.missingSign)
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
    const hasSpace = sign.includes(' ')
    throw fail((m) => ({ ...m.authorize.invalidSign({ hasSpace }), hint: SIGN_FORMULA }), false)
  }
  const parsed = safeParseScopes(query.scope ?? '')
  if (!parsed.ok) {
    const scope = excerpt(parsed.error.scope, 40)
    throw fail((m) => m.authorize.unknownScope({ scope }), false)
  }
  const refused = refusedScope(app, parsed.scopes)
  if (refused !== undefined) {
    throw fail((m) => m.authorize.scopeNotEnabled({ scope: refused, app: app.name }), false)
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
    throw fail((m) => m.authorize.codeUsed)
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

/**
 * A headless approval (docs/emulator.md#config-file, `autoApprove`): for a request every check
 * has passed, the code the configured user's approval gives, or null without one. The user
 * approves the requested scopes their configured scopes cover, as unticking the others would.
 */
function autoApproved(
  deps: EmulatorDeps,
  check: Extract<AuthorizeCheck, { kind: 'ok' }>,
): { code: string; login: string } | null {
  const approval = deps.autoApprove
  const user = approval === null ? undefined : deps.directory.userByLogin(approval.login)
  if (approval === null || user === undefined) return null
  const covered = approval.scopes
  const scopes = check.scopes.filter(
    (scope) => covered === undefined || isSatisfiedBy(covered, [scope]),
  )
  const code = issueAuthCode(deps, {
    clientId: check.app.clientId,
    redirectUri: check.redirectUri,
    userId: user.id,
    scopes: canonicalScopes(scopes),
    codeChallenge: check.codeChallenge,
  })
  return { code, login: user.login }
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
        throw pageError(400, check.pick)
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
      case 'ok': {
        const approved = autoApproved(deps, check)
        if (approved !== null) {
          c.get('log').user = approved.login
          const back = { code: approved.code, state: check.state }
          return redirect(c, withParams(check.redirectUri, back), 302)
        }
        return flow.startPending(c, check.app, check.scopes, {
          kind: 'authorization_code',
          redirectUri: check.redirectUri,
          state: check.state,
          codeChallenge: check.codeChallenge,
        })
      }
    }
  })

  return routes
}
