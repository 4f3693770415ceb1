import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { sendButton, words } from './explorer-support'

/**
 * The explorer on a phone and on a desktop (src/web/explorer/explorer.css, path-text.tsx): the
 * chosen operation's form is brought into view, a path wraps only between its segments, and on
 * a desktop the explorer lines up with the page header.
 */

/** The `{…}` segments of every path shown that a line break cuts in two. */
const brokenPlaceholders = (page: Page) =>
  page.evaluate(() => {
    const broken: string[] = []
    for (const path of document.querySelectorAll('.explorer-path')) {
      const walker = document.createTreeWalker(path, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        if (!text.includes('{')) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
        if (lines.size > 1) broken.push(text)
      }
    }
    return broken
  })

for (const lang of ['en', 'zh'] as const) {
  const w = words(lang)
  test.describe(`the explorer on a phone (${lang})`, () => {
    test.use({
      viewport: { width: 390, height: 844 },
      ...(lang === 'zh' ? { locale: 'zh-CN' } : {}),
    })

    test('choosing an operation brings its form into view, and no path breaks inside a {placeholder}', async ({
      page,
    }) => {
      await page.goto('/explore')
      await page.getByRole('searchbox', { name: w.find }).fill('book_slug')
      await page
        .getByRole('navigation', { name: w.operations })
        .getByRole('link')
        .filter({ hasText: 'DELETE' })
        .first()
        .click()
      const heading = page.getByRole('heading', {
        level: 2,
        name: 'DELETE /repos/{group_login}/{book_slug}/docs/{id}',
        exact: true,
      })
      await expect(heading).toBeFocused()
      await expect(heading).toBeInViewport()
      expect(await brokenPlaceholders(page)).toEqual([])
      await page.getByRole('searchbox', { name: w.find }).fill('')
      expect(await brokenPlaceholders(page)).toEqual([])
    })
  })

  test.describe(`the explorer on a desktop (${lang})`, () => {
    test.use({
      viewport: { width: 1280, height: 800 },
      ...(lang === 'zh' ? { locale: 'zh-CN' } : {}),
    })

    test('lines up with the page header: the same left edge and width', async ({ page }) => {
      await page.goto('/explore?op=user.me')
      // Measured once the app has drawn the header and the explorer its form, not at load: a
      // box of an element not yet drawn is null.
      await expect(page.locator('.app-header-inner')).toBeVisible()
      await expect(sendButton(page, lang)).toBeVisible()
      const header = await page.locator('.app-header-inner').boundingBox()
      const layout = await page.locator('.explorer-layout').boundingBox()
      const title = await page.getByRole('heading', { level: 1 }).boundingBox()
      expect(header).not.toBeNull()
      expect(layout).not.toBeNull()
      if (header === null || layout === null || title === null) return
      // The header's content box: its padding is the page's (layout.css, base.css .page).
      const inset = await page
        .locator('.app-header-inner')
        .evaluate((element) => parseFloat(getComputedStyle(element).paddingLeft))
      expect(Math.abs(layout.x - (header.x + inset))).toBeLessThanOrEqual(1)
      expect(Math.abs(title.x - layout.x)).toBeLessThanOrEqual(1)
      expect(Math.abs(layout.width - (header.width - 2 * inset))).toBeLessThanOrEqual(1)
    })
  })
}
