/**
 * Reading an answer in the explorer, as a first-time user does: a list of repositories opens one
 * level deep with each item named, Expand all and Collapse all, a search that says when nothing
 * matches, the raw text, a path and a value copied, every header, the snippets' tabs by keyboard,
 * and 24 px targets (axe with WCAG 2.2 AA). In English and in Chinese. With RESPONSE_SHOTS set
 * to a folder, the last test also saves screenshots there (light and dark, 1280 and 390 wide).
 */
import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Page } from '@playwright/test'
import { AXE_TAGS, describeViolation } from './support/axe'
import { connectInAnyLanguage } from './support/any-language'
import { connectAs, expect, test } from './support/fixtures'

// The form's part: how a call is made. Kept here at the top, in one place, to follow the form.

/** The operation's own link (a deep link, the form filled from it), then Send. */
async function sendRequest(page: Page, operation: string, inputs: string, sendName: string) {
  await page.goto(`/explore?op=${operation}${inputs}`)
  await page.getByRole('button', { name: sendName, exact: true }).click()
  await expect(page.locator('.explorer-response h3')).toContainText('HTTP 200')
}

/** alice's repositories: `GET /users/{login}/repos`. */
const listRepos = (page: Page, sendName = 'Send') =>
  sendRequest(page, 'repo.listByUser', '&p.login=alice', sendName)

// The response's part.

const responseRegion = (page: Page, name = 'Response') =>
  page.getByRole('region', { name, exact: true })

/** The tree's row of a leaf: a button named by its key and value. */
const leafRow = (page: Page, text: string) =>
  page.locator('.json-root').getByRole('button', { name: text, exact: true })

async function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText())
}

async function allowClipboard(context: BrowserContext) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
}

/** axe on the page with WCAG 2.2 AA added (target-size: SC 2.5.8). */
async function expectNoAxeViolationsWcag22(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags([...AXE_TAGS, 'wcag22aa']).analyze()
  expect(
    results.violations.map((violation) => violation.id),
    `axe violations on ${screen}:\n${results.violations.map(describeViolation).join('\n')}`,
  ).toEqual([])
}

