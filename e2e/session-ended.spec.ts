/**
 * A session the service ends (an upstream 401, after which the proxy drops it): the app-wide
 * banner says it once, and the page offers one way back, not two (layout/banner-notices.tsx):
 * here a lookup whose answer ended the session, in English and Chinese.
 */
import { connectInAnyLanguage } from './support/any-language'
import { expect, test } from './support/fixtures'

const TEXT = {
  'en-US': { ended: 'Your session ended', connectAgain: 'Connect again' },
  'zh-CN': { ended: '你的会话已结束', connectAgain: '重新连接' },
} as const

for (const locale of ['en-US', 'zh-CN'] as const) {
  test.describe(`A session ended by the service, in ${locale}`, () => {
    test.use({ locale })
    const text = TEXT[locale]

    test('the banner says so and the page offers one "Connect again"', async ({
      page,
      emulator,
    }) => {
      test.slow()
      await connectInAnyLanguage(page, { login: 'alice', scopes: [] })
      await page.goto('/users')
      await expect(page.getByRole('main').getByRole('textbox')).toBeVisible()
      // The service stops accepting the token: the lookup, and the proxy's probe of GET /user.
      for (const path of ['/api/v2/users/carol', '/api/v2/user']) {
        await emulator.queueFault({
          path,
          status: 401,
          body: { status: 401, message: 'Unauthorized' },
          times: 5,
        })
      }
      await page.getByRole('main').getByRole('textbox').fill('carol')
      await page.getByRole('main').locator('form button[type="submit"]').click()

      await expect(page.locator('section.banners .banner')).toContainText(text.ended)
      await expect(page.getByRole('main').getByRole('alert')).toBeVisible()
      await expect(page.getByRole('link', { name: text.connectAgain, exact: true })).toHaveCount(1)
    })
  })
}
