/**
 * The journeys the accessibility and screenshot specs walk, in whatever language the page is in:
 * they find controls by role, form structure and the names that stay untranslated (scope names,
 * logins), never by English copy, so one spec runs in en and zh-CN alike.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { expect, type DemoLogin, type Emulator } from './fixtures'
import { E2E_APP_ORIGIN, E2E_EMULATOR_ORIGIN } from './ports'

const isApp = (url: URL) => url.origin === E2E_APP_ORIGIN
const isEmulator = (url: URL) => url.origin === E2E_EMULATOR_ORIGIN

/**
 * The screen has drawn what it waits for: an h1 in the page, and no skeleton, spinner or busy
 * region left (axe on a half-drawn page checks placeholders, a screenshot shows them).
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible()
  await expect(page.locator('.skeleton, .spinner, [aria-busy="true"]')).toHaveCount(0, {
    timeout: 15_000,
  })
}

/** The connect page's form: the one with the scope checkboxes. */
export function connectForm(page: Page) {
  return page.locator('main form').filter({ has: page.getByRole('checkbox') })
}

/** On the connect page: tick `scopes` (checkboxes are named by the scope itself). */
export async function tickScopes(page: Page, scopes: readonly string[]): Promise<void> {
  await expect(connectForm(page)).toBeVisible()
  for (const scope of scopes) {
    await page.getByRole('checkbox', { name: scope, exact: true }).check()
  }
}

/** The emulator's consent page: the decision buttons carry `name="decision"`. */
export function consentButton(page: Page, decision: 'approve' | 'deny') {
  return page.locator(`button[name="decision"][value="${decision}"]`)
}

/**
 * The emulator's sign-in page: the one-click form of a demo user (its hidden login field). A
 * browser already signed in at the emulator goes straight to the consent page: nothing to do.
 */
export async function signInAtEmulator(page: Page, login: DemoLogin): Promise<void> {
  await page.waitForURL(isEmulator)
  const demoUser = page
    .locator('form[action="/session"]')
    .filter({ has: page.locator(`input[type="hidden"][name="login"][value="${login}"]`) })
    .locator('button[type="submit"]')
  await expect(demoUser.or(consentButton(page, 'approve'))).toBeVisible()
  if (await demoUser.isVisible()) await demoUser.click()
}

/**
 * Connect page → scopes → Connect → the emulator's sign-in → consent → Authorize. `waitFor:
 * 'landing'` waits until the app has left the callback; `'callback'` until it shows it (a failed
 * exchange stays there); `'consent'` returns on the consent page, answer not given.
 */
export async function connectInAnyLanguage(
  page: Page,
  options: {
    login: DemoLogin
    scopes: readonly string[]
    waitFor?: 'landing' | 'callback' | 'consent'
  },
): Promise<void> {
  await page.goto('/')
  await tickScopes(page, options.scopes)
  await connectForm(page).locator('button[type="submit"]').click()
  await signInAtEmulator(page, options.login)
  await expect(consentButton(page, 'approve')).toBeVisible()
  if (options.waitFor === 'consent') return
  await consentButton(page, 'approve').click()
  if (options.waitFor === 'callback') {
    await page.waitForURL((url) => isApp(url) && url.pathname === '/callback')
  } else {
    await page.waitForURL((url) => isApp(url) && url.pathname !== '/callback')
  }
}

/**
 * The connect page's client-code choice (the form's button that is not its submit): returns the
 * authorize tab, signed in as `login` and showing the consent page; this tab is on the waiting
 * screen.
 */
export async function startClientCodeInAnyLanguage(
  page: Page,
  context: BrowserContext,
  options: { login: DemoLogin; scopes: readonly string[] },
): Promise<Page> {
  await page.goto('/')
  await tickScopes(page, options.scopes)
  const newTab = context.waitForEvent('page')
  await connectForm(page).locator('button[type="button"]').click()
  const authorizePage = await newTab
  await expect(page).toHaveURL('/connect/client-code')
  await signInAtEmulator(authorizePage, options.login)
  await expect(consentButton(authorizePage, 'approve')).toBeVisible()
  return authorizePage
}

/** The header's inspector toggle (app-header.tsx), by its id: its label is translated. */
export async function openInspector(page: Page) {
  const toggle = page.locator('#inspector-toggle')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  const inspector = page.getByRole('complementary')
  await expect(inspector).toBeVisible()
  return inspector
}

/** The explorer's operation form (named "Inputs of …"): its submit button sends. */
export async function sendInExplorer(page: Page, op: string): Promise<void> {
  await page.goto(`/explore?op=${encodeURIComponent(op)}`)
  const form = page.locator('main form[aria-label]')
  await expect(form).toBeVisible()
  await form.locator('button[type="submit"]').click()
  await expect(page.locator('.explorer-response h3')).toContainText(/\bHTTP 200\b/)
}

/**
 * The profile while the service answers 429 with Retry-After, until the page shows its notice:
 * the rate-limit banner's screen. The faults stay queued; the caller clears them.
 */
export async function openRateLimitedProfile(page: Page, emulator: Emulator): Promise<void> {
  await emulator.queueFault({
    method: 'GET',
    path: '/api/v2/user',
    status: 429,
    body: { status: 429, message: 'Too Many Requests' },
    headers: { 'Retry-After': '600', 'X-RateLimit-Limit': '5000', 'X-RateLimit-Remaining': '0' },
    times: 100,
  })
  await page.goto('/me')
  await expect(page.getByRole('alert').first()).toBeVisible({ timeout: 15_000 })
}
