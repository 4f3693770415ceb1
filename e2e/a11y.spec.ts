/**
 * axe-core on every screen of the playground (WCAG 2.2 A/AA and best practices, e2e/support/axe.ts)
 * in English and Chinese, light and dark, and on a phone: zero violations. Each test walks many
 * screens on one connection and reports every screen's violations (soft assertions) before it
 * fails, so one run lists all of them. The emulator's sign-in, consent and error pages have their
 * own checks (e2e/emulator-pages.spec.ts); this spec adds the emulator pages only reached from
 * here: the client-code result page and the personal-token settings. Last, motion: with reduced
 * motion asked for, nothing of the layout moves (WCAG 2.3.3).
 */
import type { BrowserContext, Page } from '@playwright/test'
import {
  connectInAnyLanguage,
  openInspector,
  openRateLimitedProfile,
  sendInExplorer,
  settled,
  startClientCodeInAnyLanguage,
  consentButton,
} from './support/any-language'
import { expectNoAxeViolations } from './support/axe'
import { POLL_INTERVAL_MS } from './support/client-code'
import { expect, test, type Emulator } from './support/fixtures'
import { E2E_EMULATOR_ORIGIN } from './support/ports'

const LANGUAGES = [
  { locale: 'en-US', lang: 'en' },
  { locale: 'zh-CN', lang: 'zh-CN' },
] as const
const SCHEMES = ['light', 'dark'] as const
const PHONE = { width: 390, height: 844 }
/**
 * One axe run takes 1–2 s on an idle machine and 10–20 s on the shared two-core box with eight
 * suites running (measured from this spec's traces): a dozen screens per test need room.
 */
const SIGNED_OUT_TIMEOUT_MS = 300_000
const CONNECTED_TIMEOUT_MS = 420_000

/** Opens `path`, waits until it is drawn (and, when given, until `ready` shows), runs axe. */
async function checkScreen(
  page: Page,
  screen: string,
  path: string,
  ready?: (page: Page) => ReturnType<Page['locator']>,
): Promise<void> {
  await test.step(screen, async () => {
    await page.goto(path)
    await settled(page)
    if (ready !== undefined) await expect(ready(page)).toBeVisible()
    await expectNoAxeViolations(page, screen, { soft: true })
  })
}

const alert = (page: Page) => page.getByRole('alert').first()
const userCard = (page: Page) => page.locator('main article').first()

/** Every screen a visitor sees before connecting, the callback's refusals included. */
async function checkSignedOutScreens(page: Page, lang: string): Promise<void> {
  await checkScreen(page, 'connect', '/')
  // The run is in the language it says: the app follows the browser's (soft: the other screens
  // are still checked, and listed, when it does not).
  await expect.soft(page.locator('html')).toHaveAttribute('lang', lang)
  await checkScreen(page, 'profile, not connected', '/me')
  await checkScreen(page, 'hello', '/hello')
  await checkScreen(page, 'users, empty', '/users')
  await checkScreen(page, 'users, a result (王小明)', '/users/wangxiaoming', userCard)
  await checkScreen(page, 'users, not found', '/users/nobody-here', alert)
  await checkScreen(page, 'scopes, not connected', '/scopes')
  await checkScreen(page, 'explorer, no operation', '/explore')
  await checkScreen(page, 'not found', '/no-such-page')
  await checkScreen(page, 'flow lab', '/lab')
  await test.step('flow lab, a result unfolded', async () => {
    const card = page.locator('#scenario-code-reused')
    await card.locator('button').first().click()
    await expect(card.locator('.notice-success')).toBeVisible({ timeout: 15_000 })
    await card.evaluate((element) => {
      for (const details of element.querySelectorAll('details')) details.open = true
    })
    await expectNoAxeViolations(page, 'flow lab, a result', { soft: true })
  })
  await checkScreen(page, 'callback, access denied', '/callback?error=access_denied&state=x', alert)
  await checkScreen(page, 'callback, unknown state', '/callback?code=abc&state=never-sent', alert)
  await test.step('inspector open, signed out', async () => {
    await page.goto('/')
    await settled(page)
    await openInspector(page)
    await expectNoAxeViolations(page, 'inspector open, signed out', { soft: true })
  })
}

/**
 * A failed exchange, the client-code flow (its waiting screen and the emulator's result and
 * token pages on the way), then every connected screen, the rate-limit banner and the
 * inspector, on one connection.
 */
