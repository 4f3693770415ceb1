/**
 * The layout's geometry (src/web/layout/layout.css), measured: on a 390×844 phone the current
 * page's tab is inside the screen whatever the page (the nav is one row that scrolls sideways),
 * and the header's buttons clear the top edge; on a desktop every page starts at the header's
 * left edge.
 */
import type { Locator, Page } from '@playwright/test'
import { connectInAnyLanguage } from './support/any-language'
import { expect, test } from './support/fixtures'

const PHONE = { width: 390, height: 844 }
const LOCALES = ['en-US', 'zh-CN'] as const
/** Every tab of the nav (layout/app-header.tsx), the last ones first cut off on a phone. */
const TABS = ['/', '/me', '/hello', '/users', '/scopes', '/explore'] as const
/** What the top edge keeps clear of a control (layout.css: the header's top padding). */
const TOP_CLEARANCE_PX = 8

const nav = (page: Page) => page.locator('header nav')
const currentTab = (page: Page) => nav(page).locator('a[aria-current="page"]')

async function boxOf(element: Locator) {
  await expect(element).toBeVisible()
  const box = await element.boundingBox()
  if (box === null) throw new Error('the element has no box')
  return box
}

for (const locale of LOCALES) {
  test.describe(`On a 390×844 phone in ${locale}`, () => {
    test.use({ locale, viewport: PHONE, hasTouch: true, isMobile: true })

    test('the current page’s tab is inside the screen and its row on every page, opened or followed', async ({
      page,
    }) => {
      // 390 px, then 320 (WCAG 1.4.10, Reflow), where the row has to scroll to the last tabs.
      for (const width of [PHONE.width, 320]) {
        await page.setViewportSize({ width, height: PHONE.height })
        const visible = async (path: string) => {
          await expect(currentTab(page)).toHaveAttribute('href', path)
          const tab = await boxOf(currentTab(page))
          const row = await boxOf(nav(page))
          const where = `${width} px, ${path}`
          expect(tab.x, `${where}: the tab's left edge`).toBeGreaterThanOrEqual(Math.max(0, row.x))
          expect(tab.x + tab.width, `${where}: the tab's right edge`).toBeLessThanOrEqual(
            Math.min(width, row.x + row.width),
          )
        }
        for (const path of TABS) {
          await page.goto(path)
          await visible(path)
        }
        // Followed from the last tab back to the first: the row scrolls back with it.
        await nav(page).locator('a[href="/"]').click()
        await visible('/')
      }
    })

    test('the header’s buttons keep clear of the top edge, signed out and connected', async ({
      page,
    }) => {
      test.slow()
      const buttons = page.locator('header').getByRole('button')
      await page.goto('/')
      await expect(buttons.first()).toBeVisible()
      const check = async (when: string) => {
        for (const button of await buttons.all()) {
          const box = await boxOf(button)
          expect(box.y, `${when}: ${await button.textContent()}`).toBeGreaterThanOrEqual(
            TOP_CLEARANCE_PX,
          )
        }
      }
      await check('signed out')
      await connectInAnyLanguage(page, { login: 'alice', scopes: [] })
      // The connected header adds the Disconnect button.
      await expect(buttons).toHaveCount(3)
      await check('connected')
    })
  })
}

test.describe('On a 1280 px desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('every page starts at the header’s left edge', async ({ page }) => {
    const pages = [
      ...TABS,
      '/connect/client-code',
      '/callback?error=access_denied&state=x',
      '/no-such-page',
    ]
    for (const path of pages) {
      await page.goto(path)
      const brand = await boxOf(page.locator('header .brand'))
      // The page's first block: its head, or the card of an error or a missing page.
      const first = await boxOf(page.locator('main > div > :not(title)').first())
      expect(first.x, `${path}: the page's left edge`).toBeCloseTo(brand.x, 0)
    }
  })
})
