import { createHmac } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import { createEmulator } from '../../emulator/emulator'
import { CSRF_HEADER, ClientCodeStartResponseSchema } from '../../protocol/playground-api'
import { ErrorBodySchema, UserSchema, envelope } from '../../protocol/schemas'
import { authorizeThroughPages } from '../../testing/emulator-pages'
import { loadConfig } from '../config'
import { MAX_POLL_ATTEMPTS, POLL_INTERVAL_MS, maskCode } from './client-code-routes'
import { createProxy } from '../proxy'
import { createBrowser } from '../../testing/proxy-browser'
import { createInProcessUpstream } from '../api/upstream'

let now = Date.parse('2026-11-21T10:00:00Z')
let emulator: ReturnType<typeof createEmulator>
let proxy: ReturnType<typeof createProxy>

beforeEach(() => {
  now = Date.parse('2026-11-21T10:00:00Z')
  emulator = createEmulator({ clock: () => now, testControl: true })
  proxy = createProxy({
    config: loadConfig({ SESSION_SECRET: 'client-code-test-secret-0123456789' }),
    upstream: createInProcessUpstream((request) => emulator.app.request(request)),
    clock: () => now,
  })
})

async function start(browser: ReturnType<typeof createBrowser>, scopes = ['repo:read']) {
  const response = await browser.call('POST', '/auth/client-code/start', { body: { scopes } })
  expect(response.status).toBe(200)
  return ClientCodeStartResponseSchema.parse(await response.json())
}

/** What the new tab does: follow the same-origin path to the service's authorize page. */
async function authorizeUrlOf(browser: ReturnType<typeof createBrowser>): Promise<URL> {
  const response = await browser.call('GET', '/auth/client-code/authorize', { bare: true })
  expect(response.status).toBe(303)
  return new URL(response.headers.get('Location') ?? '')
}

/** One poll as the page sends it, a full interval after the previous one. */
const poll = async (browser: ReturnType<typeof createBrowser>) => {
  now += POLL_INTERVAL_MS
  const response = await browser.call('POST', '/auth/client-code/poll', { body: {} })
  const answer: unknown = await response.json()
  return { status: response.status, body: answer }
}

describe('POST /auth/client-code/start', () => {
  it('signs the five parameters with the cli app secret, as node:crypto computes it', async () => {
    const browser = createBrowser(proxy)
    const started = await start(browser, ['repo:read', 'doc', 'doc:read'])
    const url = await authorizeUrlOf(browser)
    const code = url.searchParams.get('code') ?? ''
    expect(code).toMatch(/^[A-Za-z0-9]{40}$/)
    expect(url.searchParams.get('client_id')).toBe('playground-cli')
    expect(url.searchParams.get('scope')).toBe('repo:read,doc')
    expect(url.searchParams.get('timestamp')).toBe(String(now))
    const base = `client_id=playground-cli&code=${code}&response_type=code&scope=repo%3Aread%2Cdoc&timestamp=${now}`
    const expected = createHmac('sha1', 'playground-cli-secret').update(base).digest('base64')
    expect(url.searchParams.get('sign')).toBe(expected)
    expect(started.signing.sign).toBe(expected)
  })

  it('URL-encodes the signature so base64 + / = survive the query string', async () => {
    const browser = createBrowser(proxy)
    const { signing } = await start(browser)
    const response = await browser.call('GET', '/auth/client-code/authorize', { bare: true })
    const location = response.headers.get('Location') ?? ''
    expect(location).toContain(`sign=${encodeURIComponent(signing.sign)}`)
    expect(location).not.toMatch(/sign=[^&]*[+/=]/)
  })

  it('shows the signing step with the code masked and never the secret', async () => {
    const browser = createBrowser(proxy)
    const response = await browser.call('POST', '/auth/client-code/start', {
      body: { scopes: ['repo:read'] },
    })
    const text = await response.text()
    const code = (await authorizeUrlOf(browser)).searchParams.get('code') ?? ''
    expect(text).not.toContain(code)
    expect(text).not.toContain('playground-cli-secret')
    const body = ClientCodeStartResponseSchema.parse(JSON.parse(text))
    expect(body.signing.params.code).toBe(maskCode(code))
    expect(body.signing.baseString).toBe(
      `client_id=playground-cli&code=${maskCode(code)}&response_type=code&scope=repo%3Aread&timestamp=${now}`,
    )
    expect(body).toMatchObject({ intervalMs: 3000, maxAttempts: 20, scope: 'repo:read' })
  })

  it('keeps the code in a sealed HttpOnly SameSite=Strict cookie for /auth/client-code only', async () => {
    const browser = createBrowser(proxy)
    await start(browser)
    const code = (await authorizeUrlOf(browser)).searchParams.get('code') ?? ''
    const cookie = browser.seen.find((candidate) => candidate.name === 'pg_cc')
    expect(cookie?.value).not.toContain(code)
    expect(cookie?.attributes.has('httponly')).toBe(true)
    expect(cookie?.attributes.get('samesite')).toBe('Strict')
    expect(cookie?.attributes.get('path')).toBe('/auth/client-code')
  })

  it('refuses an unknown scope and needs the CSRF header', async () => {
    const browser = createBrowser(proxy)
    const unknown = await browser.call('POST', '/auth/client-code/start', {
      body: { scopes: ['everything'] },
    })
    expect(unknown.status).toBe(400)
    const bare = await browser.call('POST', '/auth/client-code/start', {
      bare: true,
      body: '{"scopes":[]}',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:5173' },
    })
    expect(bare.status).toBe(403)
    expect(ErrorBodySchema.parse(await bare.json())).toMatchObject({
      code: 'csrf',
      message: expect.stringContaining(`Missing the ${CSRF_HEADER}`),
    })
  })

  it('says the flow is not configured for a real service without a code client', async () => {
    const real = createProxy({
      config: loadConfig({
        YUQUE_AUTH_URL: 'https://www.yuque.com',
        YUQUE_BASE_URL: 'https://www.yuque.com/api/v2',
        YUQUE_CLIENT_ID: 'id',
        YUQUE_CLIENT_SECRET: 'secret',
        SESSION_SECRET: 'x'.repeat(32),
      }),
      upstream: () => Promise.reject(new Error('no network in tests')),
    })
    const response = await createBrowser(real).call('POST', '/auth/client-code/start', {
      body: { scopes: [] },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      message: expect.stringContaining('YUQUE_CODE_CLIENT_ID'),
    })
  })
})

