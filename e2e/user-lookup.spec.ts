import type { Page } from '@playwright/test'
import {
  DEMO_USERS,
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

test.describe('The lookup form', () => {
  test('a display name gets told what a login is', async ({ page }) => {
    await page.goto('/users')
    await lookUp(page, '王小明')
    await expect(lookupInput(page)).toHaveAttribute('aria-invalid', 'true')
    await expect(lookupInput(page)).toHaveAccessibleDescription(
      /^"王小明" is not a valid login: that looks like a display name\. A login is the address slug, the part after yuque\.com\//,
    )
    await expect(page).toHaveURL('/users')
  })

  test("the emulator's demo users are listed, and each one is found", async ({ page }) => {
    await page.goto('/users')
    for (const { login, name } of DEMO_USERS) {
      await page.getByRole('link', { name: login, exact: true }).click()
      await expect(page).toHaveURL(`/users/${login}`)
      await expect(page.getByRole('article', { name })).toContainText(`@${login}`)
    }
  })

  test('a new validation error replaces the old not-found', async ({ page }) => {
    await page.goto('/users')
    await lookUp(page, 'nobody-here')
    await expect(page.getByRole('alert')).toContainText('No user with login "nobody-here"')

    await lookUp(page, 'bad login!')
    await expect(lookupInput(page)).toHaveAccessibleDescription(
      /^"bad login!" is not a valid login/,
    )
    // The 404 was about the previous input: it goes, and nothing else pretends to answer.
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(page).toHaveURL('/users/nobody-here')

    // A valid lookup after it shows its own answer.
    await lookUp(page, 'bob')
    await expect(page.getByRole('article', { name: 'Bob Martin' })).toBeVisible()
  })

  test('a successful lookup is announced and focus stays in the form', async ({ page }) => {
    await page.goto('/users')
    const found = page.getByRole('status').filter({ hasText: 'Found Bob Martin (@bob).' })

    // Enter in the field: the field keeps the focus.
    await lookupInput(page).fill('bob')
    await lookupInput(page).press('Enter')
    await expect(page).toHaveURL('/users/bob')
    await expect(page.getByRole('article', { name: 'Bob Martin' })).toBeVisible()
    await expect(found).toHaveCount(1)
    await expect(lookupInput(page)).toBeFocused()
    await expect(lookupInput(page)).toHaveValue('bob')

    // The button: it keeps the focus, and the new result replaces the announcement.
    await lookupInput(page).fill('1001')
    await page.getByRole('button', { name: 'Look up' }).click()
    await expect(page).toHaveURL('/users/1001')
    await expect(
      page.getByRole('status').filter({ hasText: 'Found Alice Chen (@alice).' }),
    ).toHaveCount(1)
    await expect(found).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Look up' })).toBeFocused()
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  })
})

test.describe('The lookup in Chinese', () => {
  test.use({ locale: 'zh-CN' })

  test('reads in Chinese, and Chinese user content carries lang=zh-CN', async ({ page }) => {
    await page.goto('/users')
    await expect(page.getByRole('heading', { level: 1, name: '查找用户' })).toBeVisible()
    const input = page.getByLabel('登录名或数字 ID')
    await input.fill('王小明')
    await page.getByRole('button', { name: '查找' }).click()
    await expect(input).toHaveAccessibleDescription(
      /登录名是个人主页地址中 yuque\.com\/ 之后的部分/,
    )

    await input.fill('wangxiaoming')
    await page.getByRole('button', { name: '查找' }).click()
    const card = page.getByRole('article', { name: '王小明' })
    await expect(card).toContainText('@wangxiaoming')
    await expect(
      card.getByRole('heading', { name: '王小明' }).locator('[lang="zh-CN"]'),
    ).toHaveText('王小明')
    await expect(
      page.getByRole('status').filter({ hasText: '已找到 王小明（@wangxiaoming）。' }),
    ).toHaveCount(1)
    // Latin content is left in the page's language.
    await input.fill('bob')
    await page.getByRole('button', { name: '查找' }).click()
    await expect(page.getByRole('article', { name: 'Bob Martin' }).locator('[lang]')).toHaveCount(0)
  })
})
