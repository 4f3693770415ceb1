import type { Page } from '@playwright/test'
import { z } from 'zod/mini'
import { UserSchema, envelope } from '../src/protocol/schemas'
import { E2E_APP_ORIGIN, E2E_EMULATOR_ORIGIN } from './support/ports'
import { expect, recordRequests, test } from './support/fixtures'

// The fixture fails a test on any dialog or CSP violation: had the payload been parsed as
// markup, its onerror would have called alert(), or the CSP would have blocked it and said so.
const PAYLOAD = '<img src=x onerror=alert(1)>'

async function expectNotParsedAsMarkup(page: Page, requests: { url(): string }[]): Promise<void> {
  expect(await page.locator('img[src="x"]').count(), 'an <img src=x> in the page').toBe(0)
  expect(requests.filter((request) => new URL(request.url()).pathname.endsWith('/x'))).toEqual([])
}

test.describe('Script payloads are shown as text', () => {
  test('a script payload typed in the lookup field is shown as text and runs nothing', async ({
    page,
    emulator,
  }) => {
    const requests = recordRequests(page)
    await page.goto('/users')
    const input = page.getByLabel('Login or numeric id')
    await input.fill(PAYLOAD)
    await page.getByRole('button', { name: 'Look up' }).click()

    await expect(input).toHaveAccessibleDescription(
      `"${PAYLOAD}" is not a valid login: use letters, digits, "-" and "_" only. A login is the part after yuque.com/ in a profile's address.`,
    )
    await expect(page.getByText(`"${PAYLOAD}" is not a valid login`)).toBeVisible()
    await expectNotParsedAsMarkup(page, requests)
    expect((await emulator.log()).filter((entry) => entry.path.startsWith('/api/'))).toEqual([])
  })

  test('a script payload in the lookup address is shown as text and requests nothing', async ({
    page,
    emulator,
  }) => {
    const requests = recordRequests(page)
    await page.goto(`/users/${encodeURIComponent(PAYLOAD)}`)

    const alert = page.getByRole('alert')
    await expect(alert).toContainText('Not a valid login or id')
    await expect(alert).toContainText(`"${PAYLOAD}" is not a valid login`)
    await expect(alert).toContainText('Nothing was requested.')
    await expectNotParsedAsMarkup(page, requests)
    expect((await emulator.log()).filter((entry) => entry.path.startsWith('/api/'))).toEqual([])
  })

  test('a script payload in a callback error_description is shown as text and runs nothing', async ({
    page,
    emulator,
  }) => {
    const requests = recordRequests(page)
    await page.goto(
      `/callback?error=invalid_scope&state=forged&error_description=${encodeURIComponent(PAYLOAD)}`,
    )

    const alert = page.getByRole('alert')
    await expect(alert).toContainText('The service returned an error')
    await expect(alert).toContainText(`invalid_scope: ${PAYLOAD}`)
    // The state was never sent from this tab, and the page says so.
    await expect(alert).toContainText('may not come from you')
    await expect(page).toHaveURL(`${E2E_APP_ORIGIN}/callback`)
    await expectNotParsedAsMarkup(page, requests)
    expect(await emulator.tokenCalls()).toEqual([])
  })

  test('script payloads in a user’s name and description from the service are shown as text and run nothing', async ({
    page,
    emulator,
    playwright,
  }) => {
    // The service's own answer for alice, with payloads in the free-text fields: the emulator
    // sends it over the wire in place of the real record (a fault with a 200 body).
    const service = await playwright.request.newContext({ baseURL: E2E_EMULATOR_ORIGIN })
    const real = await service.get('/api/v2/users/alice', { headers: { 'User-Agent': 'e2e' } })
    // Loose: every field of the real record goes back over the wire, not only those the app reads.
    const { data } = envelope(z.looseObject(UserSchema.shape)).parse(await real.json())
    await service.dispose()
    const description = '"><svg onload=alert(2)><script>alert(3)</script>'
    await emulator.queueFault({
      method: 'GET',
      path: '/api/v2/users/alice',
      status: 200,
      body: { data: { ...data, name: PAYLOAD, description } },
    })

    const requests = recordRequests(page)
    await page.goto('/users/alice')
    const card = page.getByRole('article', { name: PAYLOAD })
    await expect(card.getByRole('heading', { name: PAYLOAD })).toBeVisible()
    await expect(card.getByText(description, { exact: true })).toBeVisible()
    expect(await page.locator('svg[onload], script:not([src])').count()).toBe(0)
    await expectNotParsedAsMarkup(page, requests)
    expect((await emulator.log()).filter((entry) => entry.fault)).toHaveLength(1)
  })
})
