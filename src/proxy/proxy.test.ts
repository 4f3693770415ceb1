import { beforeEach, describe, expect, it } from 'vitest'
import { createEmulator } from '../emulator/emulator'
import { seedApps } from '../emulator/seed'
import { authorizeThroughPages } from '../testing/emulator-pages'
import {
  CSRF_HEADER,
  ExchangeResponseSchema,
  StartLoginResponseSchema,
} from '../protocol/playground-api'
import { ErrorBodySchema, UserSchema, envelope } from '../protocol/schemas'
import { SessionResponseSchema } from '../protocol/session-schemas'
import { MAX_RETURN_TO_LENGTH } from '../protocol/return-to'
import { RETURN_TO_CASES } from '../protocol/return-to-cases'
import { loadConfig } from './config'
import { PRIME_TIMEOUT_MS } from './auth/prime-profile'
import { createProxy } from './proxy'
import { SESSION_IDLE_SECONDS } from './auth/session'
import { createBrowser, parseSetCookie } from '../testing/proxy-browser'
import { createInProcessUpstream } from './api/upstream'

const SESSION_SECRET = 'proxy-test-session-secret-0123456789'

let now = Date.parse('2026-11-21T10:00:00Z')
const clock = () => now
let emulator: ReturnType<typeof createEmulator>
let proxy: ReturnType<typeof createProxy>

function setup(
  options: {
    rateLimit?: { limit: number; windowMs: number }
    timeoutMs?: number
    randomBytes?: (size: number) => Buffer
  } = {},
) {
  emulator = createEmulator({
    clock,
    testControl: true,
    apps: seedApps({ webRedirectUri: 'http://localhost:5173/callback' }),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
  })
  const config = loadConfig({
    SESSION_SECRET,
    UPSTREAM_TIMEOUT_MS: String(options.timeoutMs ?? 2000),
  })
  proxy = createProxy({
    config,
    upstream: createInProcessUpstream((request) => emulator.app.request(request)),
    clock,
    ...(options.randomBytes ? { randomBytes: options.randomBytes } : {}),
  })
}

beforeEach(() => {
  now = Date.parse('2026-11-21T10:00:00Z')
  setup()
})

const tokenCalls = () =>
  emulator.control.requestLog().filter((entry) => entry.path === '/oauth2/token')

async function startLogin(
  browser: ReturnType<typeof createBrowser>,
  scopes: string[] = ['repo:read'],
  returnTo?: string,
) {
  const response = await browser.call('POST', '/auth/start', {
    body: { scopes, ...(returnTo ? { returnTo } : {}) },
  })
  expect(response.status).toBe(200)
  return StartLoginResponseSchema.parse(await response.json())
}

/** Runs the service's pages as alice would and returns the callback's query. */
async function approve(authorizeUrl: string, choice: { grant?: string[]; deny?: boolean } = {}) {
  const result = await authorizeThroughPages(emulator.app, authorizeUrl, {
    login: 'alice',
    ...choice,
  })
  expect(result.status).toBe(303)
  const location = new URL(result.location ?? '')
  expect(`${location.origin}${location.pathname}`).toBe('http://localhost:5173/callback')
  return location.searchParams
}

async function connect(
  browser: ReturnType<typeof createBrowser>,
  scopes: string[] = ['repo:read'],
) {
  const { authorizeUrl, state } = await startLogin(browser, scopes)
  const callback = await approve(authorizeUrl)
  const response = await browser.call('POST', '/auth/exchange', {
    body: { code: callback.get('code'), state },
  })
  expect(response.status).toBe(200)
  return { code: callback.get('code') ?? '', state }
}

