/**
 * The checks of `GET /oauth2/authorize` as one pure function: the app, the redirect URI, the
 * response type, the scopes, the state and the PKCE parameters, in the order RFC 6749 §4.1.2.1
 * needs (nothing is redirected before the client and its redirect URI are trusted).
 */
import { canonicalScopes, isSatisfiedBy, safeParseScopes } from '../../protocol/scopes'
import { allowedScopesOf } from '../context'
import { excerpt } from '../emulator-error'
import { englishOf, type ErrorPick } from '../pages/page-locale'
import { checkChallenge, type PkceMode } from './pkce'
import type { AppRegistration } from '../seed'

export const AUTHORIZE_PARAMS = [
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

export type AuthorizeQuery = Partial<Record<(typeof AUTHORIZE_PARAMS)[number], string>>

export type AuthorizeCheck =
  /** Nowhere trusted to redirect to: an error page (RFC 6749 §4.1.2.1). */
  | { kind: 'page'; title: string; message: string; pick: ErrorPick }
  /** The client and redirect URI are trusted: the error goes back to the client. */
  | {
      kind: 'redirect'
      redirectUri: string
      state: string | null
      error: string
      description: string
    }
  /**
   * docs/service.md#client-code-flow: the client-code variant, checked by clientCodeProblem (its
   * signature is async).
   */
  | { kind: 'client_code'; app: AppRegistration }
  | {
      kind: 'ok'
      app: AppRegistration
      redirectUri: string
      state: string | null
      scopes: string[]
      codeChallenge: string | null
    }

/**
 * The first scope the app may not have (docs/service.md#operator-approved-scopes), or undefined.
 */
export function refusedScope(app: AppRegistration, scopes: readonly string[]): string | undefined {
  return scopes.find((scope) => !isSatisfiedBy(allowedScopesOf(app), [scope]))
}

/** A refusal page: its English text (what tests and logs read) and its pick for other languages. */
function page(pick: ErrorPick): AuthorizeCheck {
  const { title = '', message } = englishOf(pick)
  return { kind: 'page', title, message, pick }
}

/** The request names no usable app: the page says the app is misconfigured. */
const misconfigured =
  (pick: ErrorPick): ErrorPick =>
  (m) => ({ ...pick(m), hint: m.authorize.misconfigured })

export function checkAuthorizeRequest(
  query: AuthorizeQuery,
  apps: ReadonlyMap<string, AppRegistration>,
  pkce: PkceMode = 'off',
): AuthorizeCheck {
  if (query.client_id === undefined || query.client_id === '') {
    return page(misconfigured((m) => m.authorize.missingClientId))
  }
  const app = apps.get(query.client_id)
  // RFC 6749 §4.1.2.1: with an unknown client there is no trusted place to redirect to.
  if (app === undefined) {
    const clientId = excerpt(query.client_id)
    return page(misconfigured((m) => m.authorize.unknownApp({ clientId })))
  }
  if (query.code !== undefined || query.sign !== undefined || query.timestamp !== undefined) {
    return { kind: 'client_code', app }
  }

  let redirectUri: string
  if (query.redirect_uri === undefined) {
    const [only, ...others] = app.redirectUris
    if (only === undefined || others.length > 0) {
      return page((m) =>
        only === undefined
          ? m.authorize.noRedirectUri({ app: app.name })
          : m.authorize.severalRedirectUris({ app: app.name }),
      )
    }
    redirectUri = only
  } else if (app.redirectUris.includes(query.redirect_uri)) {
    redirectUri = query.redirect_uri
  } else {
    // RFC 9700 §4.1.3: exact string comparison; a mismatch must never be redirected to.
    const uri = excerpt(query.redirect_uri)
    return page((m) => m.authorize.redirectMismatch({ uri, app: app.name }))
  }

  const state = query.state ?? null
  const back = (error: string, description: string): AuthorizeCheck => ({
    kind: 'redirect',
    redirectUri,
    state,
    error,
    description,
  })
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
  if (!parsed.ok) return back('invalid_scope', `unknown scope "${excerpt(parsed.error.scope, 40)}"`)
  const refused = refusedScope(app, parsed.scopes)
  if (refused !== undefined) {
    return back('invalid_scope', `scope "${refused}" is not enabled for this app`)
  }
  const challenge = checkChallenge(pkce, query.code_challenge, query.code_challenge_method)
  if (!challenge.ok) return back('invalid_request', challenge.message)
  return {
    kind: 'ok',
    app,
    redirectUri,
    state,
    scopes: canonicalScopes(parsed.scopes),
    codeChallenge: challenge.challenge,
  }
}
