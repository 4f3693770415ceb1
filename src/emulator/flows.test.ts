import { describe, expect, it } from 'vitest'
import { signClientCode } from '../protocol/client-code'
import { ErrorBodySchema, TokenResponseSchema, UserSchema, envelope } from '../protocol/schemas'
import { createEmulator } from './emulator'
import { authorizeThroughPages } from '../testing/emulator-pages'

const START = Date.parse('2025-01-15T10:00:00.000Z')
const UA = { 'User-Agent': 'flows-test/1.0' }

function setup() {
  let time = START
  const lines: string[] = []
  const emulator = createEmulator({ clock: () => time, log: (line) => lines.push(line) })
  return { ...emulator, lines, advance: (ms: number) => (time += ms), now: () => time }
}

const authorizeUrl = (params: Record<string, string>) =>
  `http://127.0.0.1:4010/oauth2/authorize?${new URLSearchParams(params).toString()}`

function postToken(app: ReturnType<typeof setup>['app'], body: Record<string, string>) {
  return app.request('/oauth2/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...UA },
    body: new URLSearchParams(body).toString(),
  })
}

/** Reads a response the way the official @yuque/sdk does: `data` on success, else status/message. */
async function sdkRead(response: Response): Promise<unknown> {
  const body: unknown = await response.json()
  if (response.ok) return envelope(UserSchema).parse(body).data
  const error = ErrorBodySchema.parse(body)
  throw Object.assign(new Error(error.message), { status: error.status, code: error.code })
}

describe('the authorization-code flow end to end', () => {
  it('goes from the authorize URL through sign-in and consent to a token that reads /user', async () => {
    const { app } = setup()
    const result = await authorizeThroughPages(
      app,
      authorizeUrl({
        client_id: 'playground-web',
        redirect_uri: 'http://localhost:5173/callback',
        response_type: 'code',
        scope: 'doc,doc:read,repo',
        state: 'state-123',
      }),
      { login: 'alice' },
    )
    expect(result.status).toBe(303)
    const location = new URL(result.location ?? '')
    expect(location.origin + location.pathname).toBe('http://localhost:5173/callback')
    expect(location.searchParams.get('state')).toBe('state-123')
    const code = location.searchParams.get('code') ?? ''

    const tokenResponse = await postToken(app, {
      grant_type: 'authorization_code',
      client_id: 'playground-web',
      client_secret: 'playground-web-secret',
      code,
    })
    expect(tokenResponse.status).toBe(200)
    const token = TokenResponseSchema.parse(await tokenResponse.json())
    expect(token.scope).toBe('doc,repo')
    expect(token.token_type).toBe('bearer')

    const me = await app.request('/api/v2/user', {
      headers: { ...UA, 'X-Auth-Token': token.access_token },
    })
    expect(me.headers.get('X-OAuth-Scopes')).toBe('doc,repo')
    expect(await sdkRead(me)).toMatchObject({ id: 1001, login: 'alice' })
  })

  it('grants only the scopes left ticked on the consent page', async () => {
    const { app } = setup()
    const result = await authorizeThroughPages(
      app,
      authorizeUrl({
        client_id: 'playground-web',
        response_type: 'code',
        scope: 'doc,repo:read,group:read',
      }),
      { login: 'bob', grant: ['repo:read'] },
    )
    const code = new URL(result.location ?? '').searchParams.get('code') ?? ''
    const response = await postToken(app, {
      grant_type: 'authorization_code',
      client_id: 'playground-web',
      client_secret: 'playground-web-secret',
      code,
    })
    expect(await response.json()).toMatchObject({ scope: 'repo:read' })
  })

  it('lets the SDK-style reader see status and message of an error', async () => {
    const { app } = setup()
    const response = await app.request('/api/v2/user', {
      headers: { ...UA, 'X-Auth-Token': 'emu_at_not-a-token' },
    })
    await expect(sdkRead(response)).rejects.toMatchObject({ status: 401, message: 'Unauthorized' })
  })
})

