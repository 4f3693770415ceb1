import { describe, expect, it } from 'vitest'
import { createEmulator } from '../emulator'
import { s256Challenge, type PkceMode } from './pkce'
import { authorizeThroughPages, redeemCode } from '../../testing/emulator-pages'

const UA = { 'User-Agent': 'pkce-test/1.0' }
// RFC 7636 Appendix B.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

function authorizeUrl(extra: Record<string, string> = {}) {
  const params = new URLSearchParams({
    client_id: 'playground-web',
    response_type: 'code',
    scope: 'doc',
    state: 'pkce-test-state',
    ...extra,
  })
  return `/oauth2/authorize?${params.toString()}`
}

async function codeFor(
  app: ReturnType<typeof createEmulator>['app'],
  extra: Record<string, string>,
) {
  const result = await authorizeThroughPages(app, authorizeUrl(extra), { login: 'alice' })
  const code = new URL(result.location ?? '').searchParams.get('code')
  expect(code, result.location ?? '').not.toBeNull()
  return code ?? ''
}

/** The authorize request's answer before any page: a redirect with the error, or a page. */
async function authorizeError(mode: PkceMode, extra: Record<string, string>) {
  const { app } = createEmulator({ pkce: mode })
  const response = await app.request(authorizeUrl(extra), { headers: UA })
  const location = new URL(response.headers.get('Location') ?? 'http://none/')
  return { status: response.status, error: location.searchParams.get('error'), location }
}

describe('PKCE at the emulator (docs/security.md#k6)', () => {
  it('computes the S256 challenge of RFC 7636 Appendix B', () => {
    expect(s256Challenge(VERIFIER)).toBe(CHALLENGE)
  })

  it.each<PkceMode>(['optional', 'required'])(
    'issues a token for the right verifier (%s)',
    async (mode) => {
      const { app } = createEmulator({ pkce: mode })
      const code = await codeFor(app, { code_challenge: CHALLENGE, code_challenge_method: 'S256' })
      const response = await redeemCode(app, code, { code_verifier: VERIFIER })
      expect(response.status).toBe(200)
    },
  )

  it.each([
    ['a wrong verifier', { code_verifier: `${VERIFIER.slice(0, -1)}A` }],
    ['a missing verifier', {}],
    ['a malformed verifier', { code_verifier: 'short' }],
  ])('answers invalid_grant for %s, and the code still works', async (_, extra) => {
    const { app } = createEmulator({ pkce: 'required' })
    const code = await codeFor(app, { code_challenge: CHALLENGE, code_challenge_method: 'S256' })
    const refused = await redeemCode(app, code, extra)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' })
    expect((await redeemCode(app, code, { code_verifier: VERIFIER })).status).toBe(200)
  })

  it.each([
    ['no challenge', {}],
    ['plain', { code_challenge: VERIFIER, code_challenge_method: 'plain' }],
    ['a challenge without a method (plain by default)', { code_challenge: CHALLENGE }],
    ['a method without a challenge', { code_challenge_method: 'S256' }],
    ['a challenge that is no SHA-256', { code_challenge: 'abc', code_challenge_method: 'S256' }],
  ])('refuses an authorization with %s when required', async (_, extra) => {
    const result = await authorizeError('required', extra)
    expect(result.status).toBe(302)
    expect(result.error).toBe('invalid_request')
    expect(result.location.searchParams.get('state')).toBe('pkce-test-state')
  })

  it('refuses plain even when PKCE is optional', async () => {
    const result = await authorizeError('optional', {
      code_challenge: VERIFIER,
      code_challenge_method: 'plain',
    })
    expect(result.error).toBe('invalid_request')
  })

  it('refuses a verifier for a code that had no challenge (downgrade)', async () => {
    const { app } = createEmulator({ pkce: 'optional' })
    const code = await codeFor(app, {})
    const response = await redeemCode(app, code, { code_verifier: VERIFIER })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining('had no code_challenge'),
    })
  })

  it('ignores PKCE entirely when off, as Yuque documents none', async () => {
    const { app } = createEmulator()
    const code = await codeFor(app, { code_challenge: CHALLENGE, code_challenge_method: 'plain' })
    expect((await redeemCode(app, code, { code_verifier: 'anything' })).status).toBe(200)
  })
})
