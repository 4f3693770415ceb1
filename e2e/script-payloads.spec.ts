import type { Page } from '@playwright/test'
import { E2E_APP_ORIGIN } from './support/ports'
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
      `"${PAYLOAD}" is not a valid login: use letters, digits, "-" and "_" only.`,
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
})
