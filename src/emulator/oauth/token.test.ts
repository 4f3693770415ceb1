import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { signClientCode } from '../../protocol/client-code'
import { OAuthErrorSchema, TokenResponseSchema } from '../../protocol/schemas'
import { createEmulator } from '../emulator'
import { seedApps } from '../seed'
import { authorizeThroughPages, withUserAgent } from '../../testing/emulator-pages'

const START = Date.parse('2025-01-15T10:00:00.000Z')
const UA = { 'User-Agent': 'token-test/1.0' }
const WEB = { client_id: 'playground-web', client_secret: 'playground-web-secret' }
const OTHER_APP = {
  clientId: 'other-web',
  clientSecret: 'other-web-secret',
  name: 'Other',
  redirectUris: ['http://localhost:7000/cb'],
}

function setup() {
  let time = START
  const emulator = createEmulator({ clock: () => time, apps: [...seedApps(), OTHER_APP] })
  return {
    ...emulator,
    app: withUserAgent(emulator.app),
    advance: (ms: number) => (time += ms),
    now: () => time,
  }
}
type App = ReturnType<typeof setup>['app']

async function authCode(app: App, scope = 'doc', clientId = 'playground-web'): Promise<string> {
  const params = new URLSearchParams({ client_id: clientId, response_type: 'code', scope })
  const result = await authorizeThroughPages(app, `/oauth2/authorize?${params.toString()}`, {
    login: 'alice',
  })
  return new URL(result.location ?? '').searchParams.get('code') ?? ''
}

/** `POST /oauth2/token` with a raw body: `type` is its Content-Type, none when absent. */
function tokenRequest(app: App, body: BodyInit, type?: string) {
  return app.request('/oauth2/token', {
    method: 'POST',
    ...(type === undefined ? {} : { headers: { 'Content-Type': type } }),
    body,
  })
}

function postForm(app: App, body: Record<string, string>, headers: Record<string, string> = {}) {
  return app.request('/oauth2/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...UA, ...headers },
    body: new URLSearchParams(body).toString(),
  })
}

/** The authorization_code grant for `code`, the web app's credentials in the body unless replaced. */
const redeem = (app: App, code: string, extra: Record<string, string> = {}) =>
  postForm(app, { grant_type: 'authorization_code', ...WEB, code, ...extra })

/** The authorization_code grant with this Authorization header (RFC 6749 §2.3.1) and body. */
const redeemWithHeader = (app: App, authorization: string, body: Record<string, string>) =>
  postForm(app, { grant_type: 'authorization_code', ...body }, { Authorization: authorization })

