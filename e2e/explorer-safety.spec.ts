import { expect, test } from './support/fixtures'
import { connectInAnyLanguage } from './support/any-language'
import { E2E_EMULATOR_ORIGIN } from './support/ports'
import { BOOK_ID, param, response, sendButton, words, type Lang } from './explorer-support'
import type { Page } from '@playwright/test'

/**
 * What a write looks like before it leaves (src/web/explorer/confirm-write.tsx), what the
 * explorer does offline (networkMode 'always': fails at once, never sends later), and what it
 * drops when the account leaves in another tab (use-forget-account.ts).
 */

const EMULATOR_HOST = new URL(E2E_EMULATOR_ORIGIN).host

/** Lists the handbook's documents: the explorer then knows their titles. */
async function listHandbook(page: Page, lang: Lang) {
  await page.goto(`/explore?op=doc.listById&p.book_id=${BOOK_ID}`)
  await sendButton(page, lang).click()
  await expect(response(page, lang)).toContainText('Versioning rules')
}

for (const lang of ['en', 'zh'] as const) {
  const w = words(lang)
  test.describe(`writes, offline and disconnect in the explorer (${lang})`, () => {
    if (lang === 'zh') test.use({ locale: 'zh-CN' })

    test('a delete names its target (the title seen earlier), uses the danger style and names the service', async ({
      page,
    }) => {
      await connectInAnyLanguage(page, { login: 'alice', scopes: ['doc'] })
      await listHandbook(page, lang)
      // The next form, chosen from the catalogue: the values seen stay in this tab.
      await page.getByRole('searchbox', { name: w.find }).fill('doc.deleteById')
      await page.getByRole('navigation', { name: w.operations }).getByRole('link').click()
      await param(page, lang, 'book_id', 'path').fill(BOOK_ID)
      await param(page, lang, 'id', 'path').fill('versioning')
      await sendButton(page, lang).click()
      const dialog = page.getByRole('dialog', { name: w.confirmDelete })
      await expect(dialog).toContainText(w.target('Versioning rules'))
      await expect(dialog).toContainText(`DELETE /repos/${BOOK_ID}/docs/versioning`)
      await expect(dialog).toContainText(`${w.emulator}`)
      await expect(dialog).toContainText(EMULATOR_HOST)
      const confirm = dialog.getByRole('button', { name: w.delete, exact: true })
      await expect(confirm).toHaveClass(/\bbtn-danger\b/)
      expect(
        await confirm.evaluate((element) => getComputedStyle(element).backgroundColor),
      ).not.toBe(
        await dialog
          .getByRole('button', { name: w.cancel })
          .evaluate((element) => getComputedStyle(element).backgroundColor),
      )
      if (lang === 'zh') {
        await expect(dialog).toContainText('（')
        await expect(dialog).not.toContainText('Playground')
      }
    })

    test('a write a shared link prefilled shows the body it would send before anything leaves', async ({
      page,
      emulator,
    }) => {
      await connectInAnyLanguage(page, { login: 'alice', scopes: ['doc'] })
      const planted = { title: 'Planted by a link', body: 'Sent only if you confirm it' }
      const link = new URLSearchParams({
        op: 'doc.createById',
        'p.book_id': BOOK_ID,
        body: JSON.stringify(planted),
      })
      const before = (await emulator.log()).length
      await page.goto(`/explore?${link.toString()}`)
      await sendButton(page, lang).click()
      const dialog = page.getByRole('dialog', { name: w.confirmChange })
      await expect(dialog).toContainText(planted.title)
      await expect(dialog).toContainText(planted.body)
      await dialog.getByRole('button', { name: w.cancel }).click()
      await expect(dialog).toHaveCount(0)
      const writes = (await emulator.log())
        .slice(before)
        .filter((entry) => entry.method === 'POST' && entry.path.includes('/docs'))
      expect(writes).toEqual([])
    })

    test('offline, a confirmed write fails at once, says so, and is never sent later', async ({
      page,
      emulator,
    }) => {
      await connectInAnyLanguage(page, { login: 'alice', scopes: ['doc'] })
      await page.goto(`/explore?op=doc.createById&p.book_id=${BOOK_ID}`)
      await expect(sendButton(page, lang)).toBeVisible()
      await page.context().setOffline(true)
      await sendButton(page, lang).click()
      await page
        .getByRole('dialog', { name: w.confirmChange })
        .getByRole('button', { name: w.send, exact: true })
        .click()
      await expect(page.getByRole('alert')).toContainText(w.offline)
      await expect(sendButton(page, lang)).toHaveText(w.send)

      await page.context().setOffline(false)
      // Back online, another call goes and comes back: the paused write, had there been one,
      // would have gone before it.
      await page.goto('/explore?op=user.me')
      await sendButton(page, lang).click()
      await expect(response(page, lang)).toContainText('HTTP 200')
      const writes = (await emulator.log()).filter(
        (entry) => entry.method === 'POST' && entry.path.endsWith('/docs'),
      )
      expect(writes).toEqual([])
    })

    test('a Disconnect in another tab drops the last response, the values seen and the recent calls', async ({
      page,
      context,
    }) => {
      await connectInAnyLanguage(page, { login: 'alice', scopes: ['doc:read'] })
      await listHandbook(page, lang)
      await expect(page.getByRole('region', { name: w.history })).toBeVisible()
      await expect(page.locator('datalist option')).not.toHaveCount(0)

      const other = await context.newPage()
      await other.goto('/')
      await other
        .locator('header button')
        .filter({ hasText: /^(Disconnect|断开连接)$/ })
        .click()

      await expect(response(page, lang)).toHaveCount(0)
      await expect(page.getByRole('region', { name: w.history })).toHaveCount(0)
      await expect(page.locator('datalist option')).toHaveCount(0)
    })
  })
}
