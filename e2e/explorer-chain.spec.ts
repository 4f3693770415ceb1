import { expect, test } from './support/fixtures'
import { connectInAnyLanguage } from './support/any-language'
import { BOOK_ID, BOOK_NAME, formOf, param, response, sendButton, words } from './explorer-support'

/**
 * Chained calls (src/web/explorer/chain.ts, prefill.ts, call-history.ts): the session's login
 * filled in, the ids seen in a response offered to the next call with their names, a value of a
 * response sent to the next call in one press, and the recent calls reopened.
 */
for (const lang of ['en', 'zh'] as const) {
  const w = words(lang)
  test.describe(`chained calls in the explorer (${lang})`, () => {
    if (lang === 'zh') test.use({ locale: 'zh-CN' })

    test('the session’s login is filled in, a listed repository’s id is offered to book_id with its name, and a recent call reopens', async ({
      page,
      emulator,
    }) => {
      await connectInAnyLanguage(page, { login: 'alice', scopes: ['repo:read', 'doc:read'] })
      await page.goto('/explore?op=repo.listByUser')
      const login = param(page, lang, 'login', 'path')
      await expect(login).toHaveValue('alice')
      await expect(page.locator('main form')).toContainText(w.fromSession)
      await expect(page).toHaveURL(/p\.login=alice/)
      await sendButton(page, lang).click()
      await expect(response(page, lang)).toContainText(BOOK_NAME)

      await page.getByRole('searchbox', { name: w.find }).fill('doc.listById')
      await page.getByRole('navigation', { name: w.operations }).getByRole('link').click()
      await formOf(page, 'GET /repos/{book_id}/docs')
      const bookId = param(page, lang, 'book_id', 'path')
      const list = await bookId.getAttribute('list')
      expect(list, 'book_id offers the ids seen').not.toBeNull()
      await expect(page.locator(`[id="${list ?? ''}"] option[value="${BOOK_ID}"]`)).toHaveAttribute(
        'label',
        BOOK_NAME,
      )
      await bookId.click()
      await page.keyboard.type(BOOK_ID)
      await expect(page.locator('main form')).toContainText(BOOK_NAME)
      await sendButton(page, lang).click()
      await expect(response(page, lang)).toContainText('Versioning rules')

      // The recent calls: newest first, each reopens its operation and inputs, sending nothing.
      const history = page.getByRole('region', { name: w.history })
      const calls = history.getByRole('link')
      await expect(calls).toHaveCount(2)
      await expect(calls.first()).toContainText(`GET /repos/${BOOK_ID}/docs`)
      await expect(calls.first()).toContainText('200')
      await expect(calls.last()).toContainText('GET /users/alice/repos')
      const before = (await emulator.log()).length
      await calls.last().click()
      await formOf(page, 'GET /users/{login}/repos')
      await expect(login).toHaveValue('alice')
      await expect(response(page, lang)).toHaveCount(0)
      expect((await emulator.log()).slice(before).filter((e) => e.path.includes('/repos'))).toEqual(
        [],
      )
    })

    test('a value of a response goes to the next call’s parameter in one press', async ({
      page,
    }) => {
      await connectInAnyLanguage(page, { login: 'alice', scopes: ['repo:read', 'doc:read'] })
      await page.goto('/explore?op=repo.listByUser&p.login=alice')
      await sendButton(page, lang).click()
      await expect(response(page, lang)).toContainText(BOOK_NAME)
      // The repository's branch of the tree, opened by searching the body for its name.
      await response(page, lang).getByRole('searchbox').pressSequentially(BOOK_NAME)
      const use = response(page, lang).getByRole('button', { name: w.useAsBookId }).first()
      await use.click()
      const kept = response(page, lang).getByRole('button', { name: w.keptForBookId })
      await expect(kept).toHaveCount(1)
      await expect(kept).toHaveAttribute('aria-pressed', 'true')
      await page.getByRole('searchbox', { name: w.find }).fill('doc.listById')
      await page.getByRole('navigation', { name: w.operations }).getByRole('link').click()
      await expect(param(page, lang, 'book_id', 'path')).toHaveValue(BOOK_ID)
    })
  })
}
