/**
 * Logins with the browser's own app, against the real emulator in-process: the app the service
 * sees, the refused secret, Forget, a change of app, the client-code flow, the personal token as
 * a connection, and no secret or token in any answer, trace or log line of the whole journey.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { ClientCodeStartResponseSchema, PROXY_ERROR_HEADER } from '../../protocol/playground-api'
import { parseTraceHeader, TRACE_HEADER } from '../../protocol/trace'
import { authorizeThroughPages } from '../../testing/emulator-pages'
import { createBrowser } from '../../testing/proxy-browser'
import {
  OWN_APPS,
  loginThroughProxy,
  recordingBrowser,
  saveOwnApp,
  setupByo,
} from '../../testing/byo-setup'
import { POLL_INTERVAL_MS } from '../auth/client-code-routes'

let now = Date.parse('2026-11-27T10:00:00Z')
const clock = () => now
let setup: ReturnType<typeof setupByo>
const JSON_TYPE = { headers: { 'Content-Type': 'application/json' } }

beforeEach(() => {
  now = Date.parse('2026-11-27T10:00:00Z')
  setup = setupByo({ clock })
})

/** The client ids the emulator's token endpoint saw, in order. */
const tokenClients = () =>
  setup.emulator.control
    .requestLog()
    .filter((entry) => entry.path === '/oauth2/token')
    .map((entry) => entry.clientId)

const sessionOf = async (browser: { call: ReturnType<typeof createBrowser>['call'] }) =>
  (await browser.call('GET', '/auth/session')).json()

describe('a login with the browser’s own app', () => {
  it('previews, authorizes and exchanges with the saved app; the service sees its client id', async () => {
    const browser = createBrowser(setup.proxy)
    await saveOwnApp(browser, OWN_APPS.alice)
    const config = await (await browser.call('GET', '/auth/config')).json()
    expect(config).toMatchObject({
      clientId: 'alice-own-app',
      app: 'yours',
      service: 'emulator',
      authorizeEndpoint: 'http://127.0.0.1:4010/oauth2/authorize',
    })
    const { authorizeUrl, exchange } = await loginThroughProxy(browser, setup.emulator)
    expect(authorizeUrl.searchParams.get('client_id')).toBe('alice-own-app')
    expect(exchange.status).toBe(200)
    expect(tokenClients()).toEqual(['alice-own-app'])
    expect(await sessionOf(browser)).toMatchObject({ connected: true, source: 'oauth' })
    const user = await browser.call('GET', '/api/v2/user')
    expect(await user.json()).toMatchObject({ data: { login: 'alice' } })
  })

  it('uses the operator app for a browser without a vault, as before', async () => {
    const browser = createBrowser(setup.proxy)
    const config = await (await browser.call('GET', '/auth/config')).json()
    expect(config).toMatchObject({ clientId: 'playground-web', app: 'operator' })
    const { exchange } = await loginThroughProxy(browser, setup.emulator)
    expect(exchange.status).toBe(200)
    expect(tokenClients()).toEqual(['playground-web'])
  })

  it('reads no vault from the store for a browser without a vault cookie; one with it does', async () => {
    const plain = createBrowser(setup.proxy)
    await loginThroughProxy(plain, setup.emulator)
    for (let call = 0; call < 3; call += 1) await plain.call('GET', '/api/v2/user')
    await plain.call('GET', '/auth/session')
    await plain.call('GET', '/auth/config')
    const vaultReads = () => setup.reads.filter((key) => key.startsWith('app:')).length
    expect(vaultReads()).toBe(0)
    const own = createBrowser(setup.proxy)
    await saveOwnApp(own, OWN_APPS.alice)
    await own.call('GET', '/auth/config')
    expect(vaultReads()).toBe(1)
  })

  it('ignores two vault cookies at once (one tossed by a sibling port): the operator app is used', async () => {
    const browser = createBrowser(setup.proxy)
    await saveOwnApp(browser, OWN_APPS.alice)
    const value = browser.jar.get('pg_app') ?? ''
    const config = await browser.call('GET', '/auth/config', {
      headers: { Cookie: `pg_app=${value}; pg_app=${value}` },
    })
    expect(await config.json()).toMatchObject({ clientId: 'playground-web', app: 'operator' })
  })

  it('reports a secret the service refuses (invalid_client) as app_secret_refused', async () => {
    const browser = createBrowser(setup.proxy)
    await saveOwnApp(browser, { clientId: 'alice-own-app', clientSecret: 'not-the-right-one' })
    const { exchange } = await loginThroughProxy(browser, setup.emulator)
    expect(exchange.status).toBe(400)
    expect(exchange.headers.get(PROXY_ERROR_HEADER)).toBe('app_secret_refused')
    expect(await exchange.json()).toMatchObject({
      code: 'app_secret_refused',
      message: expect.stringContaining('refused your own app') as unknown,
    })
    expect(await sessionOf(browser)).toEqual({ connected: false })
  })

  it('Forget ends the session made with the app, and copies of it; the operator app is back', async () => {
    const browser = createBrowser(setup.proxy)
    await saveOwnApp(browser, OWN_APPS.alice)
    await loginThroughProxy(browser, setup.emulator)
    const copy = createBrowser(setup.proxy)
    for (const [name, value] of browser.jar) copy.jar.set(name, value)

    const forget = await browser.call('DELETE', '/auth/app', JSON_TYPE)
    expect(forget.status).toBe(204)
    expect(await sessionOf(browser)).toEqual({ connected: false })
    expect((await browser.call('GET', '/api/v2/user')).status).toBe(401)
    expect(await (await browser.call('GET', '/auth/config')).json()).toMatchObject({
      clientId: 'playground-web',
    })
    // A copy of both cookies taken before Forget: the session is ended, the vault gone.
    expect(await sessionOf(copy)).toEqual({ connected: false })
    // Its session cookie alone, without the vault cookie, is not the operator's either.
    copy.jar.delete('pg_app')
    expect(await sessionOf(copy)).toEqual({ connected: false })
  })

  it('never uses a session made with app A once app B is saved, nor a copy of it', async () => {
    const browser = createBrowser(setup.proxy)
    await saveOwnApp(browser, OWN_APPS.alice)
    await loginThroughProxy(browser, setup.emulator)
    const sessionA = browser.jar.get('pg_session') ?? ''
    await saveOwnApp(browser, OWN_APPS.bob)
    expect(await sessionOf(browser)).toEqual({ connected: false })
    // The old session cookie put back beside app B's vault is refused.
    browser.jar.set('pg_session', sessionA)
    expect(await sessionOf(browser)).toEqual({ connected: false })
    expect((await browser.call('GET', '/api/v2/user')).status).toBe(401)
    // Logging in again uses app B.
    const { exchange } = await loginThroughProxy(browser, setup.emulator, 'bob')
    expect(exchange.status).toBe(200)
    expect(tokenClients()).toEqual(['alice-own-app', 'bob-own-app'])
  })

  it('refuses the exchange of a login started with an app since replaced (app_changed)', async () => {
    const browser = createBrowser(setup.proxy)
    await saveOwnApp(browser, OWN_APPS.alice)
    const start = await browser.call('POST', '/auth/start', { body: { scopes: [] } })
    const { authorizeUrl, state } = (await start.json()) as { authorizeUrl: string; state: string }
    const page = await authorizeThroughPages(setup.emulator.app, authorizeUrl, { login: 'alice' })
    await saveOwnApp(browser, OWN_APPS.bob)
    const code = new URL(page.location ?? '').searchParams.get('code')
    const exchange = await browser.call('POST', '/auth/exchange', { body: { code, state } })
    expect(exchange.status).toBe(400)
    expect(exchange.headers.get(PROXY_ERROR_HEADER)).toBe('app_changed')
    expect(tokenClients()).toEqual([])
  })
})

