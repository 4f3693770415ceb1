import type { Response } from '@playwright/test'
import { E2E_APP_ORIGIN } from './support/ports'
import { SESSION_COOKIE, connectAs, expect, test } from './support/fixtures'

/** What must never reach the browser: the service's tokens and the app's client secret. */
const SECRETS = ['emu_at_', 'playground-web-secret', 'client_secret']

const isText = (response: Response) =>
  /json|text|javascript|html|css|svg|xml/.test(response.headers()['content-type'] ?? '')

test.describe('No token or secret in the browser', () => {
  test('after login, profile, hello and lookup no token or secret is in any response, console, storage, script cookie or page', async ({
    page,
    context,
    emulator,
  }) => {
    const bodies: Promise<{ url: string; body: string }>[] = []
    const startBodies: string[] = []
    page.on('response', (response) => {
      // Redirects have no body to read.
      if (response.status() >= 300 && response.status() < 400) return
      if (!isText(response)) return
      bodies.push(
        response.text().then(
          (body) => ({ url: response.url(), body }),
          (error: unknown) => ({ url: response.url(), body: `UNREADABLE: ${String(error)}` }),
        ),
      )
    })
    // The app leaves for the authorize page as soon as /auth/start answers, and Chromium drops
    // the bodies of a document navigated away from: that one answer is read on its way in.
    await page.route(`${E2E_APP_ORIGIN}/auth/start`, async (route) => {
      const response = await route.fetch()
      const body = await response.text()
      startBodies.push(body)
      await route.fulfill({ response, body })
    })
    const consoleLines: string[] = []
    context.on('console', (message) => consoleLines.push(message.text()))

    await connectAs(page, { login: 'alice', scopes: ['repo:read', 'group:read'] })
    await expect(page.getByRole('article', { name: 'Alice Chen' })).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Hello' }).click()
    await expect(page.getByText('Hello Alice Chen', { exact: true })).toBeVisible()
    await nav.getByRole('link', { name: 'Users' }).click()
    await page.getByLabel('Login or numeric id').fill('wangxiaoming')
    await page.getByRole('button', { name: 'Look up' }).click()
    await expect(page.getByRole('article', { name: '王小明' })).toBeVisible()

    // The token really was used on the way (so there was something to leak).
    const apiCalls = (await emulator.log()).filter((entry) => entry.path.startsWith('/api/v2/'))
    expect(apiCalls.filter((entry) => entry.user === 'alice').length).toBeGreaterThanOrEqual(3)

    const seen = await Promise.all(bodies)
    expect(startBodies).toHaveLength(1)
    expect(startBodies[0]).toContain('authorizeUrl')
    seen.push({ url: `${E2E_APP_ORIGIN}/auth/start`, body: startBodies[0]! })
    const unreadable = seen.filter(
      (entry) =>
        entry.body.startsWith('UNREADABLE') &&
        entry.url.startsWith(E2E_APP_ORIGIN) &&
        new URL(entry.url).pathname !== '/auth/start',
    )
    expect(unreadable, 'app responses whose body could not be read').toEqual([])
    const paths = seen.map((entry) => new URL(entry.url).pathname)
    for (const path of ['/auth/start', '/auth/exchange', '/auth/session']) {
      expect(paths, `the scan saw ${path}`).toContain(path)
    }
    // The profile (GET /user) comes with the exchange's answer (src/proxy/auth/prime-profile.ts): the
    // scan read it there.
    const exchange = seen.find((entry) => new URL(entry.url).pathname === '/auth/exchange')
    expect(exchange?.body, 'the exchange brought the profile').toContain('"login":"alice"')
    expect(paths).toContain('/api/v2/hello')
    expect(paths.some((path) => path.startsWith('/assets/') && path.endsWith('.js'))).toBe(true)

    const storage = await page.evaluate(async () => ({
      local: { ...localStorage },
      session: { ...sessionStorage },
      indexedDb: (await indexedDB.databases()).map((db) => db.name),
      cookie: document.cookie,
    }))
    expect(storage.indexedDb).toEqual([])
    expect(storage.cookie, 'the session cookie is not readable by script').not.toContain(
      SESSION_COOKIE,
    )

    const places: Record<string, string> = {
      ...Object.fromEntries(seen.map((entry, i) => [`response ${i} ${entry.url}`, entry.body])),
      console: consoleLines.join('\n'),
      'web storage and document.cookie': JSON.stringify(storage),
      'page content': await page.content(),
      'storage state': JSON.stringify(await context.storageState()),
    }
    for (const [place, text] of Object.entries(places)) {
      for (const secret of SECRETS) {
        expect(text.includes(secret), `"${secret}" appears in ${place}`).toBe(false)
      }
    }

    const cookies = await context.cookies(E2E_APP_ORIGIN)
    const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE)
    expect(session, 'the session cookie').toBeDefined()
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
    expect(session!.value).not.toContain('emu_at_')
    // The login's transaction cookie is gone once the code is exchanged. Beside the session
    // stays only the connected hint, which says "1" and nothing else (docs/decisions/0006).
    expect(cookies.map((cookie) => cookie.name).sort()).toEqual(['pg_connected', SESSION_COOKIE])
    expect(cookies.find((cookie) => cookie.name === 'pg_connected')).toMatchObject({
      value: '1',
      sameSite: 'Strict',
      path: '/',
    })
  })
})
