import { describe, expect, it } from 'vitest'
import {
  checkAuthorizeRequest,
  type AuthorizeCheck,
  type AuthorizeQuery,
} from './authorize-request'
import type { AppRegistration } from '../seed'

const REDIRECT = 'http://localhost:5173/callback'
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

const web: AppRegistration = {
  clientId: 'web',
  clientSecret: 'web-secret',
  name: 'Web',
  redirectUris: [REDIRECT],
}
const twoUris: AppRegistration = {
  ...web,
  clientId: 'two',
  redirectUris: [REDIRECT, `${REDIRECT}2`],
}
const cli: AppRegistration = { ...web, clientId: 'cli', name: 'Cli', redirectUris: [] }
const narrow: AppRegistration = { ...web, clientId: 'narrow', allowedScopes: ['doc:read'] }
const APPS = new Map([web, twoUris, cli, narrow].map((app) => [app.clientId, app]))

const base: AuthorizeQuery = {
  client_id: 'web',
  redirect_uri: REDIRECT,
  response_type: 'code',
  scope: 'doc:read,repo',
  state: 's-1',
}

function without(name: keyof AuthorizeQuery): AuthorizeQuery {
  const query = { ...base }
  delete query[name]
  return query
}

/** What a check decides, without the app record: the kind and its telling detail. */
function outcome(check: AuthorizeCheck): string {
  switch (check.kind) {
    case 'page':
      return `page: ${check.title}: ${check.message}`
    case 'redirect':
      return `redirect ${check.redirectUri} state=${check.state ?? '∅'}: ${check.error}: ${check.description}`
    case 'client_code':
      return `client_code: ${check.app.clientId}`
    case 'ok':
      return `ok ${check.redirectUri} state=${check.state ?? '∅'} scopes=${check.scopes.join(',')} challenge=${check.codeChallenge ?? '∅'}`
  }
}

describe('checkAuthorizeRequest', () => {
  it.each<[string, AuthorizeQuery, string]>([
    [
      'accepts a well-formed request',
      base,
      `ok ${REDIRECT} state=s-1 scopes=doc:read,repo challenge=∅`,
    ],
    [
      'keeps a missing state as null',
      without('state'),
      `ok ${REDIRECT} state=∅ scopes=doc:read,repo challenge=∅`,
    ],
    [
      'uses the only registered URI when none is sent',
      without('redirect_uri'),
      `ok ${REDIRECT} state=s-1 scopes=doc:read,repo challenge=∅`,
    ],
    ['accepts no scope at all', without('scope'), `ok ${REDIRECT} state=s-1 scopes= challenge=∅`],
    [
      'refuses a missing client_id on a page',
      without('client_id'),
      'page: Missing client_id: The request has no client_id.',
    ],
    [
      'refuses an empty client_id on a page',
      { ...base, client_id: '' },
      'page: Missing client_id: The request has no client_id.',
    ],
    [
      'refuses an unknown client on a page',
      { ...base, client_id: 'nope' },
      'page: Unknown app: No app is registered with client_id "nope".',
    ],
    [
      'refuses a redirect URI differing by a trailing slash',
      { ...base, redirect_uri: `${REDIRECT}/` },
      `page: Redirect URI mismatch: The redirect_uri "${REDIRECT}/" is not registered for Web.`,
    ],
    [
      'refuses a redirect URI differing by case',
      { ...base, redirect_uri: REDIRECT.toUpperCase() },
      `page: Redirect URI mismatch: The redirect_uri "${REDIRECT.toUpperCase()}" is not registered for Web.`,
    ],
    [
      'needs a redirect_uri when several are registered',
      { ...without('redirect_uri'), client_id: 'two' },
      'page: Missing redirect_uri: Web registered several redirect URIs, so the request must name one in redirect_uri.',
    ],
    [
      'says a client-code app has no redirect URI',
      { ...without('redirect_uri'), client_id: 'cli' },
      'page: Missing redirect_uri: Cli has no registered redirect URI: it signs in with the client-code flow (code, timestamp and sign).',
    ],
    [
      'hands a request with code, sign or timestamp to the client-code checks',
      { client_id: 'cli', timestamp: '1' },
      'client_code: cli',
    ],
    [
      'redirects a missing response_type',
      without('response_type'),
      `redirect ${REDIRECT} state=s-1: invalid_request: response_type is required and must be "code"`,
    ],
    [
      'redirects an unsupported response_type',
      { ...base, response_type: 'token' },
      `redirect ${REDIRECT} state=s-1: unsupported_response_type: response_type "token" is not supported; use "code"`,
    ],
    [
      'redirects an unknown scope',
      { ...base, scope: 'doc,admin' },
      `redirect ${REDIRECT} state=s-1: invalid_scope: unknown scope "admin"`,
    ],
    [
      'redirects a scope the app may not have',
      { ...base, client_id: 'narrow', scope: 'repo' },
      `redirect ${REDIRECT} state=s-1: invalid_scope: scope "repo" is not enabled for this app`,
    ],
  ])('%s', (_, query, expected) => {
    expect(outcome(checkAuthorizeRequest(query, APPS))).toBe(expected)
  })

  it.each<[string, AuthorizeQuery, string]>([
    [
      'keeps an S256 challenge',
      { ...base, code_challenge: CHALLENGE, code_challenge_method: 'S256' },
      `ok ${REDIRECT} state=s-1 scopes=doc:read,repo challenge=${CHALLENGE}`,
    ],
    [
      'redirects a missing challenge',
      base,
      `redirect ${REDIRECT} state=s-1: invalid_request: code_challenge is required (PKCE with S256)`,
    ],
    [
      'redirects the plain method',
      { ...base, code_challenge: CHALLENGE },
      `redirect ${REDIRECT} state=s-1: invalid_request: code_challenge_method must be S256, not "plain"`,
    ],
  ])('with PKCE required, %s', (_, query, expected) => {
    expect(outcome(checkAuthorizeRequest(query, APPS, 'required'))).toBe(expected)
  })

  it('ignores PKCE parameters when PKCE is off, as Yuque does', () => {
    const query = { ...base, code_challenge: 'x', code_challenge_method: 'plain' }
    expect(outcome(checkAuthorizeRequest(query, APPS))).toContain('challenge=∅')
  })
})
