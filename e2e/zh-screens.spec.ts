/**
 * Every screen in zh-CN, with no English left on it (docs/decisions/0009-i18n.md): the app's
 * pages before and after connecting, their errors and banners, the inspector, and the
 * emulator's sign-in, consent and personal-token pages. A word of two or more ASCII letters in
 * the visible text, an aria-label, a title, a placeholder or an alt text fails the screen
 * unless e2e/support/zh-allow-list.ts names it (API names, protocol terms, the seed's data);
 * code, kbd, pre, `.mono` and lang="en" elements are skipped (e2e/support/english-on-screen.ts).
 *
 * Each test walks many screens and reports every screen's findings (soft assertions) before it
 * fails, so one run lists all of them. The explorer's screens are a test of their own: its
 * copy is written elsewhere, and its result is read apart from the rest.
 */
import type { Page } from '@playwright/test'
import {
  connectForm,
  connectInAnyLanguage,
  consentButton,
  openInspector,
  openRateLimitedProfile,
  sendInExplorer,
  settled,
  startClientCodeInAnyLanguage,
  tickScopes,
} from './support/any-language'
import { englishWords, expectNoEnglish } from './support/english-on-screen'
import { POLL_INTERVAL_MS } from './support/client-code'
import { expect, test } from './support/fixtures'
import { E2E_EMULATOR_ORIGIN, E2E_SERVICE_DOWN_APP_ORIGIN } from './support/ports'

test.use({ locale: 'zh-CN' })

const alert = (page: Page) => page.getByRole('alert').first()
const userCard = (page: Page) => page.locator('main article').first()

/** Opens `path`, waits until it is drawn (and `ready` shows), and checks it for English. */
async function checkScreen(
  page: Page,
  screen: string,
  path: string,
  ready?: (page: Page) => ReturnType<Page['locator']>,
  typed: readonly string[] = [],
): Promise<void> {
  await test.step(screen, async () => {
    await page.goto(path)
    await settled(page)
    if (ready !== undefined) await expect(ready(page)).toBeVisible()
    await expectNoEnglish(page, screen, typed)
  })
}

/** The inspector open, every entry of it unfolded: its steps, notes and curl commands shown. */
async function openInspectorUnfolded(page: Page) {
  const inspector = await openInspector(page)
  await expect(inspector.locator('li').first()).toBeVisible()
  await inspector.evaluate((panel) => {
    for (const details of panel.querySelectorAll('details')) details.open = true
  })
  return inspector
}

test('the check finds a planted English string, and passes the allowed names', async ({ page }) => {
  expect(englishWords('令牌已具备 repo:read，见 X-OAuth-Scopes。')).toEqual([])
  expect(englishWords('以 Alice Chen（@alice）登录')).toEqual([])
  expect(englishWords('授权 Yuque OAuth Playground')).toEqual([])
  expect(englishWords('语雀 OAuth Playground')).toEqual(['Playground'])
  expect(englishWords('下一次轮询 in 3 秒')).toEqual(['in'])

  // On a page: a word in the text, and one in an attribute, each found; the same inside <code>
  // or a lang="en" element is not.
  await page.goto('/')
  await settled(page)
  await expectNoEnglish(page, 'connect, as served')
  await page.evaluate(() => {
    const main = document.querySelector('main')
    const planted = document.createElement('p')
    planted.textContent = '请稍候 Loading'
    const code = document.createElement('code')
    code.textContent = 'npm install left-pad'
    const english = document.createElement('span')
    english.lang = 'en'
    english.textContent = 'Marked as English'
    const button = document.createElement('button')
    button.setAttribute('aria-label', '关闭 dialog')
    main?.append(planted, code, english, button)
  })
  const { englishOnScreen } = await import('./support/english-on-screen')
  const findings = await englishOnScreen(page)
  expect(findings.map((finding) => finding.words)).toEqual([['Loading'], ['dialog']])
})

