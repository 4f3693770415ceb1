/**
 * The proxy's answers to an outside attack review (docs/security.md, "Outside review: proxy and
 * server"): one body limit before every route, ended and replaced sessions kept ended in the
 * StateStore, tossed cookies refused, log lines without control characters, the Host checked,
 * and a store outage answered 503. Against the real emulator in-process.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { createEmulator } from '../emulator/emulator'
import { seedApps } from '../emulator/seed'
import { authorizeThroughPages } from '../testing/emulator-pages'
import { ErrorBodySchema } from '../protocol/envelope'
import { CSRF_HEADER, CSRF_HEADER_VALUE, PROXY_ERROR_HEADER } from '../protocol/playground-api'
import { SessionResponseSchema } from '../protocol/session-schemas'
import { POLL_INTERVAL_MS } from './auth/client-code-routes'
import { MAX_API_BODY_BYTES } from './api/api-body'
import { loadConfig } from './config'
import { isSessionEnded, markSessionEnded } from './auth/ended-sessions'
import { MAX_BODY_BYTES, createProxy } from './proxy'
import { SESSION_ABSOLUTE_SECONDS } from './auth/session'
import { createMemoryStore, type MemoryStore } from './store/memory-store'
import { StoreUnavailableError } from './store/state-store'
import { connectBrowser, createBrowser, parseSetCookie } from '../testing/proxy-browser'
import { createInProcessUpstream } from './api/upstream'

const ORIGIN = 'http://localhost:5173'
let now = Date.parse('2026-11-21T10:00:00Z')
const clock = () => now
let emulator: ReturnType<typeof createEmulator>
let store: MemoryStore
let proxy: ReturnType<typeof createProxy>

beforeEach(() => {
  now = Date.parse('2026-11-21T10:00:00Z')
  emulator = createEmulator({
    clock,
    testControl: true,
    apps: seedApps({ webRedirectUri: `${ORIGIN}/callback` }),
  })
  store = createMemoryStore({ clock })
  proxy = createProxy({
    config: loadConfig({ SESSION_SECRET: 'proxy-security-test-secret-0123456789' }),
    upstream: createInProcessUpstream((request) => emulator.app.request(request)),
    clock,
    store,
  })
})

const approveAs = (login: string) => async (authorizeUrl: string) =>
  (await authorizeThroughPages(emulator.app, authorizeUrl, { login })).location

async function connect(browser: ReturnType<typeof createBrowser>, login = 'alice') {
  const response = await connectBrowser(browser, approveAs(login), ['repo:read'])
  expect(response.status).toBe(200)
}

/** Whether a browser holding only `sessionCookie` is connected. */
async function isConnected(sessionCookie: string): Promise<boolean> {
  const thief = createBrowser(proxy)
  thief.jar.set('pg_session', sessionCookie)
  const response = await thief.call('GET', '/auth/session')
  return SessionResponseSchema.parse(await response.json()).connected
}

describe('a body limit before every route (16 KB for /auth, 64 KB for /api)', () => {
  /** A body that would be 400 MB, made 64 KB at a time as it is read; counts what was read. */
  function hugeBody() {
    const chunk = new Uint8Array(64 * 1024).fill(0x20)
    const pulled = { bytes: 0 }
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Bounded: stops at 32 MB even if nothing stops reading (then the test fails on `pulled`).
        if (pulled.bytes >= 32 * 1024 * 1024) return controller.close()
        pulled.bytes += chunk.length
        controller.enqueue(chunk)
      },
    })
    return { stream, pulled }
  }

  it('answers 413 to an oversized streamed body on every body-method route of the router, reading little of it', async () => {
    const bodyMethods = ['POST', 'PUT', 'PATCH', 'DELETE']
    const targets = new Set<string>()
    for (const route of proxy.routes) {
      if (!/^\/(auth|api)\//.test(route.path)) continue
      const methods = route.method === 'ALL' ? bodyMethods : [route.method]
      for (const method of methods.filter((name) => bodyMethods.includes(name))) {
        targets.add(`${method} ${route.path.replace(/:[^/]+/g, 'x').replace(/\*/g, 'x')}`)
      }
    }
    // The routes that matter are really enumerated, not just the catch-alls.
    for (const known of [
      'POST /auth/start',
      'POST /auth/exchange',
      'POST /auth/client-code/start',
      'POST /auth/client-code/poll',
      'POST /auth/logout',
    ]) {
      expect(targets).toContain(known)
    }
    for (const target of targets) {
      const [method = '', path = ''] = target.split(' ')
      const { stream, pulled } = hugeBody()
      const response = await proxy.request(`${ORIGIN}${path}`, {
        method,
        body: stream,
        duplex: 'half',
        headers: {
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
          Origin: ORIGIN,
          'Content-Type': 'application/json',
        },
      } as RequestInit)
      expect(response.status, target).toBe(413)
      expect(response.headers.get(PROXY_ERROR_HEADER), target).toBe('payload_too_large')
      expect(ErrorBodySchema.parse(await response.json())).toEqual({
        status: 413,
        message: `The request body is larger than ${path.startsWith('/api/') ? MAX_API_BODY_BYTES : MAX_BODY_BYTES} bytes: send a smaller one.`,
        code: 'payload_too_large',
      })
      expect(pulled.bytes, target).toBeLessThan(1024 * 1024)
    }
  })
})