describe('POST /auth/start', () => {
  it('answers the authorize URL built from configuration with a fresh 256-bit state', async () => {
    const browser = createBrowser(proxy)
    const { authorizeUrl, state, params } = await startLogin(browser, ['doc', 'doc:read', 'repo'])
    const url = new URL(authorizeUrl)
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:4010/oauth2/authorize')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'playground-web',
      scope: 'doc,repo',
      redirect_uri: 'http://localhost:5173/callback',
      state,
      response_type: 'code',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as unknown,
      code_challenge_method: 'S256',
    })
    expect(params).toEqual(Object.fromEntries(url.searchParams))
    // In the protocol's order (authorize.ts, docs/service.md#authorization-code-flow), as the
    // connect page shows them.
    expect(Object.keys(params)).toEqual([
      'client_id',
      'scope',
      'redirect_uri',
      'state',
      'response_type',
      'code_challenge',
      'code_challenge_method',
    ])
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('keeps the pending login in a sealed HttpOnly SameSite=Lax cookie scoped to /auth for 10 minutes', async () => {
    const browser = createBrowser(proxy)
    const { state } = await startLogin(browser)
    const [cookie] = browser.seen
    expect(cookie?.name).toMatch(/^pg_tx_[A-Za-z0-9_-]{16}$/)
    expect(cookie?.value).not.toContain(state)
    expect(cookie?.attributes.has('httponly')).toBe(true)
    expect(cookie?.attributes.get('samesite')).toBe('Lax')
    expect(cookie?.attributes.get('path')).toBe('/auth')
    expect(cookie?.attributes.get('max-age')).toBe('600')
    expect(cookie?.attributes.has('domain')).toBe(false)
  })

  it('ignores Host and X-Forwarded-Host when building redirect_uri', async () => {
    const browser = createBrowser(proxy)
    const response = await browser.call('POST', '/auth/start', {
      body: { scopes: [] },
      headers: { Host: 'evil.test', 'X-Forwarded-Host': 'evil.test', 'X-Forwarded-Proto': 'https' },
    })
    const { authorizeUrl } = StartLoginResponseSchema.parse(await response.json())
    expect(new URL(authorizeUrl).searchParams.get('redirect_uri')).toBe(
      'http://localhost:5173/callback',
    )
  })

  it('refuses an unknown scope and names it', async () => {
    const response = await createBrowser(proxy).call('POST', '/auth/start', {
      body: { scopes: ['doc', 'admin'] },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      status: 400,
      message: expect.stringContaining('"admin"'),
    })
  })

  it('refuses bodies that are not the expected JSON', async () => {
    const browser = createBrowser(proxy)
    for (const body of [
      '{not json',
      '[]',
      '{"scopes":"doc"}',
      JSON.stringify({ scopes: Array(40).fill('doc') }),
    ]) {
      const response = await browser.call('POST', '/auth/start', { body })
      expect(response.status, body.slice(0, 20)).toBe(400)
      expect(await response.json()).toMatchObject({ status: 400, code: 'bad_request' })
    }
  })

  it('refuses a body larger than 16 KB with 413', async () => {
    const response = await createBrowser(proxy).call('POST', '/auth/start', {
      body: { scopes: [], returnTo: `/${'a'.repeat(20_000)}` },
    })
    expect(response.status).toBe(413)
  })

  // docs/security.md#b6: the one case table (return-to-cases.ts) through the whole login; what the
  // exchange answers is what the transaction cookie kept.
  it.each(RETURN_TO_CASES.map(([input, expected]) => [input.slice(0, 40), input, expected]))(
    'keeps returnTo "%s" only where the protocol guard does',
    async (_shown, returnTo, expected) => {
      const browser = createBrowser(proxy)
      const start = await browser.call('POST', '/auth/start', { body: { scopes: [], returnTo } })
      if (returnTo.length > MAX_RETURN_TO_LENGTH) {
        // Too long to be one: refused by the request schema before any login starts.
        expect(start.status).toBe(400)
        expect(await start.json()).toMatchObject({
          message: expect.stringContaining('returnTo') as unknown,
        })
        return
      }
      const { authorizeUrl, state } = StartLoginResponseSchema.parse(await start.json())
      const callback = await approve(authorizeUrl)
      const response = await browser.call('POST', '/auth/exchange', {
        body: { code: callback.get('code'), state },
      })
      expect(ExchangeResponseSchema.parse(await response.json()).returnTo).toBe(expected ?? '/')
    },
  )
})

