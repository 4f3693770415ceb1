/**
 * Offline, and back (query-client.ts, layout/banners.tsx): every page says the device is offline,
 * a request that cannot leave says so instead of loading for ever, and when the connection is
 * back the data loads by itself, without a reload. The browser context is taken offline as a
 * user's Wi-Fi would go (navigator.onLine and the online/offline events, HTML's online state).
 *
 * A request is made to fail for want of the connection in two ways: asked while offline (a user
 * lookup), or held on its way until the device is offline, then dropped as the network would
 * (the profile's and the greeting's reads, which a page load sends at once).
 */
import type { BrowserContext, Page } from '@playwright/test'
import { connectInAnyLanguage } from './support/any-language'
import { expect, test } from './support/fixtures'

const TEXT = {
  'en-US': {
    offline: 'You are offline.',
    stillWorks: 'The pages keep showing what they already loaded',
    reconnects: 'reconnects by itself',
    failed: 'Could not reach the playground server: you are offline',
    whatToDo: 'once the connection is back, the page asks again by itself',
    backOnline: 'Back online',
    nav: 'Main',
    scopesLink: 'Scopes',
    scopesTitle: 'Scopes',
  },
  'zh-CN': {
    offline: '你已离线。',
    stillWorks: '页面仍显示已经加载的内容',
    reconnects: '演练场会自动重新连接',
    failed: '无法访问演练场服务器：你已离线',
    whatToDo: '连接恢复后，页面会自动重新请求',
    backOnline: '已恢复联网',
    nav: '主导航',
    scopesLink: '权限范围',
    scopesTitle: '权限范围（scope）',
  },
} as const

type Text = (typeof TEXT)[keyof typeof TEXT]

const notices = (page: Page) => page.locator('section.banners')
const offlineBanner = (page: Page, text: Text) =>
  notices(page).locator('.banner').filter({ hasText: text.offline })
const failure = (page: Page) => page.getByRole('main').getByRole('alert')
const busy = (page: Page) =>
  page.getByRole('main').locator('.skeleton, .spinner, [aria-busy="true"]')

/** A mark on this document: gone if the page reloads. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.dataset.sameDocument = 'yes'
  })
}

async function expectSameDocument(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-same-document', 'yes')
}

/** Offline: the banner says so, what still works and that it comes back by itself. */
async function goOffline(page: Page, context: BrowserContext, text: Text): Promise<void> {
  await context.setOffline(true)
  await expect(offlineBanner(page, text)).toBeVisible()
  await expect(offlineBanner(page, text)).toContainText(text.stillWorks)
  await expect(offlineBanner(page, text)).toContainText(text.reconnects)
}

/** The failed request says what happened and what to do, and nothing is left loading. */
async function expectCouldNotReach(page: Page, text: Text): Promise<void> {
  await expect(failure(page)).toContainText(text.failed)
  await expect(failure(page)).toContainText(text.whatToDo)
  await expect(busy(page)).toHaveCount(0)
}

/** Back online: the banner goes, and "back online" is announced. */
async function goOnline(page: Page, context: BrowserContext, text: Text): Promise<void> {
  await context.setOffline(false)
  await expect(offlineBanner(page, text)).toHaveCount(0)
  await expect(notices(page).getByRole('status')).toContainText(text.backOnline)
}

/**
 * Loads `path` with the first request to `apiPath` held until the device is offline, then
 * dropped as a lost connection drops it.
 */
async function loadThenLoseConnection(
  page: Page,
  context: BrowserContext,
  path: string,
  apiPath: string,
  text: Text,
): Promise<void> {
  let goneOffline: () => void = () => undefined
  const offline = new Promise<void>((resolve) => (goneOffline = resolve))
  await page.route(
    `**${apiPath}`,
    async (route) => {
      await offline
      await route.abort('internetdisconnected')
    },
    { times: 1 },
  )
  const asked = page.waitForRequest((request) => request.url().endsWith(apiPath))
  // The session's answer first: the page then waits on the held request only.
  const sessionAnswered = page.waitForResponse((response) =>
    response.url().endsWith('/auth/session'),
  )
  await page.goto(path)
  await Promise.all([asked, sessionAnswered])
  await markDocument(page)
  await goOffline(page, context, text)
  goneOffline()
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test.describe(`Offline in ${locale}`, () => {
    test.use({ locale })
    const text = TEXT[locale]

    test('the profile, hello and users pages say so, fail at once, and load by themselves when the connection is back', async ({
      page,
      context,
    }) => {
      // A connect journey and three pages, each offline and back.
      test.slow()
      await connectInAnyLanguage(page, { login: 'alice', scopes: [] })

      await test.step('profile', async () => {
        await loadThenLoseConnection(page, context, '/me', '/api/v2/user', text)
        await expectCouldNotReach(page, text)
        await goOnline(page, context, text)
        await expect(page.getByRole('article', { name: 'Alice Chen' })).toBeVisible()
        await expect(failure(page)).toHaveCount(0)
        await expectSameDocument(page)
      })

      await test.step('hello', async () => {
        await loadThenLoseConnection(page, context, '/hello', '/api/v2/hello', text)
        await expectCouldNotReach(page, text)
        await goOnline(page, context, text)
        await expect(page.getByRole('main').getByText('Hello Alice Chen')).toBeVisible()
        await expect(failure(page)).toHaveCount(0)
        await expectSameDocument(page)
      })

      await test.step('users: a lookup asked while offline', async () => {
        await page.goto('/users')
        await expect(page.getByRole('main').getByRole('textbox')).toBeVisible()
        await markDocument(page)
        await goOffline(page, context, text)
        await page.getByRole('main').getByRole('textbox').fill('bob')
        await page.getByRole('main').locator('form button[type="submit"]').click()
        await expectCouldNotReach(page, text)
        await goOnline(page, context, text)
        await expect(page.getByRole('article', { name: 'Bob Martin' })).toBeVisible()
        await expect(failure(page)).toHaveCount(0)
        await expectSameDocument(page)
      })
    })

    test('a page whose code could not load offline loads by itself when the connection is back', async ({
      page,
      context,
    }) => {
      await page.goto('/')
      await expect(page.getByRole('navigation', { name: text.nav })).toBeVisible()
      // The scopes page's code is not loaded yet: asked for offline, it cannot come.
      const scopesCode = page.waitForRequest((request) => /scopes-page/.test(request.url()))
      await goOffline(page, context, text)
      await page
        .getByRole('navigation', { name: text.nav })
        .getByRole('link', { name: text.scopesLink })
        .click()
      await scopesCode
      await expect(page.getByRole('main').getByRole('alert')).toBeVisible()
      await context.setOffline(false)
      await expect(page.getByRole('heading', { level: 1, name: text.scopesTitle })).toBeVisible()
      await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0)
    })
  })
}
