import type { Page } from '@playwright/test'
import { escapeRegExp, expect, recordRequests, sessionOf, test } from './support/fixtures'

const lookupInput = (page: Page) => page.getByLabel('Login or numeric id')

async function lookUp(page: Page, key: string): Promise<void> {
  await lookupInput(page).fill(key)
  await page.getByRole('button', { name: 'Look up' }).click()
}

const isUserApiCall = (url: string) => new URL(url).pathname.startsWith('/api/v2/users')

test.describe('Looking up a user without connecting', () => {
  test('a login finds bob and shows his public card', async ({ page, emulator }) => {
    await page.goto('/users')
    await lookUp(page, 'bob')

    await expect(page).toHaveURL('/users/bob')
    const card = page.getByRole('article', { name: 'Bob Martin' })
    await expect(card).toBeVisible()
    await expect(card).toContainText('@bob')
    await expect(card).toContainText('1002')

    // Anonymous: the proxy sent no token, and nothing connected along the way.
    const apiCalls = (await emulator.log()).filter((entry) => entry.path === '/api/v2/users/bob')
    expect(apiCalls).toHaveLength(1)
    expect(apiCalls[0]).toMatchObject({ status: 200, user: null, tokenFingerprint: null })
    expect(await sessionOf(page)).toEqual({ connected: false })
  })

  test('a numeric id finds Alice Chen', async ({ page }) => {
    await page.goto('/users')
    await lookUp(page, '1001')

    await expect(page).toHaveURL('/users/1001')
    await expect(page.getByRole('article', { name: 'Alice Chen' })).toContainText('@alice')
  })

  test('an unknown login says there is no such user', async ({ page, emulator }) => {
    await page.goto('/users')
    await lookUp(page, 'nobody-here')

    await expect(page.getByRole('alert')).toContainText('No user with login "nobody-here"')
    await expect(page.getByRole('alert')).toContainText('404')
    await expect(page.getByRole('article')).toHaveCount(0)
    const apiCalls = (await emulator.log()).filter((e) => e.path === '/api/v2/users/nobody-here')
    // 404 is not retried.
    expect(apiCalls.map((entry) => entry.status)).toEqual([404])
  })

  test('invalid input is explained next to the field and sends no request', async ({
    page,
    emulator,
  }) => {
    await page.goto('/users')
    await expect(page.getByRole('heading', { level: 1, name: 'Look up a user' })).toBeVisible()
    const requests = recordRequests(page)

    for (const [input, message] of [
      ['bad login!', '"bad login!" is not a valid login'],
      ['007', '"007" is not a valid id'],
      ['   ', 'Enter a login (such as alice) or a numeric id.'],
    ] as const) {
      await lookUp(page, input)
      await expect(lookupInput(page)).toHaveAttribute('aria-invalid', 'true')
      await expect(lookupInput(page)).toHaveAccessibleDescription(
        new RegExp(`^${escapeRegExp(message)}`),
      )
      await expect(page).toHaveURL('/users')
    }

    // Typing again clears the message.
    await lookupInput(page).fill('alice')
    await expect(lookupInput(page)).toHaveAttribute('aria-invalid', 'false')

    expect(requests.map((request) => request.url()).filter(isUserApiCall)).toEqual([])
    expect((await emulator.log()).filter((entry) => entry.path.startsWith('/api/'))).toEqual([])
  })
})
