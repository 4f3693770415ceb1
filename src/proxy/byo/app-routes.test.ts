/**
 * `/auth/app` and `/auth/app/token`, route by route: each answer and each refusal, the cookie,
 * the guards, BYO_APP=off. The login with the saved app is byo-login.test.ts's.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import {
  FIELD_MAX_LENGTH,
  SavedAppSchema,
  TokenOwnerSchema,
  YourAppResponseSchema,
  type SaveAppRequest,
  type SaveTokenRequest,
} from '../../protocol/your-app-api'
import { CSRF_HEADER } from '../../protocol/playground-api'
import { SessionResponseSchema } from '../../protocol/session-schemas'
import { createBrowser } from '../../testing/proxy-browser'
import { FieldErrorsAnswerSchema, OWN_APPS, saveOwnApp, setupByo } from '../../testing/byo-setup'

let now = Date.parse('2026-11-27T10:00:00Z')
const clock = () => now
let setup: ReturnType<typeof setupByo>

beforeEach(() => {
  now = Date.parse('2026-11-27T10:00:00Z')
  setup = setupByo({ clock })
})

/** A DELETE as the web app sends it: JSON, as every state-changing call (guards.ts). */
const JSON_TYPE = { headers: { 'Content-Type': 'application/json' } }

const stateOf = async (response: Response) => YourAppResponseSchema.parse(await response.json())
const savedOf = async (response: Response) => SavedAppSchema.parse(await response.json())
const fieldsOf = async (response: Response) => {
  expect(response.status).toBe(400)
  return FieldErrorsAnswerSchema.parse(await response.json()).fields
}

describe('GET /auth/app', () => {
  it('answers what may be chosen and that nothing is saved, no-store', async () => {
    const response = await createBrowser(setup.proxy).call('GET', '/auth/app')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await stateOf(response)).toEqual({
      enabled: true,
      callbackUrl: 'http://localhost:5173/callback',
      services: [
        { kind: 'emulator', origin: 'http://127.0.0.1:4010', emulated: true },
        { kind: 'yuque', origin: 'http://127.0.0.1:4010', emulated: true },
        { kind: 'space', origin: 'http://{space}.localhost:4010', emulated: true },
      ],
      current: null,
    })
  })

  it('lists the operator BYO_HOSTS, each as the exact value to send back', async () => {
    setup = setupByo({ clock, env: { BYO_HOSTS: 'https://docs.example.com' } })
    const state = await stateOf(await createBrowser(setup.proxy).call('GET', '/auth/app'))
    expect(state.services).toContainEqual({
      kind: 'host',
      host: 'https://docs.example.com',
      origin: 'https://docs.example.com',
      emulated: false,
    })
  })

  it('says the feature is off with BYO_APP=off, and its writes are no endpoints', async () => {
    setup = setupByo({ clock, env: { BYO_APP: 'off' } })
    const browser = createBrowser(setup.proxy)
    expect(await stateOf(await browser.call('GET', '/auth/app'))).toMatchObject({
      enabled: false,
      services: [],
      current: null,
    })
    for (const [method, path] of [
      ['PUT', '/auth/app'],
      ['DELETE', '/auth/app'],
      ['PUT', '/auth/app/token'],
      ['DELETE', '/auth/app/token'],
    ] as const) {
      const response = await browser.call(method, path, { body: {} })
      expect(response.status, `${method} ${path}`).toBe(404)
    }
    // And a vault cookie from before is not read: the operator's app it is.
    const config = await browser.call('GET', '/auth/config', {
      headers: { Cookie: 'pg_app=anything' },
    })
    expect(await config.json()).toMatchObject({ clientId: 'playground-web', app: 'operator' })
  })
})

