import type { Page } from '@playwright/test'
import { expect, test, connectAs, sessionOf } from './support/fixtures'

const rateMeter = (page: Page) =>
  page.getByRole('meter', { name: 'Requests left in the rate limit' })
const grantedChips = (page: Page) =>
  page.getByRole('list', { name: 'Granted scopes' }).getByRole('listitem')

test.describe('Connecting an account', () => {
  test('connecting as alice through sign-in and consent shows her profile, scopes and rate limit', async ({
    page,
    emulator,
  }) => {
    await connectAs(page, { login: 'alice', scopes: ['repo:read', 'doc'], signInWith: 'form' })

    await expect(page).toHaveURL('/me')
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible()
    const card = page.getByRole('article', { name: 'Alice Chen' })
    await expect(card.getByRole('heading', { level: 2, name: 'Alice Chen' })).toBeVisible()
    await expect(card).toContainText('@alice')
    await expect(card).toContainText('1001')
    // The header shows who is connected, with a way out.
    await expect(page.getByRole('banner').getByText('Alice Chen')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Disconnect' })).toBeVisible()

    await expect(grantedChips(page)).toHaveText(['repo:read', 'doc'])
    await expect(rateMeter(page)).toHaveAttribute(
      'aria-valuetext',
      /^\d[\d,.\s]* \/ 5[,.\s]?000 requests left$/,
    )

    expect(await sessionOf(page)).toMatchObject({ connected: true })
    const tokenCalls = await emulator.tokenCalls()
    expect(tokenCalls).toHaveLength(1)
    expect(tokenCalls[0]).toMatchObject({ grantType: 'authorization_code', status: 200 })
  })

  test('the hello page greets the connected user by name', async ({ page }) => {
    await connectAs(page, { login: 'alice', scopes: [] })

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Hello' })
      .click()
    await expect(page).toHaveURL('/hello')
    await expect(page.getByText('Hello Alice Chen', { exact: true })).toBeVisible()
  })

  test('denying on the consent page says so, offers to try again and connects nothing', async ({
    page,
    emulator,
  }) => {
    await connectAs(page, { login: 'bob', scopes: ['doc:read'], deny: true })

    const alert = page.getByRole('alert')
    await expect(alert).toContainText('You declined to connect')
    // The state matched this tab: no "may not come from you" warning.
    await expect(alert).not.toContainText('may not come from you')
    await expect(page).toHaveURL('/callback')
    expect(await emulator.tokenCalls()).toEqual([])
    expect(await sessionOf(page)).toEqual({ connected: false })
    await expect(page.getByText('not connected · public data only')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Disconnect' })).toHaveCount(0)

    await alert.getByRole('link', { name: 'Try again' }).click()
    await expect(page).toHaveURL('/?scope=doc%3Aread')
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeEnabled()
  })

  test('Start again keeps the ticked scopes and the return path', async ({ page }) => {
    await page.goto('/?returnTo=%2Fhello')
    for (const scope of ['repo:read', 'doc']) {
      await page.getByRole('checkbox', { name: scope, exact: true }).check()
    }
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await page.getByRole('button', { name: /^Sign in as .* \(@bob\)$/ }).click()
    await page.getByRole('button', { name: 'Deny', exact: true }).click()
    await page.waitForURL('/callback')
    await expect(page.getByRole('heading', { level: 1, name: 'Connection declined' })).toBeVisible()

    await page.getByRole('alert').getByRole('link', { name: 'Try again' }).click()
    await expect(page).toHaveURL('/?returnTo=%2Fhello&scope=repo%3Aread%2Cdoc')
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(2)
    await expect(page.getByRole('checkbox', { name: 'repo:read', exact: true })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: 'doc', exact: true })).toBeChecked()
    await expect(page.getByText('Afterwards you will return to /hello.')).toBeVisible()
  })

  test('Connect again starts from the granted scopes', async ({ page }) => {
    await connectAs(page, { login: 'alice', scopes: ['repo:read', 'doc'] })
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Connect again' })).toBeVisible()
    await expect(page.getByRole('checkbox', { name: 'repo:read', exact: true })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: 'doc', exact: true })).toBeChecked()
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(2)
    await expect(page.locator('.preview-value')).toHaveText('repo:read,doc')
  })

  test('unticking a scope on the consent page grants the smaller set and shows what was not granted', async ({
    page,
    emulator,
  }) => {
    await connectAs(page, {
      login: 'carol',
      scopes: ['repo:read', 'group:read'],
      grant: ['repo:read'],
    })

    await expect(page).toHaveURL('/me')
    await expect(page.getByRole('article', { name: 'Carol Díaz' })).toBeVisible()
    await expect(grantedChips(page)).toHaveText(['repo:read'])
    const status = page.getByRole('region', { name: 'Token status' })
    await expect(status).toContainText(/requested (repo:read,group:read|group:read,repo:read)/)
    await expect(status).toContainText('not granted group:read')

    expect(await sessionOf(page)).toMatchObject({ connected: true, scope: 'repo:read' })
    expect(await emulator.tokenCalls()).toHaveLength(1)
  })
})

test.describe('Connect while the service is down', () => {
  test('says so before leaving the page, and lets the user go anyway', async ({
    page,
    emulator,
  }) => {
    await connectAs(page, { login: 'alice', scopes: ['repo:read'] })
    // Nobody answers at the service: the header's profile read finds it down (lib/service-down.tsx).
    await emulator.queueFault({ method: 'GET', path: '/api/v2/user', drop: true, times: 1000 })
    await page.goto('/')
    await expect(page.getByRole('region', { name: 'Token status' })).toContainText(
      'may be out of date',
      { timeout: 20_000 },
    )

    await page.getByRole('button', { name: 'Connect again' }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: 'The service is not answering' }),
    ).toBeVisible()
    await expect(page).toHaveURL('/')
    const anyway = page.getByRole('button', { name: 'Connect anyway' })
    await expect(anyway).toBeVisible()

    await emulator.clearFaults()
    await anyway.click()
    await expect(page).toHaveURL(/\/oauth2\/authorize|\/consent|\/login/)
  })
})
