import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { param, response, sendButton, words, type Lang } from './explorer-support'

/**
 * The explorer from the keyboard (src/web/explorer/explorer-page.tsx, operation-panel.tsx): Send
 * a few Tab presses from the top, the catalogue one tab stop with arrow keys, a choice moving
 * focus to the form, Ctrl+Enter sending, and the confirmation giving focus back.
 */

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement
    return element === null ? '' : `${element.tagName} ${element.textContent?.trim() ?? ''}`
  })

async function tabsToSend(page: Page, lang: Lang): Promise<number> {
  const send = sendButton(page, lang)
  await expect(send).toBeVisible()
  // From the top of the page, as a keyboard user arrives.
  await page.locator('body').focus()
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  for (let presses = 1; presses <= 60; presses += 1) {
    await page.keyboard.press('Tab')
    if (await send.evaluate((element) => element === document.activeElement)) return presses
  }
  return Infinity
}

for (const lang of ['en', 'zh'] as const) {
  const w = words(lang)
  test.describe(`the explorer from the keyboard (${lang})`, () => {
    if (lang === 'zh') test.use({ locale: 'zh-CN' })

    test('Send is a few Tab presses from the top: the catalogue is one tab stop', async ({
      page,
    }) => {
      await page.goto('/explore?op=doc.showById&p.book_id=20011&p.id=versioning')
      // The header's links, the skip links, the search box, the catalogue, four fields: Send.
      expect(await tabsToSend(page, lang)).toBeLessThanOrEqual(20)
    })

    test('arrow keys move through the catalogue, Enter opens an operation and focus lands on its form', async ({
      page,
    }) => {
      await page.goto('/explore')
      const search = page.getByRole('searchbox', { name: w.find })
      await search.click()
      await search.pressSequentially('user')
      await page.keyboard.press('ArrowDown')
      const catalogue = page.getByRole('navigation', { name: w.operations })
      const links = catalogue.getByRole('link')
      await expect(links.first()).toBeFocused()
      await page.keyboard.press('ArrowDown')
      await expect(links.nth(1)).toBeFocused()
      await page.keyboard.press('End')
      await expect(links.last()).toBeFocused()
      await page.keyboard.press('Home')
      await expect(links.first()).toBeFocused()
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('Enter')
      const heading = page.getByRole('heading', { level: 2, name: 'GET /user', exact: true })
      await expect(heading).toBeFocused()
      // One Tab out of the catalogue's list, not one per operation.
      await links.nth(1).focus()
      await page.keyboard.press('Tab')
      expect(await focusedName(page)).not.toMatch(/^A /)
    })

    test('the skip link goes from the top to the form', async ({ page }) => {
      await page.goto('/explore?op=user.show&p.login=alice')
      const skip = page.getByRole('link', { name: w.skip })
      await skip.focus()
      await expect(skip).toBeVisible()
      await page.keyboard.press('Enter')
      await expect(
        page.getByRole('heading', { level: 2, name: 'GET /users/{login}', exact: true }),
      ).toBeFocused()
    })

    test('Ctrl+Enter sends from a field, and the status is announced by one polite live region', async ({
      page,
    }) => {
      await page.goto('/explore?op=user.show')
      const live = page.locator('main [aria-live="polite"]')
      await expect(live).toHaveCount(1)
      await expect(live).toHaveText('')
      const login = param(page, lang, 'login', 'path')
      await login.click()
      await page.keyboard.type('alice')
      await page.keyboard.press('Control+Enter')
      await expect(response(page, lang)).toContainText('HTTP 200')
      // The answer's tools, which load apart (response-details.tsx), bring copy buttons with
      // live regions of their own: the status is said by the one that has the status role.
      const status = page.locator('main [role="status"][aria-live="polite"]')
      await expect(status).toHaveCount(1)
      await expect(status).toHaveText(/^HTTP 200/)
    })

    test('the write confirmation gives focus back to Send on Cancel, on Escape and after confirming', async ({
      page,
    }) => {
      await page.goto('/explore?op=doc.deleteById&p.book_id=20011&p.id=versioning')
      const send = sendButton(page, lang)
      const dialog = page.getByRole('dialog', { name: w.confirmDelete })

      await send.press('Enter')
      await expect(dialog).toBeVisible()
      await dialog.getByRole('button', { name: w.cancel }).press('Enter')
      await expect(dialog).toHaveCount(0)
      await expect(send).toBeFocused()

      await send.press('Enter')
      await expect(dialog).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)
      await expect(send).toBeFocused()

      await send.press('Enter')
      await dialog.getByRole('button', { name: w.delete, exact: true }).press('Enter')
      await expect(dialog).toHaveCount(0)
      await expect(send).toBeFocused()
      // Not connected: the proxy answers 401 itself, and the answer is shown.
      await expect(response(page, lang)).toContainText('HTTP 401')
    })
  })
}
