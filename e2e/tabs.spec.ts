/**
 * Every tab of the playground in step (src/web/session/tab-sync.ts): two pages of one browser
 * context share the session cookie, and what one does shows in the other without a reload.
 */
import type { BrowserContext, Page } from '@playwright/test'
import {
  APP_NAME,
  connectAs,
  demoUser,
  expect,
  sessionOf,
  test,
  type DemoLogin,
} from './support/fixtures'
import { E2E_APP_ORIGIN, E2E_EMULATOR_ORIGIN } from './support/ports'

const notConnected = (page: Page) => page.getByText('not connected · public data only')
const disconnectButton = (page: Page) => page.getByRole('button', { name: 'Disconnect' })
const grantedChips = (page: Page) =>
  page.getByRole('list', { name: 'Granted scopes' }).getByRole('listitem')

/** The other tab's promise: a reload would lose this mark (a reload is what we do without). */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { pgTabMark: true }))
}
async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => 'pgTabMark' in window), 'the tab was reloaded').toBe(true)
}

/** Connects `page` as alice, opens her profile in a second tab, and disconnects in the first. */
async function disconnectWithAnotherTabOpen(page: Page, context: BrowserContext) {
  await connectAs(page, { login: 'alice', scopes: ['repo:read'] })
  const other = await context.newPage()
  await other.goto('/me')
  await expect(other.getByRole('article', { name: 'Alice Chen' })).toBeVisible()
  await expect(disconnectButton(other)).toBeVisible()
  await markPage(other)

  // Timed from the proxy's answer: the logout's own round trip (its Clear-Site-Data takes
  // Chromium a while) is the first tab's, not the channel's.
  const loggedOut = page.waitForResponse((response) => response.url().endsWith('/auth/logout'))
  await disconnectButton(page).click()
  await loggedOut
  const answeredAt = Date.now()
  await expect(notConnected(other)).toBeVisible({ timeout: 1000 })
  expect(Date.now() - answeredAt, 'ms from the logout to the other tab disconnected').toBeLessThan(
    1000,
  )

  await expect(disconnectButton(other)).toHaveCount(0)
  await expect(other.getByRole('heading', { name: 'Connect first' })).toBeVisible()
  const html = await other.content()
  for (const trace of ['Alice Chen', '@alice', 'avatars/alice']) {
    expect(html, `the other tab still shows "${trace}"`).not.toContain(trace)
  }
  await expectNotReloaded(other)
  return other
}

/** Connect page → Connect: the tab waits on the service's consent page. */
async function startLogin(page: Page, scopes: readonly string[], login?: DemoLogin) {
  await page.goto('/')
  for (const scope of scopes) await page.getByRole('checkbox', { name: scope, exact: true }).check()
  await page.getByRole('button', { name: /^Connect( again)?$/ }).click()
  await page.waitForURL((url) => url.origin === E2E_EMULATOR_ORIGIN)
  if (login !== undefined) {
    const { name } = demoUser(login)
    await page.getByRole('button', { name: `Sign in as ${name} (@${login})` }).click()
  }
  await expect(page.getByRole('heading', { level: 1, name: `Authorize ${APP_NAME}` })).toBeVisible()
}

/** Authorize at the service, then back in the app past the callback. */
async function finishLogin(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Authorize', exact: true }).click()
  await page.waitForURL((url) => url.origin === E2E_APP_ORIGIN && url.pathname !== '/callback')
}

test.describe('Tabs in step', () => {
  // Two tabs walk the login (or two logins) each: longer than one tab's journey.
  test.describe.configure({ timeout: 60_000 })

  test('Disconnect in one tab shows the other tab disconnected without a reload', async ({
    page,
    context,
  }) => {
    const other = await disconnectWithAnotherTabOpen(page, context)
    expect(await sessionOf(other)).toEqual({ connected: false })
  })

  test('without BroadcastChannel, the storage event tells the other tab, and nothing stays in storage', async ({
    page,
    context,
  }) => {
    // Before any page of the context loads: as a browser without BroadcastChannel.
    await context.addInitScript(() => {
      Reflect.deleteProperty(window, 'BroadcastChannel')
    })

    const other = await disconnectWithAnotherTabOpen(page, context)

    expect(await other.evaluate(() => typeof window.BroadcastChannel)).toBe('undefined')
    expect(await other.evaluate(() => localStorage.length)).toBe(0)
  })

  test('a login in one tab refreshes the other', async ({ page, context }) => {
    const other = await context.newPage()
    await other.goto('/')
    await expect(notConnected(other)).toBeVisible()
    await markPage(other)

    await connectAs(page, { login: 'alice', scopes: ['repo:read'] })

    // No time bound here: the one-second rule is the Disconnect's; a login needs the other tab
    // to read the new session over the network, which a busy machine may slow.
    await expect(disconnectButton(other)).toBeVisible()
    await expect(other.getByRole('banner').getByText('Alice Chen')).toBeVisible()
    await expect(grantedChips(other)).toHaveText(['repo:read'])
    await expectNotReloaded(other)
  })

  test('an incremental grant in one tab shows the new scope in the other', async ({
    page,
    context,
  }) => {
    await connectAs(page, { login: 'alice', scopes: ['doc', 'group:read'] })
    const other = await context.newPage()
    await other.goto('/me')
    const otherRepos = other.getByRole('region', { name: 'Your repositories' })
    await expect(otherRepos).toContainText('Needs repo:read')
    await expect(grantedChips(other)).toHaveText(['doc', 'group:read'])
    await markPage(other)

    await page
      .getByRole('region', { name: 'Your repositories' })
      .getByRole('button', { name: 'Grant repo:read' })
      .click()
    // Still signed in at the service: straight to its consent page.
    await expect(
      page.getByRole('heading', { level: 1, name: `Authorize ${APP_NAME}` }),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Authorize', exact: true }).click()
    await expect(page).toHaveURL('/me')

    await expect(grantedChips(other)).toHaveText(['doc', 'group:read', 'repo:read'])
    await expect(otherRepos.getByRole('listitem')).toHaveCount(3)
    await expectNotReloaded(other)
  })

  test('two tabs logging in at once both succeed', async ({ page, context, emulator }) => {
    const other = await context.newPage()
    // Both logins pending at once: two transaction cookies, two states (one per tab). The
    // second tab finds the service's sign-in done and goes straight to its consent page.
    await startLogin(page, ['repo:read'], 'alice')
    await startLogin(other, ['doc'])

    await finishLogin(page)
    await expect(disconnectButton(page)).toBeVisible()
    await finishLogin(other)
    await expect(disconnectButton(other)).toBeVisible()

    // Both exchanges succeeded; the cookie holds the last one, and both tabs show it.
    const tokenCalls = await emulator.tokenCalls()
    expect(tokenCalls.map((call) => call.status)).toEqual([200, 200])
    for (const tab of [page, other]) {
      await expect(tab.getByRole('banner').getByText('Alice Chen')).toBeVisible()
      await expect(grantedChips(tab)).toHaveText(['doc'])
      await expect(tab.getByRole('alert')).toHaveCount(0)
    }
    expect(await sessionOf(page)).toMatchObject({ connected: true, scope: 'doc' })
  })
})