describe('GET /auth/client-code/authorize', () => {
  it('refuses a cross-site navigation and a browser without a pending attempt', async () => {
    const browser = createBrowser(proxy)
    await start(browser)
    const crossSite = await browser.call('GET', '/auth/client-code/authorize', {
      bare: true,
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(crossSite.status).toBe(403)
    expect(ErrorBodySchema.parse(await crossSite.json()).message).toBe(
      'Cross-origin calls are refused (Sec-Fetch-Site: cross-site).',
    )
    const stranger = await createBrowser(proxy).call('GET', '/auth/client-code/authorize', {
      bare: true,
    })
    expect(stranger.status).toBe(400)
  })
})

describe('POST /auth/client-code/poll', () => {
  it('says pending while the user has not approved, counting attempts', async () => {
    const browser = createBrowser(proxy)
    await start(browser)
    expect(await poll(browser)).toEqual({
      status: 200,
      body: { status: 'pending', attempt: 1, maxAttempts: 20 },
    })
    await authorizeUrlOf(browser)
    expect((await poll(browser)).body).toMatchObject({ status: 'pending', attempt: 2 })
  })

  it('connects after approval: the session is the same as after the code flow', async () => {
    const browser = createBrowser(proxy)
    await start(browser, ['repo:read', 'group:read'])
    const url = await authorizeUrlOf(browser)
    const approval = await authorizeThroughPages(emulator.app, url.href, { login: 'bob' })
    expect(approval.status).toBe(200)
    expect((await poll(browser)).body).toEqual({
      status: 'connected',
      attempt: 1,
      scope: 'repo:read,group:read',
      requestedScope: 'repo:read,group:read',
    })
    expect(await (await browser.call('GET', '/auth/session')).json()).toMatchObject({
      connected: true,
      scope: 'repo:read,group:read',
    })
    const me = await browser.call('GET', '/api/v2/user')
    expect(envelope(UserSchema).parse(await me.json()).data.login).toBe('bob')
    // The attempt is over: its cookie is gone and a further poll says so.
    expect(browser.jar.has('pg_cc')).toBe(false)
    expect(await poll(browser)).toMatchObject({ status: 400, body: { code: 'no_client_code' } })
  })

  it('sends no client secret when polling', async () => {
    const browser = createBrowser(proxy)
    await start(browser)
    await poll(browser)
    const calls = emulator.control.requestLog().filter((entry) => entry.path === '/oauth2/token')
    expect(calls).toEqual([
      expect.objectContaining({ grantType: 'client_code', hasClientSecret: false, status: 400 }),
    ])
  })

  it('says denied after the user denies', async () => {
    const browser = createBrowser(proxy)
    await start(browser)
    const url = await authorizeUrlOf(browser)
    await authorizeThroughPages(emulator.app, url.href, { login: 'alice', deny: true })
    expect((await poll(browser)).body).toEqual({ status: 'denied', attempt: 1 })
    expect(await (await browser.call('GET', '/auth/session')).json()).toEqual({ connected: false })
  })

  it('gives up after the official budget of 20 polls', async () => {
    const browser = createBrowser(proxy)
    await start(browser)
    for (let attempt = 1; attempt <= MAX_POLL_ATTEMPTS; attempt++) {
      expect((await poll(browser)).body).toMatchObject({ status: 'pending', attempt })
    }
    expect((await poll(browser)).body).toMatchObject({ status: 'expired', attempt: 20 })
    const tokenCalls = emulator.control
      .requestLog()
      .filter((entry) => entry.path === '/oauth2/token')
    expect(tokenCalls).toHaveLength(20)
  })

  it('keeps waiting on request: another budget of polls for the same code, which then connects', async () => {
    const browser = createBrowser(proxy)
    await start(browser, ['doc:read'])
    for (let attempt = 1; attempt <= MAX_POLL_ATTEMPTS; attempt++) await poll(browser)
    expect((await poll(browser)).body).toMatchObject({ status: 'expired', attempt: 20 })
    const kept = await browser.call('POST', '/auth/client-code/keep-waiting', { body: {} })
    expect(await kept.json()).toEqual({ status: 'pending', attempt: 20, maxAttempts: 40 })
    expect((await poll(browser)).body).toEqual({ status: 'pending', attempt: 21, maxAttempts: 40 })
    const url = await authorizeUrlOf(browser)
    await authorizeThroughPages(emulator.app, url.href, { login: 'bob' })
    expect((await poll(browser)).body).toMatchObject({ status: 'connected', attempt: 22 })
  })

  it('refuses to keep waiting past the code’s ten minutes, or after Cancel', async () => {
    const browser = createBrowser(proxy)
    await start(browser)
    now += 10 * 60_000 - 1000
    const late = await browser.call('POST', '/auth/client-code/keep-waiting', { body: {} })
    expect(late.status).toBe(200)
    now += 2000
    const expired = await browser.call('POST', '/auth/client-code/keep-waiting', { body: {} })
    expect(expired.status).toBe(400)
    expect(await expired.json()).toMatchObject({ code: 'no_client_code' })

    const other = createBrowser(proxy)
    await start(other)
    await other.call('POST', '/auth/client-code/cancel', { body: {} })
    const cancelled = await other.call('POST', '/auth/client-code/keep-waiting', { body: {} })
    expect(await cancelled.json()).toMatchObject({ code: 'no_client_code' })
  })

  it('gives up when the attempt is older than ten minutes', async () => {
    const browser = createBrowser(proxy)
    await start(browser)
    await poll(browser)
    now += 10 * 60_000 + 1000
    const result = await poll(browser)
    // The sealed cookie expires with the attempt: the attempt is gone, nothing is polled.
    expect(result).toMatchObject({ status: 400, body: { code: 'no_client_code' } })
    const tokenCalls = emulator.control
      .requestLog()
      .filter((entry) => entry.path === '/oauth2/token')
    expect(tokenCalls).toHaveLength(1)
  })

  it('stops the attempt on cancel: a later poll finds nothing and calls no token endpoint', async () => {
    const browser = createBrowser(proxy)
    await start(browser)
    const cancelled = await browser.call('POST', '/auth/client-code/cancel', { body: {} })
    expect(cancelled.status).toBe(204)
    expect(await poll(browser)).toMatchObject({ status: 400, body: { code: 'no_client_code' } })
    expect(emulator.control.requestLog().filter((entry) => entry.path === '/oauth2/token')).toEqual(
      [],
    )
  })

  it('refuses to poll without the CSRF header', async () => {
    const browser = createBrowser(proxy)
    await start(browser)
    const response = await browser.call('POST', '/auth/client-code/poll', { bare: true })
    expect(response.status).toBe(403)
    expect(ErrorBodySchema.parse(await response.json()).message).toContain(
      `Missing the ${CSRF_HEADER}`,
    )
  })
})

describe('client-code attempts are enforced by the server, not by the cookie', () => {
  const tokenCalls = () =>
    emulator.control.requestLog().filter((entry) => entry.path === '/oauth2/token')

  it('a replayed old cookie cannot poll past the cap of 20', async () => {
    const browser = createBrowser(proxy)
    await start(browser)
    const early = browser.jar.get('pg_cc') ?? ''
    for (let attempt = 1; attempt <= MAX_POLL_ATTEMPTS; attempt++) await poll(browser)
    browser.jar.set('pg_cc', early)
    expect((await poll(browser)).body).toMatchObject({ status: 'expired', attempt: 20 })
    browser.jar.set('pg_cc', early)
    expect((await poll(browser)).body).toMatchObject({ status: 'expired', attempt: 20 })
    expect(tokenCalls()).toHaveLength(MAX_POLL_ATTEMPTS)
  })

  it('a cookie copied before Cancel cannot redeem the approved code after Cancel', async () => {
    const browser = createBrowser(proxy)
    await start(browser)
    const copied = browser.jar.get('pg_cc') ?? ''
    const url = await authorizeUrlOf(browser)
    await authorizeThroughPages(emulator.app, url.href, { login: 'bob' })
    expect((await browser.call('POST', '/auth/client-code/cancel', { body: {} })).status).toBe(204)
    browser.jar.set('pg_cc', copied)
    const result = await poll(browser)
    expect(result).toMatchObject({ status: 400, body: { code: 'no_client_code' } })
    expect(tokenCalls()).toEqual([])
    expect(await (await browser.call('GET', '/auth/session')).json()).toEqual({ connected: false })
  })

  it('many concurrent polls with one cookie make one token request', async () => {
    const browser = createBrowser(proxy)
    await start(browser)
    const url = await authorizeUrlOf(browser)
    await authorizeThroughPages(emulator.app, url.href, { login: 'bob' })
    now += POLL_INTERVAL_MS
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        browser.call('POST', '/auth/client-code/poll', { body: {} }),
      ),
    )
    expect(tokenCalls()).toHaveLength(1)
    const statuses = results.map((response) => response.status).sort()
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 429)).toHaveLength(9)
  })

  it('refuses a poll sooner than 3 s after the previous one, with Retry-After', async () => {
    const browser = createBrowser(proxy)
    await start(browser)
    await poll(browser)
    now += 1000
    const early = await browser.call('POST', '/auth/client-code/poll', { body: {} })
    expect(early.status).toBe(429)
    expect(early.headers.get('Retry-After')).toBe('2')
    expect(await early.json()).toMatchObject({
      message: 'Polls of a client-code login must be 3 s apart: wait 2 s.',
    })
    expect(tokenCalls()).toHaveLength(1)
  })
})