test('every screen before connecting is in Chinese', async ({ page, emulator }) => {
  test.setTimeout(180_000)
  await checkScreen(page, 'connect', '/')
  await test.step('connect, the preview with scopes ticked', async () => {
    await tickScopes(page, ['repo', 'repo:read', 'doc', 'attach_upload'])
    await expectNoEnglish(page, 'connect preview')
  })
  await checkScreen(page, 'profile, not connected', '/me')
  await checkScreen(page, 'hello, not connected', '/hello')
  await checkScreen(page, 'users, empty', '/users')
  await checkScreen(page, 'your app, nothing saved', '/app')
  await checkScreen(page, 'flow lab', '/lab')
  await test.step('flow lab, a result unfolded', async () => {
    const card = page.locator('#scenario-code-reused')
    await card.locator('button').first().click()
    await expect(card.locator('.notice-success')).toBeVisible({ timeout: 15_000 })
    await card.evaluate((element) => {
      for (const details of element.querySelectorAll('details')) details.open = true
    })
    await expectNoEnglish(page, 'flow lab, a result')
  })
  await checkScreen(page, 'users, a result (王小明)', '/users/wangxiaoming', userCard)
  await checkScreen(page, 'users, a result (alice)', '/users/alice', userCard)
  await checkScreen(page, 'users, not found', '/users/nobody-here', alert, ['nobody-here'])
  await checkScreen(page, 'users, a display name typed', '/users/Alice%20Chen', alert)
  await checkScreen(page, 'scopes, not connected', '/scopes')
  await checkScreen(page, 'not found', '/no-such-page')
  await checkScreen(page, 'client code, nothing in progress', '/connect/client-code')
  await checkScreen(page, 'callback, nothing to finish', '/callback')
  await checkScreen(page, 'callback, access denied', '/callback?error=access_denied&state=x', alert)
  await checkScreen(page, 'callback, unknown state', '/callback?code=abc&state=never-sent', alert, [
    'never-sent',
  ])
  await checkScreen(page, 'callback, malformed', '/callback?code=a&code=b&state=x', alert)
  await test.step('inspector open with the callback steps', async () => {
    await openInspectorUnfolded(page)
    await expectNoEnglish(page, 'inspector, callback steps')
  })

  await test.step('an error notice: the service fails', async () => {
    await emulator.queueFault({
      method: 'GET',
      path: '/api/v2/users/alice',
      status: 500,
      body: { status: 500, message: 'Internal Server Error' },
      times: 10,
    })
    await page.goto('/users/alice')
    await expect(alert(page)).toBeVisible({ timeout: 15_000 })
    await expectNoEnglish(page, 'users, the service failed')
    await emulator.clearFaults()
  })

  await test.step('connect with the service down', async () => {
    await page.goto(`${E2E_SERVICE_DOWN_APP_ORIGIN}/`)
    await settled(page)
    await connectForm(page).locator('button[type="submit"]').click()
    await expect(alert(page)).toBeVisible()
    await expectNoEnglish(page, 'connect, the service down')
  })

  await test.step('emulator: sign-in page', async () => {
    await page.goto('/')
    await tickScopes(page, ['repo:read'])
    await connectForm(page).locator('button[type="submit"]').click()
    await page.waitForURL((url) => url.origin === E2E_EMULATOR_ORIGIN)
    await expect(page.locator('h1')).toBeVisible()
    await expectNoEnglish(page, 'emulator: sign-in')
  })
})