describe('the client-code flow end to end', () => {
  async function startClientCode(now: number) {
    const code = 'Abcdefghij0123456789Abcdefghij0123456789'
    const params = {
      client_id: 'playground-cli',
      code,
      response_type: 'code',
      scope: 'doc:read,repo:read',
      timestamp: String(now),
    }
    const sign = await signClientCode(params, 'playground-cli-secret')
    return { code, url: authorizeUrl({ ...params, sign }) }
  }

  it('answers pending 400, then the token after approval, then 400 again for the used code', async () => {
    const { app, now } = setup()
    const { code, url } = await startClientCode(now())
    const poll = () =>
      postToken(app, { grant_type: 'client_code', client_id: 'playground-cli', code })

    // Before the user even opened the page, and while they are on it: the service's exact answer.
    const before = await poll()
    expect(before.status).toBe(400)
    expect(await before.json()).toEqual({
      error: 'invalid_request',
      error_description: 'authorization code is invalid',
    })

    const page = await authorizeThroughPages(app, url, { login: 'wangxiaoming' })
    expect(page.status).toBe(200)
    expect(page.body).toContain('You may now return to the app')

    const approved = await poll()
    expect(approved.status).toBe(200)
    expect(approved.headers.get('Cache-Control')).toBe('no-store')
    const token = TokenResponseSchema.parse(await approved.json())
    expect(token.scope).toBe('doc:read,repo:read')
    expect(token.access_token).toMatch(/^emu_at_[A-Za-z0-9_-]{43,}$/)

    const hello = await app.request('/api/v2/hello', {
      headers: { ...UA, 'X-Auth-Token': token.access_token },
    })
    expect(await hello.json()).toEqual({ data: { message: 'Hello 王小明' } })

    const reused = await poll()
    expect(reused.status).toBe(400)
    expect(await reused.json()).toEqual({
      error: 'invalid_request',
      error_description: 'authorization code is invalid',
    })
  })

  it('answers access_denied to the poll after the user denies, and the page says so', async () => {
    const { app, now } = setup()
    const { code, url } = await startClientCode(now())
    const page = await authorizeThroughPages(app, url, { login: 'alice', deny: true })
    expect(page.status).toBe(200)
    expect(page.body).toContain('You denied')
    const response = await postToken(app, {
      grant_type: 'client_code',
      client_id: 'playground-cli',
      code,
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: 'access_denied' })
  })
})

describe('the request log', () => {
  it('never holds a code, state, token, secret, signature or cookie after a full flow', async () => {
    const { app, control, lines, now } = setup()
    const state = 'STATE-sentinel-9f8e7d'
    const result = await authorizeThroughPages(
      app,
      authorizeUrl({ client_id: 'playground-web', response_type: 'code', scope: 'repo', state }),
      { login: 'alice' },
    )
    const code = new URL(result.location ?? '').searchParams.get('code') ?? ''
    const tokenResponse = await postToken(app, {
      grant_type: 'authorization_code',
      client_id: 'playground-web',
      client_secret: 'playground-web-secret',
      code,
    })
    const { access_token: token } = TokenResponseSchema.parse(await tokenResponse.json())
    await app.request(`/api/v2/user`, { headers: { ...UA, 'X-Auth-Token': token } })
    await app.request(`/api/v2/user?access_token=${token}`, { headers: UA })

    const clientCode = 'Zyxwvutsrq0123456789Zyxwvutsrq0123456789'
    const params = {
      client_id: 'playground-cli',
      code: clientCode,
      response_type: 'code',
      scope: '',
      timestamp: String(now()),
    }
    const sign = await signClientCode(params, 'playground-cli-secret')
    await authorizeThroughPages(app, authorizeUrl({ ...params, sign }), { login: 'bob' })
    const cliToken = await postToken(app, {
      grant_type: 'client_code',
      client_id: 'playground-cli',
      code: clientCode,
    })
    const { access_token: token2 } = TokenResponseSchema.parse(await cliToken.json())

    const entries = control.requestLog()
    const everything = JSON.stringify(entries) + '\n' + lines.join('\n')
    for (const secret of [
      state,
      code,
      token,
      token2,
      clientCode,
      sign,
      encodeURIComponent(sign),
      'playground-web-secret',
      'emu_at_',
      'emu_session=',
    ]) {
      expect(everything).not.toContain(secret)
    }
    // Still useful: who called what.
    const tokenCall = entries.find((entry) => entry.path === '/oauth2/token')
    expect(tokenCall).toMatchObject({
      grantType: 'authorization_code',
      clientId: 'playground-web',
      hasClientSecret: true,
    })
    const userCall = entries.find((entry) => entry.path === '/api/v2/user' && entry.status === 200)
    expect(userCall).toMatchObject({ user: 'alice', hasUserAgent: true })
    expect(userCall?.tokenFingerprint).toMatch(/^[0-9a-f]{8}$/)
    expect(lines.length).toBe(entries.length)
  })
})
