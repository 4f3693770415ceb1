import type { Page } from '@playwright/test'
import {
  connectAs,
  escapeRegExp,
  expect,
  recordRequests,
  sessionOf,
  test,
  type EmulatorProfile,
} from './support/fixtures'

const lookupInput = (page: Page) => page.getByLabel('Login or numeric id')

async function lookUp(page: Page, key: string): Promise<void> {
  await lookupInput(page).fill(key)
  await page.getByRole('button', { name: 'Look up' }).click()
}

/**
 * The real service answers no lookup without a token (the observed profile, docs/emulator.md):
 * there, the journeys that need an answer connect first (carol, no scope: a lookup needs none).
 */
async function connectWhereLookupsNeedIt(page: Page, profile: EmulatorProfile): Promise<void> {
  if (profile === 'observed') await connectAs(page, { login: 'carol', scopes: [] })
}

const isUserApiCall = (url: string) => new URL(url).pathname.startsWith('/api/v2/users')

test.describe('Looking up a user without connecting', { tag: '@both-profiles' }, () => {
  test('a login finds bob and shows his public card, or says the service wants an account', async ({
    page,
    emulator,
    emulatorProfile,
  }) => {
    await page.goto('/users')
    await lookUp(page, 'bob')
    await expect(page).toHaveURL('/users/bob')

    // Anonymous: the proxy sent no token, and nothing connected along the way.
    const apiCalls = async () =>
      (await emulator.log()).filter((entry) => entry.path === '/api/v2/users/bob')
    if (emulatorProfile === 'seed') {
      const card = page.getByRole('article', { name: 'Bob Martin' })
      await expect(card).toBeVisible()
      await expect(card).toContainText('@bob')
      await expect(card).toContainText('1002')
      expect(await apiCalls()).toHaveLength(1)
      expect((await apiCalls())[0]).toMatchObject({
        status: 200,
        user: null,
        tokenFingerprint: null,
      })
    } else {
      // The real service refuses it: the page says why and offers to connect, coming back here.
      const notice = page.getByRole('alert')
      await expect(notice).toContainText(
        'The service requires a connected account for user lookups.',
      )
      await expect(page.getByRole('article')).toHaveCount(0)
      expect(await apiCalls()).toHaveLength(1)
      expect((await apiCalls())[0]).toMatchObject({
        status: 401,
        user: null,
        tokenFingerprint: null,
      })
      await page.getByRole('main').getByRole('link', { name: 'Connect', exact: true }).click()
      await expect(page).toHaveURL('/?returnTo=%2Fusers%2Fbob')
    }
    expect(await sessionOf(page)).toEqual({ connected: false })
  })

  test('a numeric id finds Alice Chen', async ({ page, emulatorProfile }) => {
    await connectWhereLookupsNeedIt(page, emulatorProfile)
    await page.goto('/users')
    await lookUp(page, '1001')

    await expect(page).toHaveURL('/users/1001')
    await expect(page.getByRole('article', { name: 'Alice Chen' })).toContainText('@alice')
  })

  test('an unknown login says there is no such user', async ({
    page,
    emulator,
    emulatorProfile,
  }) => {
    await connectWhereLookupsNeedIt(page, emulatorProfile)
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
