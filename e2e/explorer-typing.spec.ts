import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'

/**
 * The explorer's fields own their text while the operation is open: the address follows, never
 * the other way round (src/web/explorer/use-explorer-inputs.ts). Typed with real key events into
 * the middle of a prefilled value, and composed through an input method, as people type.
 */

/** A repository-create body: a JSON body with no Markdown form, so the raw textarea is typed. */
const BODY = JSON.stringify({ name: 'Guide', slug: 'guide' }, null, 2)
const INSERT = ' for the explorer, typed fast'

async function typeIntoTheMiddle(page: Page, body: Locator) {
  await expect(body).toHaveValue(BODY)
  const at = BODY.indexOf('Guide') + 'Guide'.length
  await body.click()
  await body.evaluate((element: HTMLTextAreaElement, caret) => {
    element.setSelectionRange(caret, caret)
  }, at)
  await page.keyboard.type(INSERT)
  const expected = `${BODY.slice(0, at)}${INSERT}${BODY.slice(at)}`
  await expect(body).toHaveValue(expected)
  // The address follows the field (replace, no history entry), so a shared link carries it.
  await expect
    .poll(() => new URL(page.url()).searchParams.get('body'), { message: 'the body in the URL' })
    .toBe(expected)
}

/**
 * A pinyin input method through Chrome's DevTools protocol: the composition grows key by key,
 * then the chosen characters are committed. The field must end with exactly them.
 */
async function composeChinese(page: Page, field: Locator) {
  await field.click()
  await page.keyboard.type('vue ')
  const cdp = await page.context().newCDPSession(page)
  for (const text of ['q', 'qi', 'qia', 'qian', 'qiand', 'qiandu', 'qiandua', 'qianduan']) {
    await cdp.send('Input.imeSetComposition', {
      text,
      selectionStart: text.length,
      selectionEnd: text.length,
    })
  }
  await cdp.send('Input.insertText', { text: '前端' })
  await page.keyboard.type(' x')
  await expect(field).toHaveValue('vue 前端 x')
  await expect
    .poll(() => new URL(page.url()).searchParams.get('q.q'), { message: 'q in the URL' })
    .toBe('vue 前端 x')
  await cdp.detach()
}

const bodyLink = `/explore?op=repo.createByUser&p.login=alice&body=${encodeURIComponent(BODY)}`

test.describe('typing in the explorer', () => {
  test('typing into the middle of a prefilled body keeps every character where it was typed', async ({
    page,
  }) => {
    await page.goto(bodyLink)
    await typeIntoTheMiddle(page, page.getByRole('textbox', { name: 'JSON body' }))
  })

  test('a pinyin input method composes 前端 into a field, and the address carries it after', async ({
    page,
  }) => {
    await page.goto('/explore?op=search')
    await composeChinese(page, page.getByRole('textbox', { name: /^q\b/ }))
  })
})

test.describe('typing in the explorer, in Chinese', () => {
  test.use({ locale: 'zh-CN' })

  test('typing into the middle of a prefilled body keeps every character where it was typed', async ({
    page,
  }) => {
    await page.goto(bodyLink)
    await typeIntoTheMiddle(page, page.getByRole('textbox', { name: 'JSON 请求体' }))
  })

  test('a pinyin input method composes 前端 into a field, and the address carries it after', async ({
    page,
  }) => {
    await page.goto('/explore?op=search')
    await composeChinese(page, page.getByRole('textbox', { name: /^q\b/ }))
  })
})
