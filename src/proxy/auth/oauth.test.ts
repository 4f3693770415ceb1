import { randomBytes } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import {
  codeChallengeS256,
  createCodeVerifier,
  createState,
  isStateEqual,
  processTokenResponse,
  type TokenAnswer,
} from './oauth'

describe('createState', () => {
  it('is 32 CSPRNG bytes in base64url (256 bits)', () => {
    const random = vi.fn((size: number) => randomBytes(size))
    const state = createState(random)
    expect(random).toHaveBeenCalledWith(32)
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('never repeats over 10,000 samples', () => {
    const states = new Set(Array.from({ length: 10_000 }, () => createState(randomBytes)))
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

describe('PKCE (docs/security.md#a8)', () => {
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
})

const badBody = (problem: string, status = 200): TokenAnswer => ({
  kind: 'bad-body',
  status,
  problem,
})
const NOT_BEARER = badBody('no valid bearer token response')
const NOT_JSON = 'a body that is not JSON'

/**
 * docs/security.md#c2, after oauth4webapi's token response cases: only a 200 bearer answer is a
 * token.
 */
const TOKEN_ANSWER_CASES: readonly [
  name: string,
  status: number,
  body: string,
  expected: TokenAnswer,
][] = [
  [
    'a bearer token with its scope',
    200,
    '{"access_token":"at","token_type":"bearer","scope":"doc"}',
    {
      kind: 'token',
      status: 200,
      token: { access_token: 'at', token_type: 'bearer', scope: 'doc' },
    },
  ],
  [
    'token_type compared case-insensitively, scope optional',
    200,
    '{"access_token":"at","token_type":"Bearer"}',
    { kind: 'token', status: 200, token: { access_token: 'at', token_type: 'Bearer' } },
  ],
  ['a body that is not JSON', 200, '<html>', badBody(NOT_JSON)],
  ['an array body', 200, '[]', NOT_BEARER],
  ['a numeric access_token', 200, '{"access_token":123,"token_type":"bearer"}', NOT_BEARER],
  ['an empty access_token', 200, '{"access_token":"","token_type":"bearer"}', NOT_BEARER],
  ['token_type "mac"', 200, '{"access_token":"at","token_type":"mac"}', NOT_BEARER],
  [
    'an OAuth error with 400',
    400,
    '{"error":"invalid_grant","error_description":"bad code"}',
    {
      kind: 'oauth-error',
      status: 400,
      error: { error: 'invalid_grant', error_description: 'bad code' },
    },
  ],
  ['an OAuth error carried by a 200 is not a token', 200, '{"error":"invalid_grant"}', NOT_BEARER],
  [
    'a redirect, whatever its body',
    302,
    '{"access_token":"at","token_type":"bearer"}',
    { kind: 'redirect', status: 302 },
  ],
  [
    'a 500 that is neither token nor error',
    500,
    '{"status":500}',
    badBody('neither a token nor an OAuth error', 500),
  ],
  ['a 502 page', 502, 'Bad Gateway', badBody(NOT_JSON, 502)],
]

describe('processTokenResponse', () => {
  it.each(TOKEN_ANSWER_CASES)('classifies %s', (_name, status, body, expected) => {
    expect(processTokenResponse(status, body)).toEqual(expected)
  })
})
