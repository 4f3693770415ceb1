import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { E2E_APP_ORIGIN, E2E_EMULATOR_ORIGIN } from './support/ports'

/**
 * The emulator's own pages (sign-in, consent, an error page) in both languages and both colour
 * schemes: zero axe violations (WCAG 2.2 AA contrast included), and the authorize journey
 * through the Chinese pages. The pages are opened at the emulator directly, with the
 * playground's registered redirect URI, so the spec tests the emulator and not the app.
 */

const APP = 'Yuque OAuth Playground'
// Any RFC 7636 S256 challenge is accepted at /oauth2/authorize; the token is never redeemed.
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

const authorizeUrl = (scope: string) =>
  `${E2E_EMULATOR_ORIGIN}/oauth2/authorize?${new URLSearchParams({
    client_id: 'playground-web',
    redirect_uri: `${E2E_APP_ORIGIN}/callback`,
    response_type: 'code',
    scope,
    state: 'emulator-pages',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
  }).toString()}`

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
  ).toEqual([])
}

const TEXT = {
  en: {
    signIn: 'Sign in',
    consent: `Authorize ${APP}`,
    error: 'Unknown app',
    demo: 'Sign in as Alice Chen (@alice)',
  },
  'zh-CN': {
    signIn: '登录',
    consent: `授权 ${APP}`,
    error: '未知应用',
    demo: '以 Alice Chen（@alice）登录',
  },
} as const

for (const locale of ['en', 'zh-CN'] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`emulator pages in ${locale}, ${colorScheme}`, () => {
      test.use({ locale, colorScheme })
      const text = TEXT[locale]

      test('sign-in, consent and an error page have no axe violations', async ({ page }) => {
        await page.goto(authorizeUrl('doc,repo:read'))
        await expect(page.locator('html')).toHaveAttribute('lang', locale)
        await expect(page.getByRole('heading', { level: 1, name: text.signIn })).toBeVisible()
        await expectNoAxeViolations(page)

        await page.getByRole('button', { name: text.demo }).click()
        await expect(page.getByRole('heading', { level: 1, name: text.consent })).toBeVisible()
        await expectNoAxeViolations(page)

        await page.goto(`${E2E_EMULATOR_ORIGIN}/oauth2/authorize?client_id=nobody`)
        await expect(page.getByRole('heading', { level: 1, name: text.error })).toBeVisible()
        await expectNoAxeViolations(page)
      })
    })
  }
}

const SIGN_IN_FORM = {
  en: {
    login: 'Login',
    password: 'Password',
    submit: 'Sign in',
    error: 'Incorrect login or password.',
  },
  'zh-CN': { login: '登录名', password: '密码', submit: '登录', error: '登录名或密码错误。' },
} as const

for (const locale of ['en', 'zh-CN'] as const) {
  test.describe(`a refused sign-in in ${locale}`, () => {
    test.use({ locale })
    const form = SIGN_IN_FORM[locale]

    test('comes back with focus on the password, described by the error, not on the body', async ({
      page,
    }) => {
      await page.goto(authorizeUrl('doc'))
      await page.getByLabel(form.login, { exact: true }).fill('alice')
      await page.getByLabel(form.password, { exact: true }).fill('not-the-password')
      await page.getByRole('button', { name: form.submit, exact: true }).click()

      await expect(page.getByRole('alert')).toHaveText(form.error)
      const password = page.getByLabel(form.password, { exact: true })
      // WCAG 3.3.1 and 2.4.3: the field to fix has focus, and says what was wrong.
      await expect(password).toBeFocused()
      await expect(password).toHaveAccessibleDescription(form.error)
      await expect(password).toHaveAttribute('aria-invalid', 'true')
      await expect(page.getByLabel(form.login, { exact: true })).toHaveValue('alice')
    })
  })
}

test.describe('the authorize journey in Chinese', () => {
  test.use({ locale: 'zh-CN' })

  test('signs in and allows through the Chinese pages, back to the app with a code', async ({
    page,
  }) => {
    await page.goto(authorizeUrl('doc'))
    await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible()
    await page.getByLabel('登录名', { exact: true }).fill('alice')
    await page.getByLabel('密码', { exact: true }).fill('password')
    await page.getByRole('button', { name: '登录', exact: true }).click()

    await expect(page.getByRole('heading', { level: 1, name: `授权 ${APP}` })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await expect(page.getByRole('checkbox', { name: /^doc\s+读取和修改文档$/ })).toBeChecked()
    await expect(page.getByRole('button', { name: '拒绝' })).toBeVisible()
    // The app's callback page drops the code from its address at once: read the navigation.
    const callback = page.waitForRequest((request) => {
      const url = new URL(request.url())
      return url.origin === E2E_APP_ORIGIN && url.pathname === '/callback'
    })
    await page.getByRole('button', { name: '允许', exact: true }).click()
    const params = new URL((await callback).url()).searchParams
    expect(params.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    expect(params.get('state')).toBe('emulator-pages')
  })

  test('the language link switches to English, and the choice survives sign-in', async ({
    page,
  }) => {
    await page.goto(authorizeUrl('repo:read'))
    await page.getByRole('link', { name: 'Switch to English' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await page.getByRole('button', { name: 'Sign in as Alice Chen (@alice)' }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Authorize ${APP}` })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('link', { name: '切换到中文' })).toBeVisible()
  })
})
