import { expect, test } from './support/fixtures'
import { connectInAnyLanguage } from './support/any-language'
import { BOOK_ID, param, response, sendButton, words } from './explorer-support'

/**
 * A form that tells you (src/web/explorer/param-field.tsx, body-editor.tsx): required fields
 * marked, enums as selects, defaults as placeholders, the document's descriptions in the page's
 * language, and a document's Markdown body edited as text, not as an escaped JSON string.
 */

const DESCRIPTIONS = {
  en: { q: 'Search words', bookId: 'The repository’s numeric id' },
  zh: { q: '搜索关键词', bookId: '知识库 ID' },
} as const

for (const lang of ['en', 'zh'] as const) {
  const w = words(lang)
  test.describe(`the explorer's form (${lang})`, () => {
    if (lang === 'zh') test.use({ locale: 'zh-CN' })

    test('marks required parameters, offers enums as a select and shows defaults as placeholders', async ({
      page,
    }) => {
      await page.goto('/explore?op=search')
      const q = param(page, lang, 'q', 'query')
      await expect(q).toHaveAttribute('aria-required', 'true')
      await expect(page.locator('main form label').filter({ hasText: /^q\b/ })).toContainText(
        w.required,
      )
      await expect(page.locator('main form')).toContainText(DESCRIPTIONS[lang].q)
      const type = page.getByRole('combobox', { name: `type ${w.query}`, exact: true })
      await expect(type.locator('option')).toHaveText(['—', 'doc', 'repo'])
      await expect(type).toHaveAttribute('aria-required', 'true')
      // Sent empty, the required ones are named before anything leaves the page.
      await sendButton(page, lang).click()
      await expect(q).toHaveAttribute('aria-invalid', 'true')
      await expect(response(page, lang)).toHaveCount(0)

      await page.goto('/explore?op=repo.listByUser&p.login=alice')
      await expect(param(page, lang, 'offset', 'query')).toHaveAttribute(
        'placeholder',
        lang === 'en' ? 'default: 0' : '默认：0',
      )
      // An empty default says nothing: no "default:" with nothing after it.
      await expect(param(page, lang, 'filterByAbility', 'query')).not.toHaveAttribute(
        'placeholder',
        /./,
      )
      const kind = page.getByRole('combobox', { name: `type ${w.query}`, exact: true })
      await kind.selectOption('Book')
      await expect(page).toHaveURL(/q\.type=Book/)

      await page.goto('/explore?op=doc.listById')
      await expect(page.locator('main form')).toContainText(DESCRIPTIONS[lang].bookId)
    })

    test('a document’s Markdown body is typed as text and sent as the JSON the proxy gets', async ({
      page,
    }) => {
      await connectInAnyLanguage(page, { login: 'alice', scopes: ['doc'] })
      await page.goto(`/explore?op=doc.createById&p.book_id=${BOOK_ID}`)
      const title = page.getByRole('textbox', { name: /^title\b/ })
      const body = page.getByRole('textbox', { name: /^body\b/ })
      await title.fill('')
      await title.pressSequentially('Markdown note')
      await page
        .getByRole('textbox', { name: /^slug\b/ })
        .pressSequentially(`markdown-note-${lang}`)
      await body.fill('')
      await body.click()
      await page.keyboard.type('# Heading')
      await page.keyboard.press('Enter')
      await page.keyboard.press('Enter')
      await page.keyboard.type('A "quoted" line.')
      await expect(body).toHaveValue('# Heading\n\nA "quoted" line.')

      await page.getByRole('button', { name: w.editJson }).click()
      const json = page.getByRole('textbox', { name: w.jsonBody })
      expect(JSON.parse(await json.inputValue())).toMatchObject({
        title: 'Markdown note',
        slug: `markdown-note-${lang}`,
        format: 'markdown',
        body: '# Heading\n\nA "quoted" line.',
      })
      await page.getByRole('button', { name: w.editJson }).click()
      await expect(body).toHaveValue('# Heading\n\nA "quoted" line.')

      await sendButton(page, lang).click()
      const dialog = page.getByRole('dialog', { name: w.confirmChange })
      await expect(dialog).toContainText('# Heading')
      await dialog.getByRole('button', { name: w.send, exact: true }).click()
      await expect(response(page, lang)).toContainText('HTTP 200')
      await expect(response(page, lang)).toContainText(`markdown-note-${lang}`)
    })

    test('an update’s example body holds the fields one updates, title and body', async ({
      page,
    }) => {
      await page.goto(`/explore?op=doc.updateById&p.book_id=${BOOK_ID}&p.id=versioning`)
      await page.getByRole('button', { name: w.editJson }).click()
      const json = page.getByRole('textbox', { name: w.jsonBody })
      expect(Object.keys(JSON.parse(await json.inputValue()))).toEqual(['title', 'body'])
    })
  })
}
