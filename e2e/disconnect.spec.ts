import type { Page } from '@playwright/test'
import { E2E_APP_ORIGIN, E2E_EMULATOR_ORIGIN } from './support/ports'
import { SESSION_COOKIE, connectAs, expect, sessionOf, test } from './support/fixtures'

async function expectNotConnected(page: Page): Promise<void> {
  await expect(page.getByText('not connected · public data only')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Disconnect' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible()
  expect(await sessionOf(page)).toEqual({ connected: false })
}

/** Nothing of alice's account is left anywhere in the document. */
async function expectNoAccountInPage(page: Page): Promise<void> {
  const html = await page.content()
  const storage = await page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
  )
  for (const trace of ['Alice Chen', '@alice', 'avatars/alice', '1001']) {
    expect(html, `the page still holds "${trace}"`).not.toContain(trace)
    expect(storage, `web storage still holds "${trace}"`).not.toContain(trace)
  }
}

test.describe('Disconnecting', { tag: '@both-profiles' }, () => {
  test('disconnect returns to not connected, also after a reload, with no session cookie and no account data left', async ({
    page,
    context,
  }) => {
    await connectAs(page, { login: 'alice', scopes: ['repo:read'] })
    await expect(page.getByRole('article', { name: 'Alice Chen' })).toBeVisible()
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Hello' })
      .click()
    await expect(page.getByText('Hello Alice Chen', { exact: true })).toBeVisible()
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain(SESSION_COOKIE)

    await page.getByRole('button', { name: 'Disconnect' }).click()

    await expect(page).toHaveURL('/')
    await expectNotConnected(page)
    await expectNoAccountInPage(page)
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE)

    await page.reload()
    await expectNotConnected(page)
    await expectNoAccountInPage(page)

    // The profile now asks to connect first instead of showing anything.
    await page.goto('/me')
    await expect(page.getByRole('heading', { name: 'Connect first' })).toBeVisible()
    await expectNoAccountInPage(page)
    // No cookie of the app at all (the emulator's own sign-in cookie lives on 127.0.0.1).
    expect(await context.cookies(E2E_APP_ORIGIN)).toEqual([])
  })

  test('disconnect empties the app’s web storage (Clear-Site-Data) and leaves the service’s sign-in alone', async ({
    page,
    context,
  }) => {
    await connectAs(page, { login: 'alice', scopes: ['doc:read'] })
    await expect(page.getByRole('article', { name: 'Alice Chen' })).toBeVisible()
    // Whatever a page of this origin left in storage, for example by a feature added later.
    await page.evaluate(() => {
      localStorage.setItem('left-behind', 'alice')
      sessionStorage.setItem('left-behind', 'alice')
    })
    const serviceCookies = await context.cookies(E2E_EMULATOR_ORIGIN)
    expect(serviceCookies.length).toBeGreaterThan(0)

    await page.getByRole('button', { name: 'Disconnect' }).click()
    await expectNotConnected(page)
    expect(
      await page.evaluate(() => [localStorage.length, sessionStorage.length]),
      'local and session storage entries left',
    ).toEqual([0, 0])
    // "cookies" was left out on purpose: it would clear every localhost port, the service's too.
    expect(await context.cookies(E2E_EMULATOR_ORIGIN)).toEqual(serviceCookies)
  })
})
