/**
 * The flow inspector beside the page: it makes room instead of covering the page, nothing
 * inside it is wider than the panel, and on a phone its sheet shows the timeline, in English and
 * in Chinese.
 */
import type { Locator, Page } from '@playwright/test'
import { startClientCodeFlow } from './support/client-code'
import { connectAs, expect, test } from './support/fixtures'

/** The header's toggle, named in either language (layout/ names it). */
const toggleOf = (page: Page) => page.getByRole('button', { name: /^(Inspector|.*检查器.*)$/ })

/** Opens the inspector unless it is open: a page load closes the panel, an in-app one does not. */
async function openInspector(page: Page): Promise<void> {
  if ((await toggleOf(page).getAttribute('aria-expanded')) !== 'true') await toggleOf(page).click()
  await expect(toggleOf(page)).toHaveAttribute('aria-expanded', 'true')
}
const inspectorOf = (page: Page, name = 'Flow inspector') =>
  page.getByRole('complementary', { name })

/** How far a box's content reaches past its own width (0 when nothing overflows). */
const overflowOf = (box: Locator) =>
  box.evaluate((element) => element.scrollWidth - element.clientWidth)

test.describe('The flow inspector’s layout', () => {
  test('with the inspector open at 1280 px the page’s content is not covered', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    // Opened before the login: the proxy traces only what the open inspector asks for
    // (lib/trace-request.ts), and the wish outlasts the trip to the authorize page.
    await page.goto('/')
    await openInspector(page)
    await connectAs(page, { login: 'alice', scopes: ['repo:read'] })
    await openInspector(page)
    const panel = await inspectorOf(page).boundingBox()
    expect(panel?.x, 'the panel is on screen').toBeGreaterThan(600)
    for (const part of [page.getByRole('main'), page.getByRole('banner')]) {
      const box = await part.boundingBox()
      expect(box!.x + box!.width, 'the part ends where the panel starts').toBeLessThanOrEqual(
        panel!.x + 1,
      )
      expect(await overflowOf(part), 'nothing in the part is pushed out of it').toBeLessThanOrEqual(
        0,
      )
    }
    // The page scrolls no wider than the window: nothing slid under the panel.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1280,
    )
    await inspectorOf(page).locator('summary').filter({ hasText: '/auth/exchange' }).click()
    await page.screenshot({ path: 'test-results/inspector-1280-en.png' })
    await page.keyboard.press('Escape')
    const main = await page.getByRole('main').boundingBox()
    expect(main!.x + main!.width, 'closed, the page takes the room back').toBeGreaterThan(
      panel!.x + 1,
    )
  })

  test('an expanded client-code entry does not overflow the panel, and its body summary shows error_description', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    // Opened first, so that the proxy traces the polls (lib/trace-request.ts).
    await page.goto('/')
    await openInspector(page)
    await startClientCodeFlow(page, context, ['doc:read'])
    // The first poll answers "pending" (RFC 6749 §5.2 error with its description).
    await expect(page.getByRole('status').filter({ hasText: /^Attempt \d+ of/ })).toBeVisible()
    await openInspector(page)
    const inspector = inspectorOf(page)
    const entries = inspector.getByRole('list', { name: /client code/ })
    await expect(
      entries.locator('summary').filter({ hasText: '/auth/client-code/poll' }),
    ).not.toHaveCount(0)
    for (const summary of await entries.locator(':scope > li > details > summary').all()) {
      await summary.click()
    }
    const poll = inspector.getByRole('group', { name: /Poll 1 of/ })
    await expect(poll).toContainText('error_description')
    await expect(poll).toContainText('authorization code is invalid')

    const body = inspector.locator('.insp-body')
    expect(await overflowOf(body), 'the panel does not scroll sideways').toBeLessThanOrEqual(0)
    // Nor does any box inside it reach past the panel's edge.
    const widest = await inspector.evaluate((panel) => {
      const right = panel.getBoundingClientRect().right
      return (
        Math.max(
          ...[...panel.querySelectorAll('*')].map(
            (element) => element.getBoundingClientRect().right,
          ),
        ) - right
      )
    })
    expect(widest).toBeLessThanOrEqual(0)
    await page.screenshot({ path: 'test-results/inspector-client-code-en.png' })
  })

  test('the timeline is reachable on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/callback?code=forged-code&state=not-from-this-tab')
    await expect(page.getByText('This tab did not start this login')).toBeVisible()
    await toggleOf(page).click()
    const inspector = inspectorOf(page)
    // The diagram starts folded on a phone: the timeline is on screen without scrolling.
    const show = inspector.getByRole('button', { name: 'Show the diagram' })
    await expect(show).toHaveAttribute('aria-expanded', 'false')
    await expect(inspector.getByRole('heading', { name: 'Timeline' })).toBeInViewport()
    await expect(inspector.getByText('Callback: state check failed')).toBeInViewport()
    await page.screenshot({ path: 'test-results/inspector-phone-en.png' })
    await show.click()
    await expect(inspector.getByRole('list', { name: /Sequence of the login/ })).toBeVisible()
    await expect(inspector.getByRole('button', { name: 'Hide the diagram' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
  })
})

test.describe('The flow inspector in Chinese, dark', () => {
  test.use({ locale: 'zh-CN', colorScheme: 'dark' })

  test('speaks Chinese: headings, the diagram and the callback’s check', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/callback?code=forged-code&state=not-from-this-tab')
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await toggleOf(page).click()
    const inspector = inspectorOf(page, '流程检查器')
    await expect(inspector.getByRole('heading', { name: '时间线' })).toBeVisible()
    await expect(inspector.getByRole('list', { name: /登录时序/ })).toBeVisible()
    await expect(inspector.getByText('回调：state 校验未通过')).toBeVisible()
    await page.screenshot({ path: 'test-results/inspector-zh-dark.png' })
  })
})
