import type { Page } from '@playwright/test'
import { connectAs, expect, test } from './support/fixtures'

/** The focus rule (src/web/layout/focus-heading.ts): after every navigation, the page's h1. */
const pageHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 })

test.describe('Focus after navigation', () => {
  test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
    await page.goto('/')
    await expect(pageHeading(page)).toBeVisible()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.locator('#main')).toBeFocused()
  })

  test('following a header link by keyboard focuses the new page’s h1 and announces the page', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(pageHeading(page)).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const [link, path] of [
      ['Users', '/users'],
      ['Scopes', '/scopes'],
      ['Connect', '/'],
    ] as const) {
      await nav.getByRole('link', { name: link, exact: true }).focus()
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(path)
      await expect(pageHeading(page)).toBeFocused()
    }
    await expect(page.getByRole('status').filter({ hasText: 'page loaded' })).toHaveCount(1)
  })

  test('after Disconnect, focus is on the Connect page’s h1, not lost to the body', async ({
    page,
  }) => {
    // A whole connect journey first: over 30 s on a loaded machine.
    test.slow()
    await connectAs(page, { login: 'alice', scopes: [] })
    await expect(page.getByRole('button', { name: 'Disconnect' })).toBeVisible()
    await page.getByRole('button', { name: 'Disconnect' }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/')
    await expect(pageHeading(page)).toBeFocused()
    // What Disconnect does not do, said once it is done.
    await expect(page.getByRole('region', { name: 'App notices' })).toContainText(
      'stays valid at the service until you revoke the app',
    )
  })
})