test('every connected screen, the client-code flow, banners and the inspector are in Chinese', async ({
  page,
  context,
  emulator,
}) => {
  test.setTimeout(240_000)
  await test.step('emulator: consent page', async () => {
    await connectInAnyLanguage(page, {
      login: 'alice',
      scopes: ['repo:read', 'doc', 'group:read'],
      waitFor: 'consent',
    })
    await expectNoEnglish(page, 'emulator: consent')
  })
  await test.step('callback, the exchange failed', async () => {
    await emulator.queueFault({
      method: 'POST',
      path: '/oauth2/token',
      status: 500,
      body: { error: 'server_error' },
      times: 1,
    })
    await consentButton(page, 'approve').click()
    await page.waitForURL((url) => url.pathname === '/callback')
    await expect(alert(page)).toBeVisible()
    await expectNoEnglish(page, 'callback, the exchange failed')
  })

  const authorizeTab = await test.step('client code, waiting', async () => {
    const tab = await startClientCodeInAnyLanguage(page, context, {
      login: 'alice',
      scopes: ['repo:read', 'doc:read'],
    })
    await expect(page.getByRole('status').first()).toBeVisible()
    await expectNoEnglish(page, 'client code, waiting')
    await expectNoEnglish(tab, 'emulator: consent, client code')
    return tab
  })
  await test.step('client code, denied', async () => {
    await consentButton(authorizeTab, 'deny').click()
    await expect(consentButton(authorizeTab, 'deny')).toHaveCount(0)
    await expectNoEnglish(authorizeTab, 'emulator: client-code result, denied')
    await expect(alert(page)).toBeVisible({ timeout: POLL_INTERVAL_MS + 7000 })
    await expectNoEnglish(page, 'client code, denied')
  })
  await test.step('emulator: personal access tokens', async () => {
    await authorizeTab.goto(`${E2E_EMULATOR_ORIGIN}/settings/tokens`)
    await expect(authorizeTab.locator('h1')).toBeVisible()
    await expectNoEnglish(authorizeTab, 'emulator: personal access tokens')
    await authorizeTab.close()
  })

  await test.step('profile, connected', async () => {
    await connectInAnyLanguage(page, { login: 'alice', scopes: ['doc', 'repo:read'] })
    await settled(page)
    await expect(userCard(page)).toBeVisible()
    await expectNoEnglish(page, 'profile, connected (a panel lacks its scope)')
  })
  await checkScreen(page, 'connect, connected', '/')
  await checkScreen(page, 'hello, connected', '/hello', (p) =>
    p.locator('main blockquote, main figure').first(),
  )
  await checkScreen(page, 'users, a result, connected', '/users/bob', userCard)
  await checkScreen(page, 'scopes, connected', '/scopes')
  // doc: no page of its own needs it, the explorer's document operations do.
  await expect(
    page.getByRole('article', { name: 'doc', exact: true }).getByRole('link', { name: 'API 调试' }),
  ).toBeVisible()
  await test.step('inspector open with the login steps', async () => {
    await page.goto('/me')
    await settled(page)
    await openInspectorUnfolded(page)
    await expectNoEnglish(page, 'inspector, login steps')
  })

  await test.step('rate-limited banner', async () => {
    await openRateLimitedProfile(page, emulator)
    await expectNoEnglish(page, 'rate-limited banner')
    await emulator.clearFaults()
  })

  await test.step('session-ended banner', async () => {
    await emulator.queueFault({
      path: '/api/v2/user',
      status: 401,
      body: { status: 401, message: 'Unauthorized' },
      times: 5,
    })
    await page.goto('/me')
    await expect(page.locator('.banner-error')).toBeVisible({ timeout: 15_000 })
    await expect(page.locator('main h2').first()).toBeVisible()
    await expectNoEnglish(page, 'session-ended banner')
    // One way to connect again: the banner's; the page's notice does not repeat it.
    await expect(page.getByRole('link', { name: /重新连接|前往连接页/ })).toHaveCount(1)
  })
})

test('the explorer, with an operation chosen and its response, is in Chinese', async ({ page }) => {
  test.setTimeout(120_000)
  await checkScreen(page, 'explorer, no operation', '/explore')
  await connectInAnyLanguage(page, { login: 'alice', scopes: ['repo:read'] })
  await test.step('explorer, an operation with its response', async () => {
    await sendInExplorer(page, 'user.me')
    await settled(page)
    await expectNoEnglish(page, 'explorer, a response')
  })
  await test.step('explorer, a path parameter refused', async () => {
    await page.goto('/explore?op=repo.listByUser')
    const form = page.locator('main form[aria-label]')
    await expect(form).toBeVisible()
    await form.locator('input').first().pressSequentially('not valid!')
    await form.locator('button[type="submit"]').click()
    await expect(
      form.getByRole('alert').or(form.locator('[aria-invalid="true"]')).first(),
    ).toBeVisible()
    await expectNoEnglish(page, 'explorer, a path parameter refused', ['not valid!'])
  })
})
