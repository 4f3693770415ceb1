/**
 * Faults of the service, seen in the browser (the attack, fault and load suite, docs/security.md): down, hanging, failing, answering
 * nonsense, redirecting, rate limiting. Each time the page says what happened, stays usable,
 * sends no request twice that must not be, and recovers by itself where it can.
 */
import type { Page } from '@playwright/test'
import { E2E_APP_ORIGIN, E2E_UPSTREAM_TIMEOUT_MS } from './support/ports'
import { connectAs, expect, recordRequests, sessionOf, test } from './support/fixtures'

const CALLBACK = `${E2E_APP_ORIGIN}/callback`
/** Connected as alice, on her profile, which has asked GET /api/v2/user once. */
async function showAlicesProfile(page: Page): Promise<void> {
  await connectAs(page, { login: 'alice', scopes: ['doc:read'] })
  await expect(page.getByRole('article', { name: 'Alice Chen' })).toBeVisible()
}

const userCalls = <T extends { path: string }>(entries: T[]) =>
  entries.filter((entry) => entry.path === '/api/v2/user')

test.describe('When the service fails', () => {
  // Each test logs in, then waits out retries, back-offs or the proxy's time-out on purpose.
  test.describe.configure({ timeout: 60_000 })

  test('the service down: the profile says it is unreachable, then recovers by itself once it is back', async ({
    page,
    emulator,
  }) => {
    await showAlicesProfile(page)

    // Every connection to GET /api/v2/user is closed without an answer until the faults go.
    await emulator.queueFault({ method: 'GET', path: '/api/v2/user', drop: true, times: 1000 })
    const before = userCalls(await emulator.log()).length
    await page.reload()
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('The service is unreachable', { timeout: 15_000 })
    await expect(alert).toContainText('The page retries by itself')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    const duringOutage = userCalls(await emulator.log()).slice(before)
    expect(duringOutage.length).toBeGreaterThanOrEqual(3)
    expect(duringOutage.map((entry) => [entry.status, entry.fault])).toEqual(
      duringOutage.map(() => [444, true]),
    )

    // The service is back; nobody presses Retry.
    await emulator.clearFaults()
    await expect(page.getByRole('article', { name: 'Alice Chen' })).toBeVisible({
      timeout: 15_000,
    })
    await expect(alert).toHaveCount(0)
    // Bounded: three tries, then one every few seconds, never a storm.
    expect(userCalls(await emulator.log()).length - before).toBeLessThanOrEqual(
      duringOutage.length + 3,
    )
    expect(await sessionOf(page)).toMatchObject({ connected: true })
  })

  test('a hanging token endpoint: a clear time-out, one exchange and no session', async ({
    page,
    emulator,
  }) => {
    await emulator.queueFault({
      method: 'POST',
      path: '/oauth2/token',
      delayMs: E2E_UPSTREAM_TIMEOUT_MS + 3000,
    })
    const requests = recordRequests(page)
    await connectAs(page, { login: 'alice', scopes: ['doc:read'], waitFor: 'none' })

    await page.waitForURL(CALLBACK)
    // Meanwhile the page says what it waits for (app-router.tsx, the callback's loading line).
    await expect(
      page.getByText('Completing the connection: exchanging the code with the service…'),
    ).toBeVisible()
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('The service did not answer the exchange', {
      timeout: E2E_UPSTREAM_TIMEOUT_MS + 5000,
    })
    await expect(alert).toContainText(`did not answer within ${E2E_UPSTREAM_TIMEOUT_MS / 1000} s`)
    // One sentence says it is not retried (the proxy's); the page's own words do not repeat it.
    await expect(alert).toContainText('The code was not retried')
    await expect(alert).not.toContainText('so it is not retried')
    await expect(
      page.getByRole('heading', { level: 1, name: 'The connection failed' }),
    ).toBeVisible()
    expect(await sessionOf(page)).toEqual({ connected: false })

    // The slow call ends at the emulator after the proxy gave up: still the only one.
    await expect.poll(async () => (await emulator.tokenCalls()).length, { timeout: 10_000 }).toBe(1)
    const exchanges = requests.filter(
      (request) => new URL(request.url()).pathname === '/auth/exchange',
    )
    expect(exchanges).toHaveLength(1)
    expect(await emulator.tokenCalls()).toHaveLength(1)
  })

  test('a failing service (HTTP 500) and a malformed answer each give a clear message on a working page', async ({
    page,
    emulator,
  }) => {
    await showAlicesProfile(page)
    const sentinel = 'upstream-sentinel-5xx'

    // The page's query tries three times (two retries) before it gives up.
    await emulator.queueFault({
      method: 'GET',
      path: '/api/v2/user',
      status: 500,
      body: { status: 500, message: sentinel },
      times: 3,
    })
    await page.reload()
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('The service failed', { timeout: 15_000 })
    await expect(alert).toContainText('(HTTP 5xx)')
    expect(await page.content()).not.toContain(sentinel)
    // The actions sit beside the alert, not in it (a countdown in an alert is re-read every second).
    await expect(page.getByRole('main').getByRole('button', { name: 'Retry' })).toBeVisible()

    await emulator.queueFault({
      method: 'GET',
      path: '/api/v2/user',
      status: 200,
      body: '{"data": {"id": 1001, "name": "Alice',
      headers: { 'Content-Type': 'application/json' },
      times: 3,
    })
    await page.reload()
    await expect(alert).toContainText('or not JSON', { timeout: 15_000 })

    // The page still works: Retry, once the service answers properly again.
    await page.getByRole('main').getByRole('button', { name: 'Retry' }).click()
    await expect(page.getByRole('article', { name: 'Alice Chen' })).toBeVisible()
  })

  test('a redirect from the service is not followed: the token goes nowhere and the page says so', async ({
    page,
    emulator,
    attacker,
  }) => {
    await showAlicesProfile(page)
    await emulator.queueFault({
      method: 'GET',
      path: '/api/v2/user',
      redirectTo: `${attacker.origin}/collect`,
      times: 3,
    })
    await page.reload()
    await expect(page.getByRole('alert')).toContainText('which the playground does not follow', {
      timeout: 15_000,
    })
    expect(attacker.requests).toEqual([])
  })

  test(
    'a rate limit from the service is shown with its wait and retried by nobody',
    { tag: '@both-profiles' },
    async ({ page, emulator, emulatorProfile }) => {
      await showAlicesProfile(page)
      // The seed's 429 says how long to wait; the real service's says nothing (docs/emulator.md).
      const isSeed = emulatorProfile === 'seed'
      await emulator.queueFault({
        method: 'GET',
        path: '/api/v2/user',
        status: 429,
        body: { status: 429, message: 'Too Many Requests' },
        headers: isSeed
          ? { 'Retry-After': '600', 'X-RateLimit-Limit': '5000', 'X-RateLimit-Remaining': '0' }
          : {},
        times: 100,
      })
      const before = userCalls(await emulator.log()).length
      // The page's timers run on a clock the test moves: ten minutes pass in an instant.
      await page.clock.install()
      await page.reload()
      // Said in two places on purpose, each asserted in its own: the app-wide banner and the
      // profile's notice.
      await expect(page.getByRole('alert')).toContainText('Rate limit reached')
      await expect(page.getByRole('alert')).toContainText(
        isSeed
          ? 'The service asks to wait before the next request'
          : 'did not say when; try again in a few minutes',
      )
      await expect(page.getByRole('region', { name: 'App notices' })).toContainText(
        isSeed ? 'The service asks to wait' : 'The service did not say when',
      )
      // A meter never shows a bar it cannot know.
      if (!isSeed) {
        await expect(page.getByRole('region', { name: 'Token status' })).toContainText('unknown')
      }
      await page.clock.runFor('09:00')
      expect(userCalls(await emulator.log()).length - before).toBe(1)
    },
  )
})