test.describe('the explorer’s response', () => {
  test.beforeEach(async ({ page, context }) => {
    await allowClipboard(context)
    await connectAs(page, { login: 'alice', scopes: ['repo:read'] })
  })

  test('opens a list one level deep with each item named, and expands and collapses it all', async ({
    page,
  }) => {
    await listRepos(page)
    const handbook = page.locator('.json-root summary', { hasText: 'API Handbook' })
    await expect(handbook).toHaveText(/^\[0\] \{…\} API Handbook\s*\d+ keys$/)
    await expect(page.locator('.json-root summary', { hasText: /^\[1\] \{…\} \S/ })).toBeVisible()
    await expect(leafRow(page, '"slug": "api-handbook"')).toBeHidden()

    await page.getByRole('button', { name: 'Expand all' }).click()
    await expect(leafRow(page, '"slug": "api-handbook"')).toBeVisible()
    await page.getByRole('button', { name: 'Collapse all' }).click()
    await expect(leafRow(page, '"slug": "api-handbook"')).toBeHidden()
    await expect(handbook).toBeHidden()

    // A keyboard opens the list, then one item: each summary is a disclosure.
    await page.locator('.json-root summary', { hasText: /^"data": \[…\]/ }).focus()
    await page.keyboard.press('Enter')
    await expect(handbook).toBeVisible()
    await expect(leafRow(page, '"slug": "api-handbook"')).toBeHidden()
    await handbook.focus()
    await page.keyboard.press('Enter')
    await expect(leafRow(page, '"slug": "api-handbook"')).toBeVisible()
  })

  test('says when a search matches nothing, and opens what holds a match', async ({ page }) => {
    await listRepos(page)
    const search = page.getByRole('searchbox', { name: 'Search the response body' })
    await search.fill('no-such-thing')
    await expect(page.getByText('No match for “no-such-thing”.')).toBeVisible()
    await search.fill('api-handbook')
    await expect(page.getByText(/^\d+ match(es)?$/)).toBeVisible()
    await expect(leafRow(page, '"slug": "api-handbook"')).toBeVisible()
    await expect(page.locator('.json-root mark').first()).toHaveText('api-handbook')
  })

  test('copies a path, a value and the whole body, and shows the raw text', async ({ page }) => {
    await listRepos(page)
    await expect(page.getByRole('button', { name: 'Copy path' })).toBeDisabled()
    await page.getByRole('button', { name: 'Expand all' }).click()
    await leafRow(page, '"slug": "api-handbook"').click()
    await expect(page.locator('.json-path')).toHaveText('data[0].slug')
    await page.getByRole('button', { name: 'Copy path' }).click()
    await expect(page.getByText('Copied', { exact: true })).toBeVisible()
    expect(await clipboardText(page)).toBe('data[0].slug')
    await page.getByRole('button', { name: 'Copy value' }).click()
    await expect.poll(() => clipboardText(page)).toBe('api-handbook')

    await page.getByRole('button', { name: 'Copy body' }).click()
    await expect.poll(() => clipboardText(page)).toMatch(/^\{\n {2}"data": \[/)
    const body = JSON.parse(await clipboardText(page)) as { data: { slug: string }[] }
    expect(body.data.map((repo) => repo.slug)).toContain('api-handbook')

    await page.getByRole('button', { name: 'Raw', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Raw', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(page.locator('.json-raw')).toContainText('"slug": "api-handbook"')
    await expect(page.getByRole('button', { name: 'Expand all' })).toHaveCount(0)
  })

  test('says so when the browser refuses the clipboard', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator.clipboard, 'writeText', {
        value: () => Promise.reject(new Error('refused')),
      })
    })
    await listRepos(page)
    await page.getByRole('button', { name: 'Copy body' }).click()
    await expect(page.getByText(/^Copy failed/)).toBeVisible()
  })

  test('lists every header, the rate limit and the content type first', async ({ page }) => {
    await listRepos(page)
    const headers = page.locator('.response-headers')
    await expect(headers.locator('summary')).toHaveText(/^Headers \(\d+\)$/)
    await expect(headers.locator('dl')).toBeHidden()
    await headers.locator('summary').click()
    await expect(headers.locator('dl')).toBeVisible()
    // Each name, and "(key header)" after a key one (read by screen readers, not shown).
    const names = await headers.locator('dt').allTextContents()
    expect(names.slice(0, 5)).toEqual([
      'x-ratelimit-limit (key header)',
      'x-ratelimit-remaining (key header)',
      'x-oauth-scopes (key header)',
      'x-accepted-oauth-scopes (key header)',
      'content-type (key header)',
    ])
    expect(names).toContain('cache-control')
    expect(names).toContain('x-content-type-options')
  })

  test('shows the snippets as tabs the arrow keys move through, each with a copy button', async ({
    page,
  }) => {
    await listRepos(page)
    await page.getByText('Run it outside the playground').click()
    const tabs = page.getByRole('tablist', { name: 'Language of the snippet' })
    const tab = (name: string) => tabs.getByRole('tab', { name, exact: true })
    await expect(tab('curl')).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel')).toContainText('"X-Auth-Token: $YUQUE_TOKEN"')
    await expect(page.getByRole('tabpanel')).toContainText('User-Agent: ')

    await tab('curl').focus()
    await page.keyboard.press('ArrowRight')
    await expect(tab('JavaScript')).toBeFocused()
    await expect(tab('JavaScript')).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel')).toContainText('process.env.YUQUE_TOKEN')
    await page.keyboard.press('End')
    await expect(tab('Go')).toBeFocused()
    await expect(page.getByRole('tabpanel')).toContainText('os.Getenv("YUQUE_TOKEN")')
    await page.keyboard.press('ArrowRight')
    await expect(tab('curl')).toBeFocused()
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expect(tab('Python')).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel')).toContainText('os.environ["YUQUE_TOKEN"]')
    await page.getByRole('tabpanel').getByRole('button', { name: 'Copy Python' }).click()
    await expect.poll(() => clipboardText(page)).toContain('import requests')
    expect(await clipboardText(page)).toContain('/users/alice/repos')
    await expect(page.getByRole('tabpanel')).toContainText(
      '# Set YUQUE_TOKEN to an access token first.',
    )
  })

  test('passes axe with WCAG 2.2 AA: every row and toggle is a 24 px target', async ({ page }) => {
    await listRepos(page)
    await page.getByRole('button', { name: 'Expand all' }).click()
    await leafRow(page, '"slug": "api-handbook"').click()
    await page.getByText('Run it outside the playground').click()
    await expect(page.getByRole('tablist')).toBeVisible()
    await expectNoAxeViolationsWcag22(page, 'explorer with a response, expanded')
    const rows = page.locator('.json-root .json-row')
    expect(await rows.count()).toBeGreaterThan(10)
    for (const box of await rows.evaluateAll((all) =>
      all.map((row) => row.getBoundingClientRect().height),
    )) {
      expect(box).toBeGreaterThanOrEqual(24)
    }
  })
})