async function checkConnectedScreens(
  page: Page,
  context: BrowserContext,
  emulator: Emulator,
): Promise<void> {
  await test.step('callback, the exchange failed', async () => {
    await emulator.queueFault({
      method: 'POST',
      path: '/oauth2/token',
      status: 500,
      body: { error: 'server_error' },
      times: 1,
    })
    await connectInAnyLanguage(page, { login: 'alice', scopes: ['repo:read'], waitFor: 'callback' })
    await expect(alert(page)).toBeVisible()
    await expectNoAxeViolations(page, 'callback, the exchange failed', { soft: true })
  })

  const authorizeTab = await test.step('client-code, waiting for the approval', async () => {
    const tab = await startClientCodeInAnyLanguage(page, context, {
      login: 'alice',
      scopes: ['repo:read', 'doc:read', 'group:read'],
    })
    await expect(page.locator('h1')).toBeVisible()
    await expectNoAxeViolations(page, 'client-code, waiting', { soft: true })
    return tab
  })
  await test.step('emulator: client-code result page', async () => {
    await consentButton(authorizeTab, 'approve').click()
    await expect(consentButton(authorizeTab, 'approve')).toHaveCount(0)
    await expect(authorizeTab.locator('h1')).toBeVisible()
    await expectNoAxeViolations(authorizeTab, 'emulator: client-code result', { soft: true })
  })
  await test.step('emulator: personal access tokens', async () => {
    await authorizeTab.goto(`${E2E_EMULATOR_ORIGIN}/settings/tokens`)
    await expect(authorizeTab.locator('h1')).toBeVisible()
    await expectNoAxeViolations(authorizeTab, 'emulator: personal access tokens', { soft: true })
    await authorizeTab.close()
  })
  await test.step('profile, connected (the landing)', async () => {
    await expect(page).toHaveURL('/me', { timeout: POLL_INTERVAL_MS + 10_000 })
    await settled(page)
    await expect(userCard(page)).toBeVisible()
    await expectNoAxeViolations(page, 'profile, connected', { soft: true })
  })

  await checkScreen(page, 'connect, connected', '/')
  await checkScreen(page, 'hello, connected', '/hello')
  await checkScreen(page, 'users, a result, connected', '/users/bob', userCard)
  await checkScreen(page, 'scopes, connected', '/scopes')
  await test.step('explorer, an operation with its response', async () => {
    await sendInExplorer(page, 'user.me')
    await settled(page)
    await expectNoAxeViolations(page, 'explorer with a response', { soft: true })
  })

  await test.step('rate-limit banner', async () => {
    await openRateLimitedProfile(page, emulator)
    await expectNoAxeViolations(page, 'rate-limit banner', { soft: true })
    await emulator.clearFaults()
  })

  await test.step('inspector open, connected', async () => {
    await page.goto('/me')
    await settled(page)
    await openInspector(page)
    await expectNoAxeViolations(page, 'inspector open', { soft: true })
  })
  await test.step('inspector open on a phone', async () => {
    const viewport = page.viewportSize()
    await page.setViewportSize(PHONE)
    await expect(page.getByRole('complementary')).toBeVisible()
    await expectNoAxeViolations(page, 'inspector open, phone', { soft: true })
    if (viewport !== null) await page.setViewportSize(viewport)
  })
}

/** The two tests, for one language, colour scheme and screen size. */
function describeAxeRun(
  title: string,
  options: { locale: string; lang: string; colorScheme: 'light' | 'dark'; isPhone: boolean },
): void {
  test.describe(title, () => {
    const { locale, colorScheme } = options
    test.use(
      options.isPhone
        ? { locale, colorScheme, viewport: PHONE, hasTouch: true, isMobile: true }
        : { locale, colorScheme },
    )

    test('every screen before connecting has no violation', async ({ page }) => {
      test.setTimeout(SIGNED_OUT_TIMEOUT_MS)
      await checkSignedOutScreens(page, options.lang)
    })

    test('every connected screen, the client-code flow and the inspector have no violation', async ({
      page,
      context,
      emulator,
    }) => {
      test.setTimeout(CONNECTED_TIMEOUT_MS)
      await checkConnectedScreens(page, context, emulator)
    })
  })
}

for (const { locale, lang } of LANGUAGES) {
  for (const colorScheme of SCHEMES) {
    describeAxeRun(`Accessibility (axe) in ${locale}, ${colorScheme}`, {
      locale,
      lang,
      colorScheme,
      isPhone: false,
    })
  }
}
// The phone pass: layout, not colour (the desktop runs check both schemes), in one language.
describeAxeRun('Accessibility (axe) on a 390×844 phone in en-US', {
  locale: 'en-US',
  lang: 'en',
  colorScheme: 'light',
  isPhone: true,
})

test.describe('Reduced motion', () => {
  test('the route progress bar stands still while a page loads', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    // The next page's code is held on its way, so the bar stays while it is measured.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/hello-page-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/')
    await settled(page)
    await page.locator('header nav a[href="/hello"]').click()
    const bar = page.locator('.route-progress')
    await expect(bar).toBeVisible()
    expect(await bar.evaluate((element) => element.getAnimations().length)).toBe(0)
    expect(await bar.evaluate((element) => getComputedStyle(element).animationName)).toBe('none')
    release()
    await expect(page).toHaveURL('/hello')
    await expect(bar).toHaveCount(0)
  })
})
