import { describe, expect, it } from 'vitest'
import { authorizeParams, authorizeUrl, changedRedirectUri, type AuthorizeRequest } from './authorize'

const ENDPOINT = 'https://www.yuque.com/oauth2/authorize'
const REQUEST: AuthorizeRequest = {
  clientId: 'playground-web',
  redirectUri: 'http://localhost:5173/callback',
  scope: 'doc,repo:read',
  state: 'S',
  codeChallenge: null,
}

describe('authorizeUrl', () => {
  it('carries exactly the spec parameters in their order, response_type=code and the configured redirect URI', () => {
    const url = authorizeUrl(ENDPOINT, REQUEST)
    expect(url.href).toBe(
      'https://www.yuque.com/oauth2/authorize?client_id=playground-web&scope=doc%2Crepo%3Aread&redirect_uri=http%3A%2F%2Flocalhost%3A5173%2Fcallback&state=S&response_type=code',
    )
    expect(url.searchParams.getAll('response_type')).toEqual(['code'])
  })

  it('puts the PKCE challenge with method S256 (never plain) last (docs/security.md#a8)', () => {
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
    expect(authorizeParams({ ...REQUEST, codeChallenge: challenge }).slice(-2)).toEqual([
      ['code_challenge', challenge],
      ['code_challenge_method', 'S256'],
    ])
    const url = authorizeUrl(ENDPOINT, { ...REQUEST, codeChallenge: challenge })
    expect(url.searchParams.getAll('code_challenge_method')).toEqual(['S256'])
  })
})

describe('changedRedirectUri', () => {
  it('adds one character to the path and keeps the rest', () => {
    expect(changedRedirectUri('http://localhost:5173/callback')).toBe(
      'http://localhost:5173/callbackx',
    )
    expect(changedRedirectUri('https://a.example/cb?x=1')).toBe('https://a.example/cbx?x=1')
  })
})
