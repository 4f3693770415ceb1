/**
 * Where the app and the service live, and what that does to the cookies: docs/security.md#d1 for an
 * HTTPS deployment and G5 (the app and the service on different origins, different hosts).
 */
import { describe, expect, it } from 'vitest'
import { E2E_APP_ORIGIN, E2E_EMULATOR_ORIGIN } from '../../e2e/support/ports'
import { createEmulator } from '../emulator/emulator'
import { seedApps } from '../emulator/seed'
import { authorizeThroughPages } from '../testing/emulator-pages'
import { loadConfig } from './config'
import { createProxy } from './proxy'
import { connectBrowser, createBrowser } from '../testing/proxy-browser'
import { createInProcessUpstream } from './api/upstream'

const HTTPS_ORIGIN = 'https://playground.example'

describe('an HTTPS deployment (docs/security.md#d1)', () => {
  it('names the session cookie __Host-pg_session: Secure, HttpOnly, SameSite=Strict, Path=/, no Domain', async () => {
    const emulator = createEmulator({
      apps: seedApps({ webRedirectUri: `${HTTPS_ORIGIN}/callback` }),
    })
    const proxy = createProxy({
      config: loadConfig({
        APP_ORIGIN: HTTPS_ORIGIN,
        // An https origin is production: the emulator is asked for (config.ts).
        EMULATOR: 'on',
        SESSION_SECRET: 'origins-test-session-secret-0123456789',
      }),
      upstream: createInProcessUpstream((request) => emulator.app.request(request)),
    })
    const browser = createBrowser(proxy, HTTPS_ORIGIN)
    const exchange = await connectBrowser(browser, async (url) => {
      return (await authorizeThroughPages(emulator.app, url, { login: 'alice' })).location
    })
    expect(exchange.status).toBe(200)

    const transaction = browser.seen.find((cookie) => cookie.name.includes('pg_tx_'))
    expect(transaction?.name).toMatch(/^__Secure-pg_tx_/)
    expect(transaction?.attributes.has('secure')).toBe(true)
    const session = browser.seen.find((cookie) => cookie.name.endsWith('pg_session'))
    expect(session?.name).toBe('__Host-pg_session')
    expect(Object.fromEntries(session?.attributes ?? [])).toMatchObject({
      secure: '',
      httponly: '',
      samesite: 'Strict',
      path: '/',
    })
    expect(session?.attributes.has('domain')).toBe(false)
    for (const cookie of browser.seen) {
      expect(cookie.attributes.has('secure'), cookie.name).toBe(true)
      expect(cookie.attributes.has('domain'), cookie.name).toBe(false)
    }
    const connected = await browser.call('GET', '/auth/session')
    expect(await connected.json()).toMatchObject({ connected: true })
  })
})

/** A site is the scheme and the registrable domain; for an IP address or localhost, the host. */
const siteOf = (origin: string) => {
  const url = new URL(origin)
  return `${url.protocol}//${url.hostname}`
}

describe('the app and the service on different sites (docs/security.md#g5)', () => {
  it('by default: the app on localhost, the embedded emulator on 127.0.0.1', () => {
    const config = loadConfig({})
    expect(siteOf(config.appOrigin)).toBe('http://localhost')
    expect(siteOf(config.authUrl.origin)).toBe('http://127.0.0.1')
    expect(siteOf(config.baseUrl.origin)).toBe('http://127.0.0.1')
  })

  it('in the e2e stack too, so SameSite and framing are exercised cross-site', () => {
    expect(siteOf(E2E_APP_ORIGIN)).toBe('http://localhost')
    expect(siteOf(E2E_EMULATOR_ORIGIN)).toBe('http://127.0.0.1')
  })
})
