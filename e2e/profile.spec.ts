/**
 * The profile and hello pages: in Chinese with Chinese content marked as such, and cached data
 * marked "may be out of date" while the service does not answer.
 */
import type { Page } from '@playwright/test'
import { E2E_APP_ORIGIN } from './support/ports'
import { connectAs, expect, test } from './support/fixtures'

const reposPanel = (page: Page) => page.getByRole('region', { name: 'Your repositories' })
const teamsPanel = (page: Page) => page.getByRole('region', { name: 'Your teams' })

/**
 * Chinese through the remembered choice (the cookie the switcher sets), after connecting in the
 * default language, so that the journey through the emulator's pages is the usual one.
 */
async function switchToChinese(page: Page): Promise<void> {
  await page
    .context()
    .addCookies([{ name: 'playground_lang', value: 'zh-CN', url: E2E_APP_ORIGIN }])
  await page.reload()
}

test.describe('The profile in Chinese', () => {
  test('reads in Chinese, with Yuque terms, and Chinese user content carries lang=zh-CN', async ({
    page,
  }, testInfo) => {
    await connectAs(page, { login: 'wangxiaoming', scopes: ['repo:read', 'group:read'] })
    await switchToChinese(page)

    await expect(page.getByRole('heading', { level: 1, name: '我的资料' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    const card = page.getByRole('article', { name: '王小明' })
    await expect(card.locator('h2 [lang="zh-CN"]')).toHaveText('王小明')
    // Dates in the page's language, not the browser's (en-US here).
    // A space between a number and a Chinese unit (docs/decisions/0009-i18n.md).
    await expect(card.locator('time').first()).toHaveText(/^2018 年 \d+ 月 \d+ 日/)
    const repos = page.getByRole('region', { name: '我的知识库' })
    await expect(repos.getByRole('listitem')).toHaveCount(2)
    await expect(repos.locator('[lang="zh-CN"]', { hasText: '前端笔记' })).toBeVisible()
    await expect(repos).toContainText('令牌已具备')
    await expect(repos).toContainText(/\d+ 篇文档/)
    await expect(page.getByRole('region', { name: '我的团队' })).toBeVisible()

    // For review: 王小明 in Simplified Chinese glyph forms (the CJK family of base.css).
    await card.screenshot({ path: testInfo.outputPath('profile-zh-CN.png') })
  })

  test('the hello greeting is marked with its language', async ({ page }) => {
    await connectAs(page, { login: 'wangxiaoming', scopes: [] })
    await switchToChinese(page)
    await page.goto('/hello')
    await expect(page.getByRole('heading', { level: 1, name: '问候' })).toBeVisible()
    const greeting = page.getByRole('figure')
    await expect(greeting.locator('blockquote [lang="zh-CN"]')).toContainText('王小明')
    await expect(greeting).toContainText('服务返回的问候语原文')
  })
})

test.describe('While the profile loads', () => {
  test('each panel is a status with hidden "Loading" text, not a silent box', async ({
    page,
    emulator,
  }) => {
    await connectAs(page, { login: 'alice', scopes: ['repo:read'] })
    await expect(reposPanel(page).getByRole('listitem')).toHaveCount(3)
    await emulator.queueFault({ method: 'GET', path: '/api/v2/users/alice/repos', delayMs: 3000 })
    await page.reload()
    const loading = reposPanel(page).getByRole('status')
    await expect(loading).toHaveText('Loading repositories…')
    await expect(reposPanel(page).locator('[aria-busy]')).toHaveCount(0)
    await expect(reposPanel(page).getByRole('listitem')).toHaveCount(3, { timeout: 10_000 })
    await expect(loading).toHaveCount(0)
  })
})

test.describe('The profile page’s requests', () => {
  test('the repositories and teams panels ask as soon as the profile answers, without waiting for the session', async ({
    page,
  }) => {
    await connectAs(page, { login: 'alice', scopes: ['repo:read', 'group:read'] })
    await expect(reposPanel(page).getByRole('listitem')).toHaveCount(3)
    // On a load of /me the profile is asked for beside the session (prefetch-account.ts), and
    // either may answer first. The session's answer is held here until both lists have been
    // asked for: a list that waited for it would never be asked, and the test would fail.
    let answerSession: () => void = () => undefined
    const sessionHeld = new Promise<void>((resolve) => (answerSession = resolve))
    await page.route('**/auth/session', async (route) => {
      await sessionHeld
      await route.continue()
    })
    const listsAsked = Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/api/v2/users/alice/repos')),
      page.waitForRequest((request) => request.url().endsWith('/api/v2/users/1001/groups')),
    ])
    await page.reload()
    await listsAsked
    answerSession()
    await expect(page.getByRole('article', { name: 'Alice Chen' })).toBeVisible()
    await expect(reposPanel(page).getByRole('listitem')).toHaveCount(3)
    await expect(teamsPanel(page)).toBeVisible()
  })
})

test.describe('While the service is down', () => {
  test.describe.configure({ timeout: 60_000 })

  test('the profile keeps what it showed, marked "may be out of date", until the service is back', async ({
    page,
    emulator,
  }) => {
    await page.clock.install()
    await connectAs(page, { login: 'alice', scopes: ['repo:read', 'group:read'] })
    await expect(page.getByRole('article', { name: 'Alice Chen' })).toBeVisible()
    await expect(reposPanel(page).getByRole('listitem')).toHaveCount(3)
    await expect(page.getByText('May be out of date')).toHaveCount(0)

    for (const path of ['/api/v2/user', '/api/v2/users/alice/repos', '/api/v2/users/1001/groups']) {
      await emulator.queueFault({ method: 'GET', path, drop: true, times: 1000 })
    }
    // The answers are older than their 30 s: coming back to the page asks again.
    await page.clock.fastForward('00:31')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Scopes' }).click()
    await nav.getByRole('link', { name: 'Profile' }).click()

    await expect(page.getByText('May be out of date')).toHaveCount(3, { timeout: 15_000 })
    await expect(page.getByRole('article', { name: 'Alice Chen' })).toBeVisible()
    await expect(reposPanel(page).getByText('May be out of date')).toBeVisible()
    await expect(teamsPanel(page).getByText('May be out of date')).toBeVisible()
    await expect(reposPanel(page).getByRole('listitem')).toHaveCount(3)

    await emulator.clearFaults()
    await expect(page.getByText('May be out of date')).toHaveCount(0, { timeout: 20_000 })
    await expect(reposPanel(page).getByRole('listitem')).toHaveCount(3)
  })
})