describe('the client-code flow with the browser’s own app', () => {
  it('signs with the saved client-code app, which the service accepts and redeems', async () => {
    const browser = createBrowser(setup.proxy)
    await saveOwnApp(browser, OWN_APPS.alice, { codeClient: OWN_APPS.aliceCli })
    const start = await browser.call('POST', '/auth/client-code/start', {
      body: { scopes: ['repo:read'] },
    })
    expect(start.status).toBe(200)
    const { signing } = ClientCodeStartResponseSchema.parse(await start.json())
    expect(signing.params.client_id).toBe('alice-own-cli')
    const tab = await browser.call('GET', '/auth/client-code/authorize', { bare: true })
    const authorizeUrl = tab.headers.get('Location') ?? ''
    // The emulator checks the signature with the app's secret before it shows the pages.
    const approved = await authorizeThroughPages(setup.emulator.app, authorizeUrl, {
      login: 'alice',
    })
    expect(approved.status).toBe(200)
    now += POLL_INTERVAL_MS
    const poll = await browser.call('POST', '/auth/client-code/poll', { body: {} })
    expect(await poll.json()).toMatchObject({ status: 'connected' })
    expect(tokenClients()).toEqual(['alice-own-cli'])
    expect(await sessionOf(browser)).toMatchObject({ connected: true })
  })

  it('is unavailable, saying why, when the saved app has no client-code app', async () => {
    const browser = createBrowser(setup.proxy)
    await saveOwnApp(browser, OWN_APPS.alice)
    expect(await (await browser.call('GET', '/auth/config')).json()).toMatchObject({
      clientCodeClientId: null,
    })
    const start = await browser.call('POST', '/auth/client-code/start', {
      body: { scopes: ['repo:read'] },
    })
    expect(start.status).toBe(400)
    expect(await start.json()).toMatchObject({
      message: expect.stringContaining('no client-code app saved') as unknown,
    })
  })
})

