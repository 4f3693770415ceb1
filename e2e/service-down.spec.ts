/**
 * Connect while the service is down: the proxy finds nobody answering at the service's address
 * (src/proxy/service-probe.ts) and refuses to start the login, so the browser stays on the
 * connect page, which says what is wrong and what to do, instead of landing on a refused
 * connection. A third app instance of playwright.config.ts has its service on a loopback port
 * nothing listens on (E2E_DEAD_SERVICE_ORIGIN).
 */
import type { Page, Request } from '@playwright/test'
import { connectForm, settled, tickScopes } from './support/any-language'
import { expect, test } from './support/fixtures'
import { E2E_DEAD_SERVICE_ORIGIN, E2E_SERVICE_DOWN_APP_ORIGIN } from './support/ports'

const CASES = [
  {
    locale: 'en-US',
    title: 'The service’s sign-in page would not load',
    what: /Nothing answers at the service’s address/,
    retry: 'Retry',
  },
  {
    locale: 'zh-CN',
    title: '服务的登录页打不开',
    what: /服务的地址上没有应答/,
    retry: '重试',
  },
] as const

/** Every request and navigation of the page to the dead service's origin. */
function watchDeadOrigin(page: Page): string[] {
  const seen: string[] = []
  const isDead = (url: string) => url.startsWith(E2E_DEAD_SERVICE_ORIGIN)
  page.on('request', (request: Request) => {
    if (isDead(request.url())) seen.push(`request ${request.url()}`)
  })
  page.on('framenavigated', (frame) => {
    if (isDead(frame.url())) seen.push(`navigation ${frame.url()}`)
  })
  return seen
}

for (const { locale, title, what, retry } of CASES) {
  test.describe(`Connect with the service down, in ${locale}`, () => {
    test.use({ locale })

    test('the page stays, says what is wrong and what to do, and nothing goes to the dead service', async ({
      page,
    }) => {
      const deadOriginTraffic = watchDeadOrigin(page)
      await page.goto(`${E2E_SERVICE_DOWN_APP_ORIGIN}/`)
      await settled(page)
      await tickScopes(page, ['repo:read'])
      const start = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/auth/start',
      )
      await connectForm(page).locator('button[type="submit"]').click()
      expect((await start).status()).toBe(503)

      const alert = page.getByRole('alert').filter({ hasText: title })
      await expect(alert).toBeVisible()
      await expect(alert).toContainText(what)
      await expect(page.getByRole('button', { name: retry, exact: true })).toBeVisible()
      // Still here, and the form ready to try again.
      expect(page.url()).toBe(`${E2E_SERVICE_DOWN_APP_ORIGIN}/`)
      await expect(connectForm(page).locator('button[type="submit"]')).toBeEnabled()
      expect(deadOriginTraffic).toEqual([])
    })
  })
}
