import type { Page } from '@playwright/test'
import { APP_NAME, connectAs, consentCheckbox, expect, test } from './support/fixtures'

/** alice's "API Handbook" in the emulator's seed; the profile page's own calls (repos, teams) never touch /docs. */
const BOOK_ID = '20011'

/** A textbox, or a combobox once earlier responses gave it values to offer (a <datalist>). */
const field = (page: Page, name: string, where: 'path' | 'query') =>
  page
    .getByRole('textbox', { name: `${name} (${where})`, exact: true })
    .or(page.getByRole('combobox', { name: `${name} (${where})`, exact: true }))
const bodyField = (page: Page) => page.getByRole('textbox', { name: 'JSON body' })
/** A document's body form (body-editor.tsx): its fields are named by the JSON key first. */
const docField = (page: Page, key: 'title' | 'slug' | 'body') =>
  page.getByRole('textbox', { name: new RegExp(`^${key}\\b`) })
const response = (page: Page) => page.getByRole('region', { name: 'Response' })

/**
 * Picks an operation from the list and waits until its own form is on screen. Until the
 * navigation lands, the previous operation's form is still there, and may have a field of the
 * same name (book_id): a fill then goes to it and is lost (a CI run on a loaded machine did).
 */
async function choose(page: Page, search: string, operation: `${'GET' | 'POST'} /${string}`) {
  const [method, path] = operation.split(' ') as [string, string]
  const pathPattern = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  await page.getByRole('searchbox', { name: 'Find an operation' }).fill(search)
  await page
    .getByRole('navigation', { name: 'API operations' })
    .getByRole('link', { name: new RegExp(`^${method}\\s*${pathPattern}\\s`) })
    .click()
  await expect(page.getByRole('region', { name: operation, exact: true })).toBeVisible()
}

/** Send, confirm when the operation changes data, and wait for the status. */
async function send(page: Page, status: number, confirm?: string) {
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  if (confirm !== undefined) {
    const dialog = page.getByRole('dialog', { name: confirm })
    await expect(dialog).toContainText('embedded emulator')
    await dialog.getByRole('button', { name: /^(Send|Delete)$/ }).click()
  }
  await expect(response(page).getByRole('heading', { level: 3 })).toContainText(`HTTP ${status}`)
}