describe('a personal token as the connection', () => {
  it('is replaced by a login, and ended by a logout', async () => {
    const { access_token } = setup.emulator.control.issueToken({ login: 'bob', scopes: [] })
    const browser = createBrowser(setup.proxy)
    await browser.call('PUT', '/auth/app/token', {
      body: { service: { kind: 'emulator' }, token: access_token },
    })
    await loginThroughProxy(browser, setup.emulator, 'alice')
    expect(await sessionOf(browser)).toMatchObject({ source: 'oauth' })
    const me = await browser.call('GET', '/api/v2/user')
    expect(await me.json()).toMatchObject({ data: { login: 'alice' } })
    await browser.call('PUT', '/auth/app/token', {
      body: { service: { kind: 'emulator' }, token: access_token },
    })
    expect(await sessionOf(browser)).toMatchObject({ source: 'personal-token' })
    expect((await browser.call('POST', '/auth/logout', { body: {} })).status).toBe(204)
    expect(await sessionOf(browser)).toEqual({ connected: false })
  })

  it('ends when the service no longer takes the token', async () => {
    const { access_token } = setup.emulator.control.issueToken({ login: 'bob', scopes: [] })
    const browser = createBrowser(setup.proxy)
    await browser.call('PUT', '/auth/app/token', {
      body: { service: { kind: 'emulator' }, token: access_token },
    })
    setup.emulator.control.revokeToken(access_token)
    const user = await browser.call('GET', '/api/v2/user')
    expect(user.status).toBe(401)
    expect(user.headers.get('X-Playground-Session')).toBe('ended')
    expect(await sessionOf(browser)).toEqual({ connected: false })
  })
})

describe('secrets of the browser’s own app', () => {
  it('appear in no answer, header, trace or log line of a whole journey', async () => {
    const { access_token } = setup.emulator.control.issueToken({ login: 'bob', scopes: [] })
    const browser = recordingBrowser(setup.proxy, true)
    await saveOwnApp(browser, OWN_APPS.alice, { codeClient: OWN_APPS.aliceCli })
    await browser.call('GET', '/auth/app')
    await browser.call('GET', '/auth/config')
    await loginThroughProxy(browser, setup.emulator)
    await browser.call('GET', '/api/v2/user')
    await browser.call('GET', '/auth/session')
    await browser.call('POST', '/auth/client-code/start', { body: { scopes: [] } })
    await browser.call('PUT', '/auth/app/token', {
      body: { service: { kind: 'emulator' }, token: access_token },
    })
    await browser.call('GET', '/api/v2/user')
    await browser.call('GET', '/auth/app')
    await browser.call('DELETE', '/auth/app/token', JSON_TYPE)
    await browser.call('PUT', '/auth/app/token', {
      body: { service: { kind: 'emulator' }, token: 'refused-token-value-000' },
    })
    await browser.call('DELETE', '/auth/app', JSON_TYPE)
    // The journey had answers and traces to look through. The proxy itself logs only what
    // fails (the server writes the line per request, src/server/request-log.ts, whose own test
    // scans a whole login for secrets); whatever it logged is searched too.
    expect(browser.seen.filter((line) => line.includes('"steps"')).length).toBeGreaterThan(5)
    const everything = [...browser.seen, ...setup.logLines].join('\n')
    for (const secret of [
      OWN_APPS.alice.clientSecret,
      OWN_APPS.aliceCli.clientSecret,
      access_token,
      'refused-token-value-000',
    ]) {
      expect(everything).not.toContain(secret)
      expect(everything).not.toContain(encodeURIComponent(secret))
    }
  })

  it('are redacted from the flow trace wherever a step would show them', async () => {
    // A secret equal to a word every authorize step shows: only the redaction can keep it out.
    const browser = createBrowser(setup.proxy, 'http://localhost:5173', { trace: true })
    await saveOwnApp(browser, { clientId: 'alice-own-app', clientSecret: 'code_challenge_method' })
    const start = await browser.call('POST', '/auth/start', { body: { scopes: [] } })
    expect(start.status).toBe(200)
    const trace = parseTraceHeader(start.headers.get(TRACE_HEADER))
    expect(trace?.steps.length).toBeGreaterThan(0)
    expect(JSON.stringify(trace)).not.toContain('code_challenge_method')
    expect(JSON.stringify(trace)).toContain('[redacted]')
  })
})