describe('ended sessions in the StateStore', () => {
  it('still refuses the first logged-out cookie after 100,001 other logouts, and forgets it once its cookie would have expired', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    const copied = browser.jar.get('pg_session') ?? ''
    expect((await browser.call('POST', '/auth/logout', { body: {} })).status).toBe(204)
    // The other logouts, written as logout writes them (bounded loop, fake clock).
    for (let index = 0; index < 100_001; index++) {
      await markSessionEnded(store, `other-session-${index}`, now + 3_600_000, now)
    }
    expect(await isConnected(copied)).toBe(false)
    expect(store.size).toBeGreaterThan(100_000)

    now += SESSION_ABSOLUTE_SECONDS * 1000 + 1000
    // A write sweeps the expired entries (memory-store.ts, every 1000 writes).
    for (let index = 0; index < 1000; index++) await store.set(`probe:${index}`, '1', 60_000)
    expect(store.size).toBe(1000)
  })

  it('keeps an entry exactly until the given expiry', async () => {
    await markSessionEnded(store, 'session-a', now + 5000, now)
    expect(await isSessionEnded(store, 'session-a')).toBe(true)
    now += 5000
    expect(await isSessionEnded(store, 'session-a')).toBe(false)
  })
})

describe('a replaced session is ended', () => {
  it('refuses a copy of the old cookie after "Connect again" (authorization-code flow)', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    const old = browser.jar.get('pg_session') ?? ''
    await connect(browser, 'bob')
    expect(await isConnected(old)).toBe(false)
    expect(await isConnected(browser.jar.get('pg_session') ?? '')).toBe(true)
  })

  it('a request sent with the old cookie before the new login answered deletes no cookie', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    const old = browser.jar.get('pg_session') ?? ''
    await connect(browser, 'bob')
    // What the browser sent while the exchange was on its way, answered after it.
    for (const path of ['/auth/session', '/api/v2/user']) {
      const stale = createBrowser(proxy)
      stale.jar.set('pg_session', old)
      const response = await stale.call('GET', path)
      const names = response.headers.getSetCookie().map((header) => parseSetCookie(header).name)
      expect(names, path).not.toContain('pg_session')
      expect(names, path).not.toContain('pg_connected')
    }
    expect(await isConnected(old)).toBe(false)
    expect(await isConnected(browser.jar.get('pg_session') ?? '')).toBe(true)
  })

  it('refuses a copy of the old cookie after a client-code login', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    const old = browser.jar.get('pg_session') ?? ''
    const start = await browser.call('POST', '/auth/client-code/start', { body: { scopes: [] } })
    expect(start.status).toBe(200)
    const authorize = await browser.call('GET', '/auth/client-code/authorize', { bare: true })
    await authorizeThroughPages(emulator.app, authorize.headers.get('Location') ?? '', {
      login: 'bob',
    })
    now += POLL_INTERVAL_MS
    const poll = await browser.call('POST', '/auth/client-code/poll', { body: {} })
    expect(await poll.json()).toMatchObject({ status: 'connected' })
    expect(await isConnected(old)).toBe(false)
    expect(await isConnected(browser.jar.get('pg_session') ?? '')).toBe(true)
  })
})