describe('client-code start limits (RFC 8628 §5.4, remote phishing)', () => {
  it('allows 5 starts per client address in 10 minutes, then answers 429 with Retry-After', async () => {
    const browser = createBrowser(proxy)
    for (let index = 0; index < 5; index++) await start(browser)
    const sixth = await browser.call('POST', '/auth/client-code/start', { body: { scopes: [] } })
    expect(sixth.status).toBe(429)
    const retryAfter = Number(sixth.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(600)
    expect(await sixth.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining(
        'Too many client-code logins started from this address (5 per 10 minutes)',
      ) as unknown,
    })
    now += retryAfter * 1000
    await start(browser)
  })

  it('keeps the flow off against the real service unless CLIENT_CODE_FLOW=on', async () => {
    const env = {
      YUQUE_AUTH_URL: 'https://www.yuque.com',
      YUQUE_BASE_URL: 'https://www.yuque.com/api/v2',
      YUQUE_CLIENT_ID: 'id',
      YUQUE_CLIENT_SECRET: 'secret',
      YUQUE_CODE_CLIENT_ID: 'cli',
      YUQUE_CODE_CLIENT_SECRET: 'cli-secret',
      SESSION_SECRET: 'x'.repeat(32),
    }
    const offline = () => Promise.reject(new Error('no network in tests'))
    const off = createProxy({ config: loadConfig(env), upstream: offline })
    const refused = await createBrowser(off).call('POST', '/auth/client-code/start', {
      body: { scopes: [] },
    })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({
      message: expect.stringContaining('set CLIENT_CODE_FLOW=on') as unknown,
    })
    const on = createProxy({
      config: loadConfig({ ...env, CLIENT_CODE_FLOW: 'on' }),
      upstream: offline,
    })
    const started = await createBrowser(on).call('POST', '/auth/client-code/start', {
      body: { scopes: [] },
    })
    expect(started.status).toBe(200)
  })
})