describe('CSRF protection of /auth and /api', () => {
  it('refuses a call without the custom header', async () => {
    const browser = createBrowser(proxy)
    for (const [method, path] of [
      ['POST', '/auth/start'],
      ['POST', '/auth/logout'],
      ['GET', '/auth/session'],
      ['GET', '/api/v2/users/alice'],
    ] as const) {
      const response = await browser.call(method, path, {
        bare: true,
        headers: { Origin: 'http://localhost:5173', 'Content-Type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      })
      expect(response.status, path).toBe(403)
      expect(ErrorBodySchema.parse(await response.json())).toMatchObject({
        code: 'csrf',
        message: expect.stringContaining(`Missing the ${CSRF_HEADER}`),
      })
    }
  })

  it('refuses a cross-site Origin and cross-site fetch metadata', async () => {
    const browser = createBrowser(proxy)
    const foreign = await browser.call('POST', '/auth/logout', {
      body: {},
      headers: { Origin: 'http://evil.test' },
    })
    expect(foreign.status).toBe(403)
    expect(ErrorBodySchema.parse(await foreign.json()).message).toBe(
      'State-changing calls must come from http://localhost:5173 (Origin: http://evil.test).',
    )
    const crossSite = await browser.call('POST', '/auth/logout', {
      body: {},
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(crossSite.status).toBe(403)
    expect(ErrorBodySchema.parse(await crossSite.json()).message).toBe(
      'Cross-origin calls are refused (Sec-Fetch-Site: cross-site).',
    )
    const sameSite = await browser.call('GET', '/api/v2/users/alice', {
      headers: { 'Sec-Fetch-Site': 'same-site' },
    })
    expect(sameSite.status).toBe(403)
    expect(ErrorBodySchema.parse(await sameSite.json()).message).toBe(
      'Cross-origin calls are refused (Sec-Fetch-Site: same-site).',
    )
  })

  it('refuses simple content types on state-changing calls with 415', async () => {
    const browser = createBrowser(proxy)
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await browser.call('POST', '/auth/start', {
        body: '{"scopes":[]}',
        headers: { 'Content-Type': type },
      })
      expect(response.status, type).toBe(415)
    }
  })

  it('sends no CORS headers, even to a preflight', async () => {
    const response = await createBrowser(proxy).call('OPTIONS', '/api/v2/user', {
      bare: true,
      headers: { Origin: 'http://evil.test', 'Access-Control-Request-Method': 'GET' },
    })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(
      [...response.headers.keys()].filter((name) => name.startsWith('access-control-')),
    ).toEqual([])
  })

  it('does not log out on GET', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    const response = await browser.call('GET', '/auth/logout')
    expect(response.status).toBe(404)
    expect(await (await browser.call('GET', '/auth/session')).json()).toMatchObject({
      connected: true,
    })
  })
})

describe('POST /auth/exchange', () => {
  it('exchanges the code once, keeps the token in a sealed Strict cookie and answers the scope and the profile, never the token', async () => {
    const browser = createBrowser(proxy)
    const { authorizeUrl, state } = await startLogin(browser, ['repo:read', 'group:read'], '/me')
    const callback = await approve(authorizeUrl)
    expect(callback.get('state')).toBe(state)
    const response = await browser.call('POST', '/auth/exchange', {
      body: { code: callback.get('code'), state },
    })
    expect(response.status).toBe(200)
    const text = await response.text()
    const { user, ...answer } = ExchangeResponseSchema.parse(JSON.parse(text))
    expect(answer).toEqual({
      scope: 'repo:read,group:read',
      requestedScope: 'repo:read,group:read',
      returnTo: '/me',
      connectedAt: new Date(now).toISOString(),
    })
    expect(user).toBeDefined()
    expect(text).not.toContain('emu_at_')

    const session = browser.seen.find((cookie) => cookie.name === 'pg_session')
    expect(session?.value).not.toContain('emu_at_')
    expect(session?.attributes.has('httponly')).toBe(true)
    expect(session?.attributes.get('samesite')).toBe('Strict')
    expect(session?.attributes.get('path')).toBe('/')
    expect(session?.attributes.has('domain')).toBe(false)
    // The page-readable hint says "connected" and nothing else, and lives as long as the session.
    const hint = browser.seen.find((cookie) => cookie.name === 'pg_connected')
    expect(hint?.value).toBe('1')
    expect(hint?.attributes.has('httponly')).toBe(false)
    expect(hint?.attributes.get('samesite')).toBe('Strict')
    expect(hint?.attributes.get('max-age')).toBe(session?.attributes.get('max-age'))
    for (const cookie of browser.seen)
      expect(`${cookie.name}=${cookie.value}`.length).toBeLessThanOrEqual(4096)
    // The transaction is consumed.
    expect(
      browser.seen.some(
        (cookie) => cookie.name.startsWith('pg_tx_') && cookie.attributes.get('max-age') === '0',
      ),
    ).toBe(true)

    const token = tokenCalls()
    expect(token).toHaveLength(1)
    expect(token[0]).toMatchObject({
      grantType: 'authorization_code',
      clientId: 'playground-web',
      hasClientSecret: true,
      status: 200,
    })
    // The secret goes to the token endpoint only (docs/security.md#c1).
    expect(
      emulator.control
        .requestLog()
        .filter((entry) => entry.hasClientSecret)
        .map((entry) => entry.path),
    ).toEqual(['/oauth2/token'])
  })

  it("sends the new account's profile with the answer, as the service gave it to the new token, with the headers the app reads", async () => {
    const browser = createBrowser(proxy)
    const { authorizeUrl, state } = await startLogin(browser)
    const callback = await approve(authorizeUrl)
    const response = await browser.call('POST', '/auth/exchange', {
      body: { code: callback.get('code'), state },
    })
    const { user } = ExchangeResponseSchema.parse(await response.json())
    const body = envelope(UserSchema).parse(user?.body)
    expect(body.data.login).toBe('alice')
    expect(user?.headers.map(([name]) => name)).toEqual(
      expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining']),
    )
    // Asked for with the token the exchange gave, once, and nothing else of it passed on.
    const calls = emulator.control.requestLog().filter((entry) => entry.path === '/api/v2/user')
    expect(calls).toHaveLength(1)
    expect(calls[0]?.status).toBe(200)
    expect(JSON.stringify(user)).not.toContain('emu_at_')
  })

  it('answers the exchange all the same, without the profile, when the service fails it or is slow (the app then asks itself)', async () => {
    for (const fault of [
      { status: 500 },
      { status: 401 },
      { status: 200, body: 'not json' },
      { delayMs: 3000 },
    ]) {
      setup({ timeoutMs: 5000 })
      const browser = createBrowser(proxy)
      const { authorizeUrl, state } = await startLogin(browser)
      const callback = await approve(authorizeUrl)
      emulator.control.queueFault({ path: '/api/v2/user', ...fault })
      const started = performance.now()
      const response = await browser.call('POST', '/auth/exchange', {
        body: { code: callback.get('code'), state },
      })
      expect(response.status, JSON.stringify(fault)).toBe(200)
      const answer = ExchangeResponseSchema.parse(await response.json())
      expect(answer.user, JSON.stringify(fault)).toBeUndefined()
      expect(answer.scope).toBe('repo:read')
      // The exchange waits for the profile no longer than PRIME_TIMEOUT_MS, whatever the time-out of API calls.
      expect(performance.now() - started).toBeLessThan(PRIME_TIMEOUT_MS + 900)
      expect(await (await browser.call('GET', '/auth/session')).json()).toMatchObject({
        connected: true,
      })
    }
  })

  it('shows the narrower scope the user granted', async () => {
    const browser = createBrowser(proxy)
    const { authorizeUrl, state } = await startLogin(browser, ['repo:read', 'group:read'])
    const callback = await approve(authorizeUrl, { grant: ['repo:read'] })
    const response = await browser.call('POST', '/auth/exchange', {
      body: { code: callback.get('code'), state },
    })
    expect(await response.json()).toMatchObject({
      scope: 'repo:read',
      requestedScope: 'repo:read,group:read',
    })
    expect(await (await browser.call('GET', '/auth/session')).json()).toMatchObject({
      connected: true,
      scope: 'repo:read',
    })
  })

  it('refuses a state this browser did not start, without calling the token endpoint (login CSRF)', async () => {
    const attacker = createBrowser(proxy)
    const { authorizeUrl, state } = await startLogin(attacker)
    const callback = await approve(authorizeUrl)
    const victim = createBrowser(proxy)
    const response = await victim.call('POST', '/auth/exchange', {
      body: { code: callback.get('code'), state },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'state_missing' })
    expect(tokenCalls()).toHaveLength(0)
    expect(await (await victim.call('GET', '/auth/session')).json()).toEqual({ connected: false })
  })

  it('refuses a replayed exchange: the state was consumed by the first', async () => {
    const browser = createBrowser(proxy)
    const { code, state } = await connect(browser)
    const replay = await browser.call('POST', '/auth/exchange', { body: { code, state } })
    expect(replay.status).toBe(400)
    expect(await replay.json()).toMatchObject({
      code: 'state_missing',
      message: expect.stringContaining('already used'),
    })
    expect(tokenCalls()).toHaveLength(1)
  })

  it('refuses a state that differs from the pending one by a single character', async () => {
    const browser = createBrowser(proxy)
    const { authorizeUrl, state } = await startLogin(browser)
    const callback = await approve(authorizeUrl)
    const forged = `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`
    const response = await browser.call('POST', '/auth/exchange', {
      body: { code: callback.get('code'), state: forged },
    })
    expect(response.status).toBe(400)
    expect(tokenCalls()).toHaveLength(0)
  })

  it('refuses an expired login (past 10 minutes) without calling the token endpoint', async () => {
    const browser = createBrowser(proxy)
    const { authorizeUrl, state } = await startLogin(browser)
    const callback = await approve(authorizeUrl)
    now += 10 * 60_000 + 1000
    const response = await browser.call('POST', '/auth/exchange', {
      body: { code: callback.get('code'), state },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'state_expired' })
    expect(tokenCalls()).toHaveLength(0)
  })

  it('lets two logins started in two tabs of one browser both complete', async () => {
    const browser = createBrowser(proxy)
    const first = await startLogin(browser, ['repo:read'])
    const second = await startLogin(browser, ['group:read'])
    const firstCallback = await approve(first.authorizeUrl)
    const secondCallback = await approve(second.authorizeUrl)
    const a = await browser.call('POST', '/auth/exchange', {
      body: { code: secondCallback.get('code'), state: second.state },
    })
    const b = await browser.call('POST', '/auth/exchange', {
      body: { code: firstCallback.get('code'), state: first.state },
    })
    expect(a.status).toBe(200)
    expect(b.status).toBe(200)
    expect(await b.json()).toMatchObject({ scope: 'repo:read' })
  })

  it('reports a refused code without passing on the service text, and creates no session', async () => {
    const browser = createBrowser(proxy)
    const { state } = await startLogin(browser)
    const response = await browser.call('POST', '/auth/exchange', {
      body: { code: 'not-a-real-code', state },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      code: 'exchange_failed',
      message: expect.stringContaining('invalid_grant'),
    })
    expect(await (await browser.call('GET', '/auth/session')).json()).toEqual({ connected: false })
  })

  it('turns a failing token endpoint into a generic error without its body (ASVS 16.5.1)', async () => {
    const browser = createBrowser(proxy)
    const { authorizeUrl, state } = await startLogin(browser)
    const callback = await approve(authorizeUrl)
    emulator.control.queueFault({
      path: '/oauth2/token',
      status: 500,
      body: { error: 'server_error', error_description: 'SENTINEL-stack-trace' },
    })
    const response = await browser.call('POST', '/auth/exchange', {
      body: { code: callback.get('code'), state },
    })
    expect(response.status).toBe(502)
    const text = await response.text()
    expect(text).not.toContain('SENTINEL')
    // A server error, told apart from a refused code.
    expect(JSON.parse(text)).toMatchObject({ code: 'upstream_error' })
  })

  it('rejects a 200 token response that is not a bearer token', async () => {
    for (const body of [
      { access_token: 'x', token_type: 'mac' },
      { token_type: 'bearer' },
      ['x'],
      'plain text',
    ]) {
      const browser = createBrowser(proxy)
      const { authorizeUrl, state } = await startLogin(browser)
      const callback = await approve(authorizeUrl)
      emulator.control.queueFault({ path: '/oauth2/token', status: 200, body })
      const response = await browser.call('POST', '/auth/exchange', {
        body: { code: callback.get('code'), state },
      })
      expect(response.status, JSON.stringify(body)).toBe(502)
      expect(await (await browser.call('GET', '/auth/session')).json()).toEqual({
        connected: false,
      })
    }
  })

  it('gives up on a hanging token endpoint once, without retrying the code', async () => {
    setup({ timeoutMs: 200 })
    const browser = createBrowser(proxy)
    const { authorizeUrl, state } = await startLogin(browser)
    const callback = await approve(authorizeUrl)
    emulator.control.queueFault({ path: '/oauth2/token', delayMs: 1000 })
    const response = await browser.call('POST', '/auth/exchange', {
      body: { code: callback.get('code'), state },
    })
    expect(response.status).toBe(504)
    expect(await response.json()).toMatchObject({
      code: 'upstream_timeout',
      message: expect.stringContaining('not retried'),
    })
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(tokenCalls()).toHaveLength(1)
  })

  it('does not follow a redirect from the token endpoint', async () => {
    const browser = createBrowser(proxy)
    const { authorizeUrl, state } = await startLogin(browser)
    const callback = await approve(authorizeUrl)
    emulator.control.queueFault({ path: '/oauth2/token', redirectTo: 'http://127.0.0.1:9/sink' })
    const response = await browser.call('POST', '/auth/exchange', {
      body: { code: callback.get('code'), state },
    })
    expect(response.status).toBe(502)
    expect(await (await browser.call('GET', '/auth/session')).json()).toEqual({ connected: false })
  })
})

describe('/api/v2 forwarding', () => {
  it('forwards GET /user with the session token and passes back the rate-limit and scope headers', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    const response = await browser.call('GET', '/api/v2/user')
    expect(response.status).toBe(200)
    expect(envelope(UserSchema).parse(await response.json()).data.login).toBe('alice')
    expect(response.headers.get('X-RateLimit-Limit')).toBe('5000')
    expect(Number(response.headers.get('X-RateLimit-Remaining'))).toBeLessThan(5000)
    expect(response.headers.get('X-OAuth-Scopes')).toBe('repo:read')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const entry = emulator.control.requestLog().at(-1)
    expect(entry).toMatchObject({
      path: '/api/v2/user',
      user: 'alice',
      hasUserAgent: true,
      hasCookie: false,
    })
  })

  it('answers GET /hello with the greeting', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    const response = await browser.call('GET', '/api/v2/hello')
    expect(await response.json()).toEqual({ data: { message: expect.stringMatching(/^Hello /) } })
  })

  it('looks up public users without a session and without any token', async () => {
    const browser = createBrowser(proxy)
    const byLogin = await browser.call('GET', '/api/v2/users/bob', {
      headers: { 'X-Auth-Token': 'attacker', Cookie: 'x=1' },
    })
    expect(byLogin.status).toBe(200)
    const byId = await browser.call('GET', '/api/v2/users/1001')
    expect(envelope(UserSchema).parse(await byId.json()).data.login).toBe('alice')
    const entry = emulator.control.requestLog().find((e) => e.path === '/api/v2/users/bob')
    expect(entry).toMatchObject({ tokenFingerprint: null, hasCookie: false, user: null })
  })

  it('sends the session token, never one the browser supplies', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    await browser.call('GET', '/api/v2/user', {
      headers: { 'X-Auth-Token': 'attacker', Authorization: 'Bearer attacker' },
    })
    expect(emulator.control.requestLog().at(-1)).toMatchObject({ user: 'alice', status: 200 })
  })

  it("drops the service's Set-Cookie and CORS headers and passes the rate-limit headers unchanged", async () => {
    const browser = createBrowser(proxy)
    emulator.control.queueFault({
      path: '/api/v2/users/alice',
      status: 200,
      body: { data: { login: 'alice' } },
      headers: {
        'Set-Cookie': 'tracker=1; Path=/',
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Credentials': 'true',
        'X-RateLimit-Limit': '77',
        'X-RateLimit-Remaining': '76',
      },
    })
    const response = await browser.call('GET', '/api/v2/users/alice')
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie()).toEqual([])
    expect(
      [...response.headers.keys()].filter((name) => name.startsWith('access-control-')),
    ).toEqual([])
    expect(response.headers.get('X-RateLimit-Limit')).toBe('77')
    expect(response.headers.get('X-RateLimit-Remaining')).toBe('76')
  })

  it('keeps the rate-limit headers on a 502 made of a failed call', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    emulator.control.queueFault({
      path: '/api/v2/user',
      status: 503,
      body: 'down',
      headers: { 'X-RateLimit-Limit': '77', 'X-RateLimit-Remaining': '12' },
    })
    const failed = await browser.call('GET', '/api/v2/user')
    expect(failed.status).toBe(502)
    expect(failed.headers.get('X-RateLimit-Remaining')).toBe('12')
    expect(failed.headers.get('Cache-Control')).toBe('no-store')
  })

  it('renews the session cookie on a forwarded call, beside every header of the answer', async () => {
    // The renewal's Set-Cookie is written during the call: the answer must keep it with the
    // headers a forwarded answer always has.
    const browser = createBrowser(proxy)
    await connect(browser)
    const sealed = browser.jar.get('pg_session')
    now += 6 * 60_000
    const response = await browser.call('GET', '/api/v2/user')
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie().map((cookie) => parseSetCookie(cookie).name)).toEqual(
      expect.arrayContaining(['pg_session', 'pg_connected']),
    )
    expect(browser.jar.get('pg_session')).not.toBe(sealed)
    expect(response.headers.get('X-RateLimit-Limit')).toBe('5000')
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=UTF-8')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    // Without a renewal, the same headers and no cookie.
    const again = await browser.call('GET', '/api/v2/user')
    expect(again.headers.getSetCookie()).toEqual([])
    expect(again.headers.get('X-RateLimit-Limit')).toBe('5000')
    expect(again.headers.get('Content-Type')).toBe('application/json; charset=UTF-8')
    expect(again.headers.get('Cache-Control')).toBe('no-store')
    expect(again.headers.get('X-Content-Type-Options')).toBe('nosniff')
  })

  it('answers 404 for an unknown user', async () => {
    const response = await createBrowser(proxy).call('GET', '/api/v2/users/nobody-here')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ status: 404 })
  })

  it('answers locally when a call needs a session and there is none', async () => {
    const response = await createBrowser(proxy).call('GET', '/api/v2/user')
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'not_connected' })
    expect(emulator.control.requestLog()).toHaveLength(0)
  })

  it('forwards nothing that is off the allow-list, whatever the encoding', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    emulator.control.clearLog()
    const vectors = [
      ['GET', '/api/v2/users/../../oauth2/token'],
      ['GET', '/api/v2/users/%2e%2e/%2e%2e/admin'],
      ['GET', '/api/v2/users/..%2f..%2fadmin'],
      ['GET', '/api/v2/users/%252e%252e/admin'],
      ['GET', '/api/v2//evil.test/x'],
      ['GET', '/api/v2/users/@evil.test'],
      ['GET', '/api/v2/http://evil.test/'],
      ['GET', '/api/v2/users/a%5cb'],
      ['GET', '/api/v2/users/alice%0d%0aX-Injected:%201'],
      ['GET', '/api/v2/repos/alice/book/attachments'],
      ['GET', '/api/v2/user?base=http://evil.test'],
      ['DELETE', '/api/v2/user'],
      ['POST', '/api/v2/users/alice'],
      ['PATCH', '/api/v2/user'],
      ['GET', '/api/v1/user'],
    ] as const
    for (const [method, path] of vectors) {
      const response = await browser.call(method, path, method === 'POST' ? { body: {} } : {})
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400)
      expect(response.status, `${method} ${path}`).toBeLessThan(500)
    }
    expect(emulator.control.requestLog()).toEqual([])
  })

  it('answers 405 with an Allow header from the endpoint table, and calls nothing', async () => {
    const browser = createBrowser(proxy)
    emulator.control.clearLog()
    const response = await browser.call('DELETE', '/api/v2/users/alice', { body: {} })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('GET')
    expect(await response.json()).toMatchObject({
      code: 'not_allowed',
      message: 'DELETE is not allowed on /users/alice (allowed: GET).',
    })
    expect(emulator.control.requestLog()).toEqual([])
  })

  it('ends the session when the service answers 401 and says so', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    emulator.control.queueFault({
      path: '/api/v2/user',
      status: 401,
      body: { status: 401, message: 'Unauthorized' },
    })
    const response = await browser.call('GET', '/api/v2/user')
    expect(response.status).toBe(401)
    expect(response.headers.get('X-Playground-Session')).toBe('ended')
    expect(await (await browser.call('GET', '/auth/session')).json()).toEqual({ connected: false })
  })

  it('ends the session when the token is revoked because its code was replayed (RFC 6749 §4.1.2)', async () => {
    const browser = createBrowser(proxy)
    const { code } = await connect(browser)
    const reuse = await emulator.app.request('/oauth2/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': 'test' },
      body: new URLSearchParams({
        client_id: 'playground-web',
        client_secret: 'playground-web-secret',
        code,
        grant_type: 'authorization_code',
      }),
    })
    expect(reuse.status).toBe(400)
    const response = await browser.call('GET', '/api/v2/user')
    expect(response.status).toBe(401)
    expect(response.headers.get('X-Playground-Session')).toBe('ended')
  })

  it('passes a missing-scope 403 through and keeps the session', async () => {
    const browser = createBrowser(proxy)
    await connect(browser, ['repo:read'])
    const response = await browser.call('GET', '/api/v2/users/1001/groups')
    expect(response.status).toBe(403)
    expect(ErrorBodySchema.parse(await response.json()).message).toContain(
      'This request needs the "group:read" scope',
    )
    expect(response.headers.get('X-Accepted-OAuth-Scopes')).toContain('group:read')
    expect(await (await browser.call('GET', '/auth/session')).json()).toMatchObject({
      connected: true,
    })
  })

  it('passes 429 through with Retry-After and the rate-limit headers', async () => {
    setup({ rateLimit: { limit: 2, windowMs: 3_600_000 } })
    const browser = createBrowser(proxy)
    await connect(browser)
    await browser.call('GET', '/api/v2/user')
    await browser.call('GET', '/api/v2/user')
    const limited = await browser.call('GET', '/api/v2/user')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(limited.headers.get('X-RateLimit-Remaining')).toBe('0')
    expect(await limited.json()).toEqual({ status: 429, message: 'Too Many Requests' })
  })

  it('turns a 5xx, a redirect or malformed JSON from the service into a clear 502', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    emulator.control.queueFault({
      path: '/api/v2/user',
      status: 503,
      body: 'SENTINEL upstream page',
    })
    const failed = await browser.call('GET', '/api/v2/user')
    expect(failed.status).toBe(502)
    expect(await failed.text()).not.toContain('SENTINEL')

    emulator.control.queueFault({ path: '/api/v2/user', redirectTo: 'http://127.0.0.1:9/sink' })
    const redirected = await browser.call('GET', '/api/v2/user')
    expect(redirected.status).toBe(502)
    expect(await redirected.json()).toMatchObject({ message: expect.stringContaining('redirect') })

    emulator.control.queueFault({ path: '/api/v2/user', status: 200, body: '{"data": ' })
    const malformed = await browser.call('GET', '/api/v2/user')
    expect(malformed.status).toBe(502)
    expect(malformed.headers.get('X-Playground-Error')).toBe('upstream_invalid')
  })

  it('sends no-store and nosniff on every answer: forwarded, refused, not found and time-out', async () => {
    setup({ timeoutMs: 200 })
    emulator.control.queueFault({ path: '/api/v2/users/bob', delayMs: 1000 })
    const browser = createBrowser(proxy)
    const answers = [
      await browser.call('GET', '/api/v2/users/alice'),
      await browser.call('GET', '/api/v2/user'),
      await browser.call('GET', '/api/v2/users/alice', { bare: true }),
      await browser.call('GET', '/api/v2/repos'),
      await browser.call('GET', '/auth/nothing-here'),
      await browser.call('GET', '/api/v2/users/bob'),
    ]
    expect(answers.map((response) => response.status)).toEqual([200, 401, 403, 404, 404, 504])
    const refused = ErrorBodySchema.parse(await answers[2]?.json())
    expect(refused.message).toContain(`Missing the ${CSRF_HEADER}`)
    for (const response of answers) {
      expect(response.headers.get('Cache-Control')).toBe('no-store')
      expect(response.headers.get('Pragma')).toBe('no-cache')
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
    }
  })

  it('times out a hanging service', async () => {
    setup({ timeoutMs: 200 })
    emulator.control.queueFault({ path: '/api/v2/users/alice', delayMs: 1000 })
    const response = await createBrowser(proxy).call('GET', '/api/v2/users/alice')
    expect(response.status).toBe(504)
  })
})