async function oauthError(response: Response) {
  return OAuthErrorSchema.parse(await response.json())
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`
const WEB_BASIC = basic('playground-web', 'playground-web-secret')

describe('POST /oauth2/token refuses malformed requests', () => {
  it.each([
    ['text/plain', 'grant_type=authorization_code'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('answers 400 invalid_request for Content-Type %s', async (type, body) => {
    const { app } = setup()
    const response = await tokenRequest(app, body, type)
    expect(response.status).toBe(400)
    const error = await oauthError(response)
    expect(error.error).toBe('invalid_request')
    expect(error.error_description).toContain('unsupported Content-Type')
  })

  it('answers 400 invalid_request for a body without a Content-Type', async () => {
    const { app } = setup()
    const response = await tokenRequest(app, new Blob(['grant_type=client_code']))
    expect(response.status).toBe(400)
    expect((await oauthError(response)).error_description).toContain('(none)')
  })

  it('answers 400 invalid_request for malformed JSON', async () => {
    const { app } = setup()
    const response = await tokenRequest(
      app,
      '{"grant_type": "authorization_code",',
      'application/json',
    )
    expect(response.status).toBe(400)
    expect(await oauthError(response)).toEqual({
      error: 'invalid_request',
      error_description: 'the request body is not valid JSON',
    })
  })

  it.each([
    ['an array', '["grant_type"]'],
    ['a number value', '{"grant_type":"client_code","code":42}'],
    ['null', 'null'],
  ])('answers 400 invalid_request for a JSON body that is %s', async (_label, body) => {
    const { app } = setup()
    const response = await tokenRequest(app, body, 'application/json')
    expect(response.status).toBe(400)
    expect((await oauthError(response)).error).toBe('invalid_request')
  })

  it('answers 400 invalid_request for a repeated parameter (RFC 6749 §3.2)', async () => {
    const { app } = setup()
    const response = await tokenRequest(
      app,
      'grant_type=client_code&client_id=playground-cli&code=a&code=b',
      'application/x-www-form-urlencoded',
    )
    expect(response.status).toBe(400)
    expect((await oauthError(response)).error_description).toContain('"code"')
  })

  it('answers 400 invalid_request without grant_type', async () => {
    const { app } = setup()
    const response = await postForm(app, { ...WEB, code: 'x' })
    expect(response.status).toBe(400)
    expect(await oauthError(response)).toEqual({
      error: 'invalid_request',
      error_description: 'grant_type is required',
    })
  })

  it('answers 400 unsupported_grant_type for an unknown grant', async () => {
    const { app } = setup()
    const response = await postForm(app, { ...WEB, grant_type: 'password' })
    expect(response.status).toBe(400)
    expect((await oauthError(response)).error).toBe('unsupported_grant_type')
  })

  it('answers 413 in the OAuth shape for a body over 64 KB', async () => {
    const { app } = setup()
    const response = await postForm(app, { ...WEB, grant_type: 'x', pad: 'a'.repeat(70_000) })
    expect(response.status).toBe(413)
    expect((await oauthError(response)).error).toBe('invalid_request')
  })

  it('answers 405 in the OAuth shape for GET, with Allow: POST', async () => {
    const { app } = setup()
    const response = await app.request('/oauth2/token')
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('POST')
    expect((await oauthError(response)).error).toBe('invalid_request')
  })

  it('sends no CORS headers, even to a preflight', async () => {
    const { app } = setup()
    const response = await app.request('/oauth2/token', {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.test', 'Access-Control-Request-Method': 'POST' },
    })
    expect(response.status).toBe(405)
    for (const [name] of response.headers) expect(name).not.toMatch(/^access-control-/)
  })
})

describe('the authorization_code grant authenticates the client', () => {
  it('answers 401 invalid_client without client_secret', async () => {
    const { app } = setup()
    const code = await authCode(app)
    const response = await postForm(app, {
      grant_type: 'authorization_code',
      client_id: 'playground-web',
      code,
    })
    expect(response.status).toBe(401)
    expect(await oauthError(response)).toEqual({
      error: 'invalid_client',
      error_description: 'client_secret is required',
    })
  })

  it('answers 401 invalid_client for a wrong client_secret', async () => {
    const { app } = setup()
    const code = await authCode(app)
    const response = await redeem(app, code, { client_secret: 'guess' })
    expect(response.status).toBe(401)
    expect((await oauthError(response)).error).toBe('invalid_client')
  })

  it('answers 401 invalid_client for an unknown client_id', async () => {
    const { app } = setup()
    const response = await redeem(app, 'x', { client_id: 'nobody', client_secret: 'x' })
    expect(response.status).toBe(401)
  })

  it('answers 401 with a Basic challenge for wrong HTTP Basic credentials', async () => {
    const { app } = setup()
    const code = await authCode(app)
    const response = await redeemWithHeader(app, basic('playground-web', 'wrong'), { code })
    expect(response.status).toBe(401)
    expect(response.headers.get('WWW-Authenticate')).toMatch(/^Basic/)
  })

  it('answers 401 for a malformed Basic header', async () => {
    const { app } = setup()
    const response = await redeemWithHeader(app, 'Basic !!!', { code: 'x' })
    expect(response.status).toBe(401)
  })

  it('answers 400 when credentials come both in Basic and in the body', async () => {
    const { app } = setup()
    const code = await authCode(app)
    const response = await redeemWithHeader(app, WEB_BASIC, { code, ...WEB })
    expect(response.status).toBe(400)
    expect((await oauthError(response)).error).toBe('invalid_request')
  })

  it('answers 400 when the body names another client than Basic', async () => {
    const { app } = setup()
    const code = await authCode(app)
    const response = await redeemWithHeader(app, WEB_BASIC, { code, client_id: 'other-web' })
    expect(response.status).toBe(400)
    expect((await oauthError(response)).error_description).toContain('differs')
  })

  it('accepts HTTP Basic client credentials', async () => {
    const { app } = setup()
    const code = await authCode(app)
    const response = await redeemWithHeader(app, WEB_BASIC, { code })
    expect(response.status).toBe(200)
  })

  it('accepts a JSON body', async () => {
    const { app } = setup()
    const code = await authCode(app)
    const body = JSON.stringify({ grant_type: 'authorization_code', code, ...WEB })
    const response = await tokenRequest(app, body, 'application/json; charset=utf-8')
    expect(response.status).toBe(200)
  })
})

describe('the authorization_code grant checks the code', () => {
  it('answers 400 invalid_request without code', async () => {
    const { app } = setup()
    const response = await postForm(app, { grant_type: 'authorization_code', ...WEB })
    expect(response.status).toBe(400)
    expect((await oauthError(response)).error).toBe('invalid_request')
  })

  it('answers 400 invalid_grant for an unknown code', async () => {
    const { app } = setup()
    const response = await redeem(app, 'x')
    expect(response.status).toBe(400)
    expect((await oauthError(response)).error).toBe('invalid_grant')
  })

  it('answers 400 invalid_grant for a code issued to another client', async () => {
    const { app } = setup()
    const code = await authCode(app)
    const response = await redeem(app, code, {
      client_id: 'other-web',
      client_secret: 'other-web-secret',
    })
    expect(response.status).toBe(400)
    expect(await oauthError(response)).toEqual({
      error: 'invalid_grant',
      error_description: 'authorization code was issued to another client',
    })
  })

  it('answers 400 invalid_grant for a code older than 10 minutes', async () => {
    const { app, advance } = setup()
    const code = await authCode(app)
    advance(10 * 60_000 + 1)
    const response = await redeem(app, code)
    expect(response.status).toBe(400)
    expect((await oauthError(response)).error_description).toBe('authorization code has expired')
  })

  it('accepts a code just under 10 minutes old', async () => {
    const { app, advance } = setup()
    const code = await authCode(app)
    advance(10 * 60_000 - 1)
    const response = await redeem(app, code)
    expect(response.status).toBe(200)
  })

  it('answers 400 invalid_grant when a sent redirect_uri differs from the authorization', async () => {
    const { app } = setup()
    const code = await authCode(app)
    const response = await redeem(app, code, { redirect_uri: 'http://localhost:5173/callback/' })
    expect(response.status).toBe(400)
    expect((await oauthError(response)).error_description).toContain('redirect_uri')
  })

  it('accepts the same redirect_uri when one is sent', async () => {
    const { app } = setup()
    const code = await authCode(app)
    const response = await redeem(app, code, { redirect_uri: 'http://localhost:5173/callback' })
    expect(response.status).toBe(200)
  })

  it('answers a reused code with invalid_grant and revokes the token it produced', async () => {
    const { app } = setup()
    const code = await authCode(app)
    const first = await redeem(app, code)
    const { access_token: token } = TokenResponseSchema.parse(await first.json())
    const call = () => app.request('/api/v2/user', { headers: { ...UA, 'X-Auth-Token': token } })
    expect((await call()).status).toBe(200)

    const second = await redeem(app, code)
    expect(second.status).toBe(400)
    expect((await oauthError(second)).error).toBe('invalid_grant')
    expect((await call()).status).toBe(401)
  })
})

describe('the token response', () => {
  it('is {access_token, token_type: bearer, scope} in canonical form, never cached', async () => {
    const { app } = setup()
    const code = await authCode(app, 'repo:read,doc,repo,doc:read')
    const response = await redeem(app, code)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('Pragma')).toBe('no-cache')
    const token = z.strictObject(TokenResponseSchema.shape).parse(await response.json())
    expect(Object.keys(token).sort()).toEqual(['access_token', 'scope', 'token_type'])
    expect(token.token_type).toBe('bearer')
    expect(token.scope).toBe('doc,repo')
    expect(token.access_token).toMatch(/^emu_at_[A-Za-z0-9_-]{43}$/)
  })

  it('has an empty scope for a token without scopes', async () => {
    const { app } = setup()
    const code = await authCode(app, '')
    const response = await redeem(app, code)
    expect(await response.json()).toMatchObject({ scope: '' })
  })

  it('draws tokens from the injected random source', async () => {
    let calls = 0
    const { app } = createEmulator({
      random: (bytes) => {
        calls += 1
        return crypto.getRandomValues(bytes)
      },
    })
    const params = new URLSearchParams({ client_id: 'playground-web', response_type: 'code' })
    await authorizeThroughPages(app, `/oauth2/authorize?${params.toString()}`, { login: 'bob' })
    expect(calls).toBeGreaterThan(0)
  })
})

describe('the client_code grant', () => {
  const CODE = 'Mn0pQr1sTu2vWx3yZa4bCd5eFg6hIj7kLm8nOp9q'
  const INVALID = { error: 'invalid_request', error_description: 'authorization code is invalid' }

  async function openAuthorize(now: number) {
    const params = {
      client_id: 'playground-cli',
      code: CODE,
      response_type: 'code',
      scope: 'repo:read',
      timestamp: String(now),
    }
    const sign = await signClientCode(params, 'playground-cli-secret')
    return `/oauth2/authorize?${new URLSearchParams({ ...params, sign }).toString()}`
  }

  const poll = (app: App, extra: Record<string, string> = {}) =>
    postForm(app, { grant_type: 'client_code', client_id: 'playground-cli', code: CODE, ...extra })

  it('answers the exact pending error for an unknown code', async () => {
    const { app } = setup()
    const response = await poll(app)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual(INVALID)
  })

  it('answers the exact pending error while the user is on the pages', async () => {
    const { app, now } = setup()
    await app.request(await openAuthorize(now()))
    const response = await poll(app)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual(INVALID)
  })

  it('answers 400 invalid_request without code', async () => {
    const { app } = setup()
    const response = await postForm(app, { grant_type: 'client_code', client_id: 'playground-cli' })
    expect(await oauthError(response)).toEqual({
      error: 'invalid_request',
      error_description: 'code is required',
    })
  })

  it('answers 400 invalid_request without client_id', async () => {
    const { app } = setup()
    const response = await postForm(app, { grant_type: 'client_code', code: CODE })
    expect(await oauthError(response)).toEqual({
      error: 'invalid_request',
      error_description: 'client_id is required',
    })
  })

  it('answers 401 invalid_client for an unknown client_id', async () => {
    const { app } = setup()
    const response = await poll(app, { client_id: 'nobody' })
    expect(response.status).toBe(401)
  })

  it('answers the invalid-code error when another client polls an approved code', async () => {
    const { app, now } = setup()
    await authorizeThroughPages(app, await openAuthorize(now()), { login: 'alice' })
    const response = await poll(app, { client_id: 'playground-web' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual(INVALID)
    expect((await poll(app)).status).toBe(200)
  })

  it('answers 401 when a client_secret is sent and is wrong', async () => {
    const { app, now } = setup()
    await authorizeThroughPages(app, await openAuthorize(now()), { login: 'alice' })
    const response = await poll(app, { client_secret: 'wrong' })
    expect(response.status).toBe(401)
  })

  it('answers the invalid-code error for an approval older than 10 minutes', async () => {
    const { app, now, advance } = setup()
    await authorizeThroughPages(app, await openAuthorize(now()), { login: 'alice' })
    advance(10 * 60_000 + 1)
    const response = await poll(app)
    expect(await response.json()).toEqual(INVALID)
  })

  // docs/service.md#client-code-polling documents the pending answer and the official helper's
  // 3 s, and no answer for polling faster: the emulator has no slow_down (RFC 8628 §3.5 is the
  // device flow's), and the token endpoint spends no rate-limit budget. The proxy keeps its polls
  // 3 s apart itself (src/proxy/auth/client-code-routes.test.ts).
  it.each(['seed', 'observed'] as const)(
    '%s: answers polls faster than 3 s as any other poll, without slow_down, 429 or spending the budget',
    async (profile) => {
      const app = withUserAgent(createEmulator({ clock: () => START, profile }).app)
      await app.request(await openAuthorize(START))
      const answers: unknown[] = []
      // 20 polls at one instant: the clock stands still, so none is 3 s after another.
      for (let i = 0; i < 20; i += 1) {
        const response = await poll(app)
        const remaining = response.headers.get('X-RateLimit-Remaining')
        answers.push([response.status, await response.json(), remaining])
      }
      const budget = profile === 'seed' ? '5000' : '200'
      expect(answers).toEqual(Array.from({ length: 20 }, () => [400, INVALID, budget]))
      // The same request, reloaded and approved: the next poll, as fast, gets the token.
      await authorizeThroughPages(app, await openAuthorize(START), { login: 'alice' })
      expect((await poll(app)).status).toBe(200)
    },
  )

  it('answers access_denied to every poll after a denial, until the code expires', async () => {
    const { app, now, advance } = setup()
    await authorizeThroughPages(app, await openAuthorize(now()), { login: 'alice', deny: true })
    const DENIED = {
      error: 'access_denied',
      error_description: 'the user denied the authorization request',
    }
    for (let i = 0; i < 2; i += 1) {
      const response = await poll(app)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual(DENIED)
    }
    advance(10 * 60_000)
    expect(await (await poll(app)).json()).toEqual(DENIED)
    advance(1)
    const expired = await poll(app)
    expect(expired.status).toBe(400)
    expect(await expired.json()).toEqual(INVALID)
  })

  it('issues the token once after approval, with no client_secret', async () => {
    const { app, now } = setup()
    await authorizeThroughPages(app, await openAuthorize(now()), { login: 'carol' })
    const first = await poll(app)
    expect(first.status).toBe(200)
    expect(TokenResponseSchema.parse(await first.json()).scope).toBe('repo:read')
    const second = await poll(app)
    expect(second.status).toBe(400)
    expect(await second.json()).toEqual(INVALID)
  })
})