test.describe('API explorer', () => {
  test('connected with doc and repo, lists a repository’s documents, creates one, reads it back, updates it and deletes it', async ({
    page,
  }) => {
    await connectAs(page, { login: 'alice', scopes: ['doc', 'repo'] })
    await page.goto('/explore')
    await expect(page.getByRole('heading', { level: 1, name: 'API explorer' })).toBeVisible()

    await choose(page, 'documents (by repository id)', 'GET /repos/{book_id}/docs')
    await expect(page.getByText('Needs doc:read')).toBeVisible()
    await field(page, 'book_id', 'path').fill(BOOK_ID)
    await send(page, 200)
    await expect(response(page)).toContainText('Getting started')
    await expect(response(page)).toContainText('x-ratelimit-remaining')

    await choose(page, 'create', 'POST /repos/{book_id}/docs')
    await field(page, 'book_id', 'path').fill(BOOK_ID)
    await expect(page.getByRole('combobox', { name: /^format\b/ })).toHaveValue('markdown')
    await docField(page, 'title').fill('Explorer note')
    await docField(page, 'slug').fill('explorer-note')
    await docField(page, 'body').fill('# 你好')
    await send(page, 200, 'Change data on the service?')
    await expect(response(page)).toContainText('explorer-note')

    await page.goto(`/explore?op=doc.showById&p.book_id=${BOOK_ID}&p.id=explorer-note`)
    await send(page, 200)
    await expect(response(page)).toContainText('Explorer note')

    await page.goto(`/explore?op=doc.updateById&p.book_id=${BOOK_ID}&p.id=explorer-note`)
    await docField(page, 'title').fill('Explorer note, edited')
    await send(page, 200, 'Change data on the service?')
    await page.goto(`/explore?op=doc.showById&p.book_id=${BOOK_ID}&p.id=explorer-note`)
    await send(page, 200)
    await expect(response(page)).toContainText('Explorer note, edited')

    await page.goto(`/explore?op=doc.deleteById&p.book_id=${BOOK_ID}&p.id=explorer-note`)
    await send(page, 200, 'Delete on the service?')
    await page.goto(`/explore?op=doc.showById&p.book_id=${BOOK_ID}&p.id=explorer-note`)
    await send(page, 404)
  })

  test('a deep link reproduces the form without sending anything', async ({ page, emulator }) => {
    await connectAs(page, { login: 'alice', scopes: ['doc:read'] })
    const before = (await emulator.log()).length
    await page.goto(`/explore?op=doc.showById&p.book_id=${BOOK_ID}&p.id=versioning&q.page=2`)
    await expect(
      page.getByRole('heading', { level: 2, name: 'GET /repos/{book_id}/docs/{id}' }),
    ).toBeVisible()
    await expect(field(page, 'book_id', 'path')).toHaveValue(BOOK_ID)
    await expect(field(page, 'id', 'path')).toHaveValue('versioning')
    await expect(field(page, 'page', 'query')).toHaveValue('2')
    await expect(response(page)).toHaveCount(0)
    expect(
      (await emulator.log()).slice(before).filter((entry) => entry.path.includes('/docs')),
    ).toEqual([])
    // Typing goes back into the URL, so the link of the page is the request as it stands.
    await field(page, 'page', 'query').fill('3')
    await expect(page).toHaveURL(/q\.page=3/)
  })

  test('a write asks for confirmation, and Cancel sends nothing', async ({ page, emulator }) => {
    await connectAs(page, { login: 'alice', scopes: ['doc'] })
    await page.goto(`/explore?op=doc.deleteById&p.book_id=${BOOK_ID}&p.id=versioning`)
    const before = (await emulator.log()).length
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete on the service?' })
    await expect(dialog).toContainText(`DELETE /repos/${BOOK_ID}/docs/versioning`)
    await expect(dialog).toContainText('embedded emulator')
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(response(page)).toHaveCount(0)
    expect(
      (await emulator.log()).slice(before).filter((entry) => entry.path.includes('/docs')),
    ).toEqual([])
  })

  test('Grant asks for the missing scope and comes back to the same operation with the form filled', async ({
    page,
  }) => {
    await connectAs(page, { login: 'alice', scopes: ['doc:read'] })
    const body = JSON.stringify({ title: 'Kept across the grant', body: 'x' })
    await page.goto(
      `/explore?op=doc.createById&p.book_id=${BOOK_ID}&body=${encodeURIComponent(body)}`,
    )
    await expect(page.getByText('✕ missing')).toBeVisible()
    await page.getByRole('button', { name: 'Grant doc' }).click()

    await expect(
      page.getByRole('heading', { level: 1, name: `Authorize ${APP_NAME}` }),
    ).toBeVisible()
    await expect(consentCheckbox(page, 'doc')).toBeChecked()
    await page.getByRole('button', { name: 'Authorize', exact: true }).click()

    await expect(page).toHaveURL(/\/explore\?op=doc\.createById/)
    await expect(field(page, 'book_id', 'path')).toHaveValue(BOOK_ID)
    await expect(docField(page, 'title')).toHaveValue('Kept across the grant')
    await page.getByRole('button', { name: 'Edit as JSON' }).click()
    await expect(bodyField(page)).toHaveValue(body)
    await expect(page.getByText('✓ covered')).toBeVisible()
  })
})

test.describe('API explorer in Chinese', () => {
  test.use({ locale: 'zh-CN', colorScheme: 'dark' })

  test('lists the operations with the document’s Chinese summaries and Yuque’s terms, and finds one by its Chinese summary', async ({
    page,
  }) => {
    await page.goto('/explore')
    await expect(page.getByRole('heading', { level: 1, name: 'API 调试' })).toBeVisible()
    const catalogue = page.getByRole('navigation', { name: 'API 接口' })
    await expect(catalogue.getByRole('heading', { name: '知识库 repo' })).toBeVisible()
    await expect(
      catalogue.getByRole('link', {
        name: /GET\s*\/repos\/\{book_id\}\/docs\s*获取知识库的文档列表/,
      }),
    ).toBeVisible()
    // English summaries stay searchable on a Chinese page.
    await page.getByRole('searchbox', { name: '查找接口' }).fill('heartbeat')
    await expect(catalogue.getByRole('link')).toHaveCount(1)
    await page.getByRole('searchbox', { name: '查找接口' }).fill('创建文档')
    await catalogue.getByRole('link', { name: /POST\s*\/repos\/\{book_id\}\/docs/ }).click()
    // The document's summary, and what tells it from POST /repos/{group_login}/{book_slug}/docs.
    await expect(page.locator('.explorer-summary')).toHaveText('创建文档按知识库 ID')
    await expect(page.getByText('会修改数据：发送前需要你确认。')).toBeVisible()
    await expect(page.getByRole('combobox', { name: /^format\b/ })).toHaveValue('markdown')
    await page.getByRole('button', { name: '以 JSON 编辑' }).click()
    await expect(page.getByRole('textbox', { name: 'JSON 请求体' })).toHaveValue(
      /"format": "markdown"/,
    )
    await page.screenshot({ path: 'test-results/explorer-zh-dark.png', fullPage: true })
  })
})