describe('PUT /auth/app', () => {
  it('saves the app: the state shows the id and the last four characters of the secret only', async () => {
    const browser = createBrowser(setup.proxy)
    const response = await saveOwnApp(browser, OWN_APPS.alice, {
      codeClient: OWN_APPS.aliceCli,
    })
    expect(response.status).toBe(200)
    const saved = await savedOf(response)
    expect(saved).toEqual({
      service: { kind: 'emulator', origin: 'http://127.0.0.1:4010' },
      app: {
        clientId: 'alice-own-app',
        secretHint: '…C3d4',
        codeClient: { clientId: 'alice-own-cli', secretHint: '…K1l2' },
      },
      personalToken: null,
      expiresAt: Date.parse('2026-11-28T10:00:00Z'),
    })
    // GET answers the same as its `current`.
    expect((await stateOf(await browser.call('GET', '/auth/app'))).current).toEqual(saved)
  })

  it('binds the browser with a sealed HttpOnly SameSite=Strict cookie for 24 h, __Host- over https', async () => {
    const browser = createBrowser(setup.proxy)
    await saveOwnApp(browser, OWN_APPS.alice)
    const cookie = browser.seen.find((seen) => seen.name === 'pg_app')
    expect(cookie?.attributes.has('httponly')).toBe(true)
    expect(cookie?.attributes.get('samesite')).toBe('Strict')
    expect(cookie?.attributes.get('path')).toBe('/')
    expect(cookie?.attributes.get('max-age')).toBe('86400')
    expect(cookie?.value).not.toContain('alice')
    // A JWE in compact form: five parts, the id inside is encrypted.
    expect(cookie?.value.split('.')).toHaveLength(5)

    setup = setupByo({
      clock,
      env: { APP_ORIGIN: 'https://playground.example.com', EMULATOR: 'on' },
    })
    const secure = createBrowser(setup.proxy, 'https://playground.example.com')
    await saveOwnApp(secure, OWN_APPS.alice)
    const hostCookie = secure.seen.find((seen) => seen.name === '__Host-pg_app')
    expect(hostCookie?.attributes.has('secure')).toBe(true)
    expect(hostCookie?.attributes.get('path')).toBe('/')
  })

  it.each([
    ['an empty body', {}, { service: 'required', clientId: 'required', clientSecret: 'required' }],
    ['no object', [], { body: 'invalid' }],
    [
      'a bad space label and a bad secret',
      {
        service: { kind: 'space', space: 'Not A Label' },
        clientId: 'x',
        clientSecret: 'has space',
      },
      { 'service.space': 'space_label', clientSecret: 'invalid' },
    ],
    [
      'www as the space',
      { service: { kind: 'space', space: 'www' }, clientId: 'x', clientSecret: 'secret' },
      { 'service.space': 'space_reserved' },
    ],
    [
      'a host nobody offered',
      { service: { kind: 'host', host: 'https://127.0.0.1' }, clientId: 'x', clientSecret: 's' },
      { 'service.kind': 'unavailable', 'service.host': 'host_not_offered' },
    ],
    [
      'an unknown kind and a client id with a slash',
      { service: { kind: 'url' }, clientId: 'a/b', clientSecret: 's' },
      { 'service.kind': 'unknown_kind', clientId: 'invalid' },
    ],
    [
      'values longer than the protocol takes',
      {
        service: { kind: 'yuque' },
        clientId: 'a'.repeat(129),
        clientSecret: 's'.repeat(257),
        codeClient: { clientId: 'c', clientSecret: 3 },
      },
      { clientId: 'too_long', clientSecret: 'too_long', 'codeClient.clientSecret': 'invalid' },
    ],
    [
      'a field it does not take',
      { service: { kind: 'yuque' }, clientId: 'x', clientSecret: 's', baseUrl: 'http://evil' },
      { baseUrl: 'unexpected' },
    ],
    [
      'a code client without its secret',
      {
        service: { kind: 'yuque' },
        clientId: 'x',
        clientSecret: 's',
        codeClient: { clientId: 'c' },
      },
      { 'codeClient.clientSecret': 'required' },
    ],
    [
      'a code client that is not an object',
      { service: { kind: 'yuque' }, clientId: 'x', clientSecret: 's', codeClient: 'c' },
      { codeClient: 'invalid' },
    ],
  ])('refuses %s, naming each field with its code', async (_what, body, fields) => {
    const response = await createBrowser(setup.proxy).call('PUT', '/auth/app', { body })
    expect(response.headers.get('X-Playground-Error')).toBe('invalid_request')
    expect(await fieldsOf(response)).toEqual(fields)
    // Nothing saved: no vault cookie.
    expect(response.headers.get('Set-Cookie') ?? '').not.toContain('pg_app=e')
  })

  it('takes each value up to the protocol’s FIELD_MAX_LENGTH, the page’s own limit, and not one character more', async () => {
    const max = FIELD_MAX_LENGTH
    const browser = createBrowser(setup.proxy)
    const app = (extra: number) => ({
      service: { kind: 'yuque' },
      clientId: 'a'.repeat(max.clientId + extra),
      clientSecret: 's'.repeat(max.clientSecret + extra),
      codeClient: {
        clientId: 'c'.repeat(max.clientId + extra),
        clientSecret: 'k'.repeat(max.clientSecret + extra),
      },
    })
    expect((await browser.call('PUT', '/auth/app', { body: app(0) })).status).toBe(200)
    expect(await fieldsOf(await browser.call('PUT', '/auth/app', { body: app(1) }))).toEqual({
      clientId: 'too_long',
      clientSecret: 'too_long',
      'codeClient.clientId': 'too_long',
      'codeClient.clientSecret': 'too_long',
    })
    const token = (length: number) =>
      browser.call('PUT', '/auth/app/token', {
        body: { service: { kind: 'emulator' }, token: 't'.repeat(length) },
      })
    // The longest is asked about at the service (which knows no such token); one more is not.
    expect(await fieldsOf(await token(max.token))).toEqual({ token: 'refused' })
    expect(await fieldsOf(await token(max.token + 1))).toEqual({ token: 'too_long' })
  })

  it('keeps the saved secret when only the id changes for the same service, and not for another', async () => {
    const browser = createBrowser(setup.proxy)
    await saveOwnApp(browser, OWN_APPS.alice)
    // As the page sends it (the protocol's request type): no secret, the saved one is kept.
    const body: SaveAppRequest = { service: { kind: 'emulator' }, clientId: 'renamed-app' }
    const renamed = await browser.call('PUT', '/auth/app', { body })
    expect(await savedOf(renamed)).toMatchObject({
      app: { clientId: 'renamed-app', secretHint: '…C3d4' },
    })
    const elsewhere = await browser.call('PUT', '/auth/app', {
      body: { service: { kind: 'space', space: 'acme' }, clientId: 'renamed-app' },
    })
    expect(await fieldsOf(elsewhere)).toEqual({ clientSecret: 'required' })
  })

  it('is guarded like every /auth write: the CSRF header, a same-origin Origin and JSON', async () => {
    const browser = createBrowser(setup.proxy)
    const body = JSON.stringify({ service: { kind: 'emulator' }, ...OWN_APPS.alice })
    const noHeader = await browser.call('PUT', '/auth/app', {
      body,
      headers: { [CSRF_HEADER]: '' },
    })
    expect(noHeader.status).toBe(403)
    const otherOrigin = await browser.call('PUT', '/auth/app', {
      body,
      headers: { Origin: 'https://evil.example' },
    })
    expect(otherOrigin.status).toBe(403)
    const asText = await browser.call('PUT', '/auth/app', {
      body,
      headers: { 'Content-Type': 'text/plain' },
    })
    expect(asText.status).toBe(415)
    const crossSite = await browser.call('DELETE', '/auth/app', {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(crossSite.status).toBe(403)
    expect(browser.jar.has('pg_app')).toBe(false)
  })
})

describe('DELETE /auth/app', () => {
  it('forgets the vault: the state is empty, the cookie cleared, the store entry gone', async () => {
    const browser = createBrowser(setup.proxy)
    await saveOwnApp(browser, OWN_APPS.alice)
    const cookie = browser.jar.get('pg_app') ?? ''
    const response = await browser.call('DELETE', '/auth/app', JSON_TYPE)
    expect(response.status).toBe(204)
    expect((await stateOf(await browser.call('GET', '/auth/app'))).current).toBeNull()
    expect(browser.jar.has('pg_app')).toBe(false)
    // A copy of the old cookie finds nothing: the content is gone from the store.
    const copy = createBrowser(setup.proxy)
    copy.jar.set('pg_app', cookie)
    expect((await stateOf(await copy.call('GET', '/auth/app'))).current).toBeNull()
  })
})

describe('PUT /auth/app/token', () => {
  it('checks the token with GET /user at the service and connects the browser with it', async () => {
    const { access_token } = setup.emulator.control.issueToken({
      login: 'bob',
      scopes: ['repo:read', 'doc:read'],
    })
    const browser = createBrowser(setup.proxy)
    const body: SaveTokenRequest = { service: { kind: 'emulator' }, token: access_token }
    const response = await browser.call('PUT', '/auth/app/token', { body })
    expect(response.status).toBe(200)
    expect(TokenOwnerSchema.parse(await response.json())).toEqual({
      login: 'bob',
      name: 'Bob Martin',
      scopes: ['repo:read', 'doc:read'],
    })
    const session = SessionResponseSchema.parse(
      await (await browser.call('GET', '/auth/session')).json(),
    )
    expect(session).toEqual({
      connected: true,
      scope: 'repo:read,doc:read',
      requestedScope: 'repo:read,doc:read',
      connectedAt: '2026-11-27T10:00:00.000Z',
      source: 'personal-token',
    })
    const user = await browser.call('GET', '/api/v2/user')
    expect(user.status).toBe(200)
    expect(await user.json()).toMatchObject({ data: { login: 'bob' } })
    // The page's connected hint, as a login sets it (decision 0006).
    expect(browser.jar.get('pg_connected')).toBe('1')
    const state = await stateOf(await browser.call('GET', '/auth/app'))
    // Only a token is saved: the state says there is no app, not an app without an id.
    expect(state.current).toEqual({
      service: { kind: 'emulator', origin: 'http://127.0.0.1:4010' },
      app: null,
      personalToken: {
        hint: `…${access_token.slice(-4)}`,
        login: 'bob',
        name: 'Bob Martin',
        scopes: ['repo:read', 'doc:read'],
      },
      expiresAt: Date.parse('2026-11-28T10:00:00Z'),
    })
  })

  it('answers a token the service refuses with 400 and fields.token "refused"', async () => {
    const response = await createBrowser(setup.proxy).call('PUT', '/auth/app/token', {
      body: { service: { kind: 'emulator' }, token: 'not-a-token-the-emulator-issued' },
    })
    expect(await fieldsOf(response)).toEqual({ token: 'refused' })
  })

  it.each([
    ['no token', { service: { kind: 'emulator' } }, { token: 'required' }],
    ['a token with a space', { service: { kind: 'emulator' }, token: 'a b' }, { token: 'invalid' }],
    [
      'a token with a line break',
      { service: { kind: 'yuque' }, token: 'a\r\nX: y' },
      { token: 'invalid' },
    ],
    ['no service', { token: 'abc' }, { service: 'required' }],
  ])('refuses %s before anything leaves', async (_what, body, fields) => {
    const before = setup.emulator.control.requestLog().length
    const response = await createBrowser(setup.proxy).call('PUT', '/auth/app/token', { body })
    expect(await fieldsOf(response)).toEqual(fields)
    expect(setup.emulator.control.requestLog()).toHaveLength(before)
  })
})

describe('DELETE /auth/app/token', () => {
  it('forgets the token: the browser is no longer connected', async () => {
    const { access_token } = setup.emulator.control.issueToken({ login: 'bob', scopes: [] })
    const browser = createBrowser(setup.proxy)
    await browser.call('PUT', '/auth/app/token', {
      body: { service: { kind: 'emulator' }, token: access_token },
    })
    const response = await browser.call('DELETE', '/auth/app/token', JSON_TYPE)
    expect(response.status).toBe(204)
    expect((await stateOf(await browser.call('GET', '/auth/app'))).current).toBeNull()
    expect(await (await browser.call('GET', '/auth/session')).json()).toEqual({ connected: false })
    expect((await browser.call('GET', '/api/v2/user')).status).toBe(401)
    expect(browser.jar.has('pg_connected')).toBe(false)
  })

  it('keeps the saved app when it forgets the token', async () => {
    const { access_token } = setup.emulator.control.issueToken({ login: 'bob', scopes: [] })
    const browser = createBrowser(setup.proxy)
    await saveOwnApp(browser, OWN_APPS.alice)
    await browser.call('PUT', '/auth/app/token', {
      body: { service: { kind: 'emulator' }, token: access_token },
    })
    expect((await browser.call('DELETE', '/auth/app/token', JSON_TYPE)).status).toBe(204)
    const state = await stateOf(await browser.call('GET', '/auth/app'))
    expect(state.current).toMatchObject({
      app: { clientId: 'alice-own-app', secretHint: '…C3d4', codeClient: null },
      personalToken: null,
    })
  })
})

describe('the vault in the store', () => {
  it('lives 24 h after its last use: a use moves it on, a day without one ends it', async () => {
    const browser = createBrowser(setup.proxy)
    await saveOwnApp(browser, OWN_APPS.alice)
    now += 20 * 60 * 60 * 1000
    const used = await stateOf(await browser.call('GET', '/auth/app'))
    expect(used.current?.expiresAt).toBe(Date.parse('2026-11-29T06:00:00Z'))
    now += 20 * 60 * 60 * 1000
    expect((await stateOf(await browser.call('GET', '/auth/app'))).current).not.toBeNull()
    now += 24 * 60 * 60 * 1000 + 1000
    expect((await stateOf(await browser.call('GET', '/auth/app'))).current).toBeNull()
  })

  it('holds no secret, token or client id in plain text: only sealed values', async () => {
    const { access_token } = setup.emulator.control.issueToken({ login: 'bob', scopes: [] })
    const browser = createBrowser(setup.proxy)
    await saveOwnApp(browser, OWN_APPS.alice, { codeClient: OWN_APPS.aliceCli })
    await browser.call('PUT', '/auth/app/token', {
      body: { service: { kind: 'emulator' }, token: access_token },
    })
    const vaultWrites = setup.writes.filter((write) => write.key.startsWith('app:'))
    expect(vaultWrites.length).toBeGreaterThanOrEqual(2)
    for (const { key, value } of vaultWrites) {
      expect(key).toMatch(/^app:[\w-]{43}$/)
      expect(value.split('.')).toHaveLength(5)
      for (const secret of [
        OWN_APPS.alice.clientSecret,
        OWN_APPS.aliceCli.clientSecret,
        access_token,
        'alice-own-app',
      ]) {
        expect(value).not.toContain(secret)
      }
    }
    // A fresh nonce at each seal: two writes of the same vault never share a ciphertext.
    const values = vaultWrites.map((write) => write.value.split('.')[2])
    expect(new Set(values).size).toBe(values.length)
  })
})
