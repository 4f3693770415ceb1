import { randomBytes } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import {
  buildAuthorizeUrl,
  codeChallengeS256,
  createCodeVerifier,
  createState,
  isStateEqual,
  sanitizeReturnTo,
  type AuthorizeRequest,
} from './oauth'

describe('createState', () => {
  it('is 32 CSPRNG bytes in base64url (256 bits)', () => {
    const random = vi.fn((size: number) => randomBytes(size))
    const state = createState(random)
    expect(random).toHaveBeenCalledWith(32)
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('never repeats over 10,000 samples', () => {
    const states = new Set(Array.from({ length: 10_000 }, () => createState()))
    expect(states.size).toBe(10_000)
  })
})

describe('isStateEqual', () => {
  it('is true only for identical strings', () => {
    expect(isStateEqual('abc', 'abc')).toBe(true)
    expect(isStateEqual('abc', 'abd')).toBe(false)
  })

  it('is false for unequal lengths without throwing', () => {
    expect(isStateEqual('abc', 'abcd')).toBe(false)
    expect(isStateEqual('', 'a')).toBe(false)
  })
})

const AUTHORIZE_REQUEST: AuthorizeRequest = {
  authUrl: new URL('https://www.yuque.com'),
  clientId: 'playground-web',
  redirectUri: 'http://localhost:5173/callback',
  scope: 'doc',
  state: 'S',
  codeChallenge: null,
}

describe('buildAuthorizeUrl', () => {
  it('carries exactly the spec parameters, response_type=code and the configured redirect URI', () => {
    const url = buildAuthorizeUrl({ ...AUTHORIZE_REQUEST, scope: 'doc,repo:read' })
    expect(url.href).toBe(
      'https://www.yuque.com/oauth2/authorize?client_id=playground-web&scope=doc%2Crepo%3Aread&redirect_uri=http%3A%2F%2Flocalhost%3A5173%2Fcallback&state=S&response_type=code',
    )
    expect(url.searchParams.getAll('response_type')).toEqual(['code'])
  })
})

describe('PKCE (checklist A8)', () => {
  it('computes the S256 challenge of RFC 7636 Appendix B', () => {
    expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
  })

  it('makes a 43-character verifier from 32 CSPRNG bytes', () => {
    const random = vi.fn((size: number) => randomBytes(size))
    expect(createCodeVerifier(random)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(random).toHaveBeenCalledWith(32)
  })

  it('puts the challenge with method S256 (never plain) in the authorize URL', () => {
    const url = buildAuthorizeUrl({
      ...AUTHORIZE_REQUEST,
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    })
    expect(url.searchParams.get('code_challenge')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
    expect(url.searchParams.getAll('code_challenge_method')).toEqual(['S256'])
  })
})

describe('sanitizeReturnTo', () => {
  const origin = 'http://localhost:5173'

  it('keeps a same-origin path with its query and fragment', () => {
    expect(sanitizeReturnTo('/ok', origin)).toBe('/ok')
    expect(sanitizeReturnTo('/users/alice?tab=repos#top', origin)).toBe(
      '/users/alice?tab=repos#top',
    )
  })

  it('falls back to / for every open-redirect vector', () => {
    for (const vector of [
      'https://evil.test',
      '//evil.test',
      '/\\evil.test',
      '/%2F%2Fevil.test',
      '/%5Cevil.test',
      '\\\\evil.test',
      'javascript:alert(1)',
      'https:evil.test',
      '',
      'ok',
      '/\u0000evil',
      '/\nevil',
      '/callback?code=x',
      undefined,
    ]) {
      expect(sanitizeReturnTo(vector, origin), String(vector)).toBe('/')
    }
  })
})