describe('cookie tossing from a sibling localhost port', () => {
  it('refuses a request carrying two session cookies and clears every copy it can reach', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    const real = browser.jar.get('pg_session') ?? ''
    const userCalls = () =>
      emulator.control.requestLog().filter((entry) => entry.path === '/api/v2/user').length
    const before = userCalls()
    const response = await proxy.request(`${ORIGIN}/api/v2/user`, {
      headers: {
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        // A narrower path is sent first (RFC 6265 §5.4).
        Cookie: `pg_session=tossed-by-localhost-9999; pg_session=${real}`,
      },
    })
    expect(response.status).toBe(400)
    expect(ErrorBodySchema.parse(await response.json()).message).toBe(
      'This request carries two pg_session cookies: another site on this host (a different port) set one. Both were cleared; connect again.',
    )
    const cleared = response.headers
      .getSetCookie()
      .map(parseSetCookie)
      .filter((cookie) => cookie.name === 'pg_session')
    expect(cleared.every((cookie) => cookie.attributes.get('max-age') === '0')).toBe(true)
    expect(cleared.map((cookie) => cookie.attributes.get('path'))).toEqual(
      expect.arrayContaining(['/', '/auth', '/api', '/api/v2', '/api/v2/user']),
    )
    expect(userCalls()).toBe(before)
  })

  it('clears the copies under an encoded path as the browser matches it, and answers a NUL with a 400, not a 500', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    const real = browser.jar.get('pg_session') ?? ''
    // fuzz.test.ts found the NUL: decoded, it went into a Set-Cookie header, which threw.
    const response = await proxy.request(`${ORIGIN}/api/v2/repos/a%20b/docs%00;x`, {
      headers: {
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        Cookie: `pg_session=tossed-by-localhost-9999; pg_session=${real}`,
      },
    })
    expect(response.status).toBe(400)
    const paths = response.headers
      .getSetCookie()
      .map(parseSetCookie)
      .filter((cookie) => cookie.name === 'pg_session')
      .map((cookie) => cookie.attributes.get('path'))
    // Cookies match the path as sent, percent-encoded (RFC 6265 §5.1.4); the segment with a `;`
    // is no cookie path, and nothing after it is tried.
    expect(paths).toEqual(expect.arrayContaining(['/api/v2/repos', '/api/v2/repos/a%20b']))
    expect(paths.filter((path) => path?.includes('docs'))).toEqual([])
  })

  it('clears the narrower copies on logout too', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    const response = await browser.call('POST', '/auth/logout', { body: {} })
    const paths = response.headers
      .getSetCookie()
      .map(parseSetCookie)
      .filter((cookie) => cookie.name === 'pg_session')
      .map((cookie) => cookie.attributes.get('path'))
    expect(paths).toEqual(expect.arrayContaining(['/', '/auth', '/auth/logout', '/api', '/api/v2']))
  })
})

describe('the Host header', () => {
  it('refuses a Host other than APP_ORIGIN’s or the listening address, with 421', async () => {
    const rebound = await proxy.request('http://attacker.example:5173/auth/session', {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    })
    expect(rebound.status).toBe(421)
    expect(ErrorBodySchema.parse(await rebound.json()).message).toBe(
      'This playground answers as http://localhost:5173 only (Host: attacker.example:5173). Open it at that address.',
    )
    for (const host of ['localhost:5173', '127.0.0.1:5173']) {
      const allowed = await proxy.request(`http://${host}/auth/session`, {
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      })
      expect(allowed.status, host).toBe(200)
    }
  })
})

describe('a store outage', () => {
  it('fails closed with 503 naming the store', async () => {
    const browser = createBrowser(proxy)
    await connect(browser)
    store.get = () => Promise.reject(new StoreUnavailableError('memory'))
    const response = await browser.call('GET', '/auth/session')
    expect(response.status).toBe(503)
    expect(ErrorBodySchema.parse(await response.json())).toEqual({
      status: 503,
      message:
        "The playground's memory store is unavailable: the request was refused rather than run without it; try again shortly.",
    })
  })
})
