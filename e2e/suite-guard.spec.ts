/**
 * The suite's own guard, proven able to fail: each test here does what a successful script
 * injection would do, and is expected to fail for it (test.fail), in the fixture's teardown.
 */
import { E2E_EMULATOR_ORIGIN } from './support/ports'
import { expect, test } from './support/fixtures'

test.describe('The suite’s guard', () => {
  test('a dialog fails the test', async ({ page }) => {
    test.fail()
    await page.goto('/users')
    await page.evaluate(() => setTimeout(() => alert('injected'), 0))
    await expect(page.getByRole('heading', { level: 1, name: 'Look up a user' })).toBeVisible()
    await page.reload()
  })

  test('a Content-Security-Policy violation on the app fails the test', async ({ page }) => {
    test.fail()
    await page.goto('/users')
    // An inline event handler, as an injected <img onerror> would bring: the CSP refuses it.
    await page.evaluate(() => {
      const img = document.createElement('img')
      img.setAttribute('onerror', 'void 0')
      img.src = '/no-such-image.png'
      document.body.append(img)
    })
    await expect(page.getByRole('heading', { level: 1, name: 'Look up a user' })).toBeVisible()
    await page.reload()
  })

  test('a Content-Security-Policy violation on an emulator page fails the test', async ({
    page,
  }) => {
    test.fail()
    await page.goto(`${E2E_EMULATOR_ORIGIN}/settings/tokens`)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'void 0'
      document.body.append(script)
    })
    await page.reload()
  })
})