test.describe('the explorer’s response in Chinese', () => {
  test.use({ locale: 'zh-CN', colorScheme: 'dark' })

  test('reads in Chinese: the tree’s tools, no match, and the snippets’ comments', async ({
    page,
    context,
  }) => {
    await allowClipboard(context)
    await connectInAnyLanguage(page, { login: 'alice', scopes: ['repo:read'] })
    await listRepos(page, '发送')
    await expect(responseRegion(page, '响应')).toBeVisible()
    await expect(page.locator('.json-root summary', { hasText: 'API Handbook' })).toHaveText(
      /^\[0\] \{…\} API Handbook\s*\d+ 个键$/,
    )
    await page.getByRole('button', { name: '全部展开' }).click()
    await expect(leafRow(page, '"slug": "api-handbook"')).toBeVisible()
    await page.getByRole('searchbox', { name: '搜索响应体' }).fill('不存在')
    await expect(page.getByText('没有匹配“不存在”的内容。')).toBeVisible()
    await expect(page.locator('.response-headers summary')).toHaveText(/^响应头（\d+）$/)

    await page.getByText('在演练场之外运行').click()
    const panel = page.getByRole('tabpanel')
    await expect(panel).toContainText('# 先把 YUQUE_TOKEN 设为一个访问令牌。')
    await expect(panel).not.toContainText('Set YUQUE_TOKEN')
    await panel.getByRole('button', { name: '复制 curl' }).click()
    await expect(page.getByText('已复制', { exact: true })).toBeVisible()
    await expectNoAxeViolationsWcag22(page, 'explorer with a response, in Chinese')
  })
})

test.describe('screenshots of the response', () => {
  const folder = process.env.RESPONSE_SHOTS
  test.skip(folder === undefined || folder === '', 'RESPONSE_SHOTS names no folder')

  for (const locale of ['en-US', 'zh-CN'] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`${locale} ${colorScheme}`, async ({ browser }) => {
        const context = await browser.newContext({ locale, colorScheme })
        await allowClipboard(context)
        const page = await context.newPage()
        await connectInAnyLanguage(page, { login: 'alice', scopes: ['repo:read'] })
        const send = locale === 'en-US' ? 'Send' : '发送'
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 900 })
          await listRepos(page, send)
          const region = page.locator('.explorer-response')
          const name = `${folder}/${locale}-${colorScheme}-${width}`
          await region.screenshot({ path: `${name}-collapsed.png` })
          await page.locator('.response-headers > summary').click()
          await page.locator('.json-views + .btn').click()
          await page.locator('.json-root .json-pick').nth(2).click()
          await page.locator('.explorer-snippets > summary').click()
          await page.getByRole('tab').nth(2).click()
          await page.locator('.json-pathbar .btn').first().click()
          await region.screenshot({ path: `${name}-expanded.png` })
        }
        await context.close()
      })
    }
  }
})
