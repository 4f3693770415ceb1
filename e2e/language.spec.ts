import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'

/**
 * The language machinery end to end (docs/decisions/0009-i18n.md). Other parts' copy changes as
 * they are translated, so their controls are found by what does not: the connect form's
 * primary submit button, the emulator's form fields and decision values.
 */
const header = (page: Page) => page.getByRole('banner')
const htmlLang = (page: Page) => page.locator('html')

test.describe('中文', () => {
  test.use({ locale: 'zh-CN' })

  test('a zh-CN browser gets the page in Chinese from the first byte: the served HTML, <html lang> and the header', async ({
    page,
  }) => {
    const response = await page.goto('/')
    // The shell the server sent, before any script: no English flash.
    const served = (await response?.text()) ?? ''
    expect(served).toContain('<html lang="zh-CN">')
    expect(served).toContain('跳到正文')
    expect(served).not.toContain('Skip to content')
    await expect(htmlLang(page)).toHaveAttribute('lang', 'zh-CN')
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible()
    await expect(header(page).getByRole('button', { name: 'English' })).toBeVisible()
    await expect(page.getByRole('region', { name: '令牌状态' })).toContainText('未连接')
  })

  test('the main journey in Chinese: connect, sign in and authorize at the emulator, the profile with the name marked Chinese where it is', async ({
    page,
  }) => {
    // The whole journey and a full-page screenshot: over 30 s on a loaded machine.
    test.slow()
    await page.goto('/')
    await page.getByRole('checkbox', { name: 'repo:read', exact: true }).check()
    await page.locator('main button.btn-primary[type=submit]').click()
    await page.waitForURL((url) => url.hostname === '127.0.0.1')
    await page.locator('form:has(input[name=login][value=alice]) button[type=submit]').click()
    await page.locator('button[name=decision][value=approve]').click()
    await page.waitForURL((url) => url.hostname === 'localhost' && url.pathname === '/me')

    await expect(htmlLang(page)).toHaveAttribute('lang', 'zh-CN')
    await expect(header(page).getByText('Alice Chen')).toBeVisible()
    await expect(header(page).getByRole('button', { name: '断开连接' })).toBeVisible()
    await expect(
      page
        .getByRole('region', { name: '令牌状态' })
        .getByRole('list', { name: '已授予的权限范围' }),
    ).toContainText('repo:read')
    await expect(page.getByRole('meter', { name: '频率限制内剩余的请求数' })).toHaveAttribute(
      'aria-valuetext',
      /^剩余 .* 次请求$/,
    )
    await page.screenshot({ path: 'test-results/screenshots/profile-zh-CN.png', fullPage: true })
  })
})

test.describe('the language switcher', () => {
  test('switches to Chinese and back, <html lang> follows, and the choice survives a reload (also in the served HTML)', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(htmlLang(page)).toHaveAttribute('lang', 'en')
    await header(page).getByRole('button', { name: '中文' }).click()
    await expect(htmlLang(page)).toHaveAttribute('lang', 'zh-CN')
    await expect(
      page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '连接' }),
    ).toBeVisible()

    const reloaded = await page.reload()
    expect(await reloaded?.text()).toContain('<html lang="zh-CN">')
    await expect(htmlLang(page)).toHaveAttribute('lang', 'zh-CN')
    await expect(header(page).getByRole('button', { name: 'English' })).toBeVisible()

    await header(page).getByRole('button', { name: 'English' }).click()
    await expect(htmlLang(page)).toHaveAttribute('lang', 'en')
    await page.reload()
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connect' }),
    ).toBeVisible()
    await expect(htmlLang(page)).toHaveAttribute('lang', 'en')
  })

  test('on a 390 px phone the header is at most two compact rows with 44 px tap targets', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    const box = await header(page).boundingBox()
    // Two rows of 44 px targets, their gap, and the 8 px that keeps the buttons off the top edge
    // (e2e/phone.spec.ts).
    expect(box?.height ?? 0).toBeLessThanOrEqual(2 * 44 + 4 + 8)
    for (const target of [
      header(page).getByRole('link', { name: 'Connect', exact: true }),
      header(page).getByRole('button', { name: 'Inspector' }),
      header(page).getByRole('button', { name: '中文' }),
    ]) {
      expect((await target.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44)
    }
    // No sideways scroll of the page itself.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.screenshot({ path: 'test-results/screenshots/header-390-en.png' })
    await header(page).getByRole('button', { name: '中文' }).click()
    await expect(htmlLang(page)).toHaveAttribute('lang', 'zh-CN')
    await page.screenshot({ path: 'test-results/screenshots/header-390-zh-CN.png' })
  })
})