describe('the session', () => {
  it('reports whether connected and with which scope', async () => {
    const browser = createBrowser(proxy)
    expect(await (await browser.call('GET', '/auth/session')).json()).toEqual({ connected: false })
    await connect(browser, ['doc', 'doc:read'])
    const session = await browser.call('GET', '/auth/session')
    expect(session.headers.get('Cache-Control')).toBe('no-store')
    expect(await session.json()).toMatchObject({
      connected: true,
      scope: 'doc',
      requestedScope: 'doc',
      connectedAt: new Date(now).toISOString(),
    })
  })

  it("names each session from the proxy's injected RNG", async () => {
    // A fixed RNG gives two browsers the same session id: ending one ends the other
    // (docs/security.md#i1 remembers ended ids), which shows openSession draws from
    // ctx.randomBytes, not node:crypto.
    setup({ randomBytes: (size) => Buffer.alloc(size, 7) })
    const first = createBrowser(proxy)
    const second = createBrowser(proxy)
    await connect(first)
    await connect(second)
    expect((await first.call('POST', '/auth/logout', { body: {} })).status).toBe(204)
    expect(await (await second.call('GET', '/auth/session')).json()).toEqual({ connected: false })
  })

  it('ends after the idle timeout', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    now += SESSION_IDLE_SECONDS * 1000 + 1000
    expect(await (await browser.call('GET', '/auth/session')).json()).toEqual({ connected: false })
    expect(browser.jar.has('pg_session')).toBe(false)
  })

  it('ends after the absolute lifetime even when used all along', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    for (let step = 0; step < 10; step++) {
      now += 50 * 60_000
      await browser.call('GET', '/auth/session')
    }
    expect(await (await browser.call('GET', '/auth/session')).json()).toEqual({ connected: false })
  })

  it('clears the cookie and the origin’s web storage on logout', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    expect(browser.jar.get('pg_connected')).toBe('1')
    const response = await browser.call('POST', '/auth/logout', { body: {} })
    expect(response.status).toBe(204)
    expect(response.headers.get('Clear-Site-Data')).toBe('"storage"')
    const cleared = response.headers.getSetCookie().map(parseSetCookie)
    for (const name of ['pg_session', 'pg_connected']) {
      const cookie = cleared.find((c) => c.name === name && c.attributes.get('path') === '/')
      expect(cookie?.attributes.get('max-age'), name).toBe('0')
    }
    expect(cleared.every((cookie) => cookie.attributes.get('max-age') === '0')).toBe(true)
    expect(browser.jar.has('pg_connected')).toBe(false)
    expect(await (await browser.call('GET', '/auth/session')).json()).toEqual({ connected: false })
  })

  /** A connected browser, and another holding a copy of its session cookie. */
  async function connectedWithCopy() {
    const browser = createBrowser(proxy)
    await connect(browser)
    const copied = browser.jar.get('pg_session') ?? ''
    const thief = createBrowser(proxy)
    thief.jar.set('pg_session', copied)
    const isCopyConnected = async () => {
      thief.jar.set('pg_session', copied)
      const answer = SessionResponseSchema.parse(
        await (await thief.call('GET', '/auth/session')).json(),
      )
      return answer.connected
    }
    return { browser, thief, isCopyConnected }
  }

  it('refuses a copy of the session cookie taken before logout (replay → 401), though a copy works until then', async () => {
    const { browser, thief, isCopyConnected } = await connectedWithCopy()
    expect((await thief.call('GET', '/api/v2/user')).status).toBe(200)

    expect((await browser.call('POST', '/auth/logout', { body: {} })).status).toBe(204)
    const replayed = await thief.call('GET', '/api/v2/user')
    expect(replayed.status).toBe(401)
    expect(await replayed.json()).toMatchObject({ status: 401, code: 'not_connected' })
    expect(await isCopyConnected()).toBe(false)
  })

  it('refuses a copy of the session cookie after the service refused its token (401)', async () => {
    const { browser, isCopyConnected } = await connectedWithCopy()
    expect(await isCopyConnected()).toBe(true)
    emulator.control.reset()
    expect((await browser.call('GET', '/api/v2/user')).status).toBe(401)
    expect(await isCopyConnected()).toBe(false)
  })

  it('rejects a session cookie sealed with another secret', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    const stolen = browser.jar.get('pg_session') ?? ''
    setup()
    const other = createProxy({
      config: loadConfig({ SESSION_SECRET: 'another-secret-another-secret-0123' }),
      upstream: createInProcessUpstream((request) => emulator.app.request(request)),
      clock,
    })
    const intruder = createBrowser(other)
    intruder.jar.set('pg_session', stolen)
    expect(await (await intruder.call('GET', '/auth/session')).json()).toEqual({ connected: false })
  })
})
