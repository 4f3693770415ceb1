/**
 * The login transaction cookies stay bounded (docs/security.md#s2, #s7): abandoned logins with
 * a long returnTo cannot push /auth requests past Node's header limit, and forged transaction
 * cookies cost no unsealing beyond the few a browser can really hold.
 */
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { StartLoginResponseSchema } from '../../protocol/playground-api'
import { loadConfig } from '../config'
import { createMemoryStore } from '../store/memory-store'
import { parseSetCookie } from '../../testing/proxy-browser'
import { startProxyOverHttp, type ProxyOverHttp } from '../../testing/proxy-over-http'
import { createSealer, type Sealer } from './seal'
import { createCookieJar } from './session'
import { MAX_PENDING_LOGINS, PENDING_LOGINS_MAX_BYTES } from './transactions'

let running: ProxyOverHttp | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

/** A browser's cookies for /auth over HTTP: Set-Cookie applied, Max-Age=0 deleting. */
function cookieJar() {
  const jar = new Map<string, string>()
  return {
    jar,
    header: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    take(setCookie: string | string[] | undefined) {
      for (const line of [setCookie ?? []].flat()) {
        const cookie = parseSetCookie(line)
        if (cookie.attributes.get('max-age') === '0') jar.delete(cookie.name)
        else jar.set(cookie.name, cookie.value)
      }
    },
  }
}

describe('pending logins stay within the header limit (cookie bomb)', () => {
  async function startLogins(count: number, returnTo: string) {
    running = await startProxyOverHttp()
    const server = running
    const browser = cookieJar()
    for (let i = 0; i < count; i++) {
      const started = await server.send({
        method: 'POST',
        path: '/auth/start',
        headers: server.appHeaders({ Cookie: browser.header() }),
        body: JSON.stringify({ scopes: [], returnTo }),
      })
      expect(started.status).toBe(200)
      StartLoginResponseSchema.parse(JSON.parse(started.body))
      browser.take(started.headers['set-cookie'])
    }
    return { server, browser }
  }

  /** What Chromium sends beside the cookies of a same-origin fetch, about 700 bytes. */
  const chromium = {
    'User-Agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    Accept: '*/*',
    'Accept-Encoding': 'gzip, deflate, br, zstd',
    'Accept-Language': 'zh-CN,zh;q=0.9,en-US;q=0.8,en;q=0.7',
    'sec-ch-ua': '"Google Chrome";v="131", "Chromium";v="131", "Not_A Brand";v="24"',
    'sec-ch-ua-mobile': '?0',
    'sec-ch-ua-platform': '"Linux"',
    'Sec-Fetch-Site': 'same-origin',
    'Sec-Fetch-Mode': 'cors',
    'Sec-Fetch-Dest': 'empty',
    Connection: 'keep-alive',
  }

  it('drops the oldest when six logins with a 2 KB returnTo are left pending, so /auth still answers', async () => {
    const { server, browser } = await startLogins(6, `/me?note=${'a'.repeat(2000)}`)
    // A session cookie's size (a sealed token and its scope) and the other cookies of the path.
    const others = `pg_session=${'x'.repeat(700)}; pg_connected=1; playground_lang=zh-CN`
    const session = await server.send({
      path: '/auth/session',
      headers: server.appHeaders({ ...chromium, Cookie: `${others}; ${browser.header()}` }),
    })
    expect(session.status).toBe(200)
    expect(JSON.parse(session.body)).toEqual({ connected: false })
    const bytes = [...browser.jar].reduce(
      (sum, [name, value]) => sum + name.length + 1 + value.length,
      0,
    )
    expect(bytes).toBeLessThanOrEqual(PENDING_LOGINS_MAX_BYTES)
    expect(browser.jar.size).toBeGreaterThanOrEqual(2)
  })

  it('still keeps five ordinary logins pending, as five tabs need', async () => {
    const { browser } = await startLogins(6, '/me')
    expect(browser.jar.size).toBe(MAX_PENDING_LOGINS)
  })

  it('refuses a returnTo longer than 2048 characters with a clear 400', async () => {
    running = await startProxyOverHttp()
    const refused = await running.send({
      method: 'POST',
      path: '/auth/start',
      headers: running.appHeaders(),
      body: JSON.stringify({ scopes: [], returnTo: `/${'a'.repeat(2048)}` }),
    })
    expect(refused.status).toBe(400)
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 'bad_request',
      message: expect.stringContaining('returnTo') as unknown,
    })
  })
})

describe('forged transaction cookies cost no unsealing', () => {
  it('unseals at most five, only of the form the proxy writes, and deletes the rest unread', async () => {
    const config = loadConfig({ SESSION_SECRET: 'transactions-test-secret-0123456789' })
    const now = () => Date.parse('2026-11-21T10:00:00Z')
    const real = createSealer(config.sessionSecret, now)
    let unsealed = 0
    const counting: Sealer = {
      seal: (...args) => real.seal(...args),
      unseal: (...args) => {
        unsealed += 1
        return real.unseal(...args)
      },
    }
    const jar = createCookieJar(config, counting, now, createMemoryStore({ clock: now }))
    const app = new Hono()
    app.post('/auth/start', async (c) => {
      await jar.startTransaction(c, {
        state: 's'.repeat(43),
        scope: '',
        returnTo: '/',
        createdAt: now(),
        codeVerifier: null,
      })
      return c.body(null, 204)
    })
    const forged = Array.from(
      { length: 150 },
      (_, i) => `pg_tx_${String(i).padStart(16, 'x')}=${'A'.repeat(60)}`,
    )
    const odd = ['pg_tx_short=1', `pg_tx_${'y'.repeat(40)}=2`]
    const response = await app.request('/auth/start', {
      method: 'POST',
      headers: { Cookie: [...odd, ...forged].join('; ') },
    })
    expect(response.status).toBe(204)
    expect(unsealed).toBeLessThanOrEqual(MAX_PENDING_LOGINS)
    const deleted = response.headers
      .getSetCookie()
      .map(parseSetCookie)
      .filter((cookie) => cookie.attributes.get('max-age') === '0')
      .map((cookie) => cookie.name)
    expect(deleted).toEqual(expect.arrayContaining(['pg_tx_short', `pg_tx_${'y'.repeat(40)}`]))
    expect(deleted.length).toBe(152)
  })
})
