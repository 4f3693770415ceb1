import {
  MAX_ATTEMPTS,
  POLL_INTERVAL_MS,
  answerConsent,
  attemptStatus,
  clientCodePolls,
  expectNoMorePolls,
  gapsBetween,
  shownAttempt,
  startClientCodeFlow,
} from './support/client-code'
import { expect, sessionOf, test } from './support/fixtures'
import { consentButton, startClientCodeInAnyLanguage } from './support/any-language'
import { expectNoEnglish } from './support/english-on-screen'

// One interval, the poll and the page's reaction: more than the default 7 s expect timeout
// only when several polls must happen first.
const NEXT_POLL_TIMEOUT = POLL_INTERVAL_MS + 7000

test.describe('Connecting as an app without a server (client code)', () => {
  test('approving in the second tab connects the first one, which shows the profile', async ({
    page,
    context,
    emulator,
  }) => {
    const authorizePage = await startClientCodeFlow(page, context, ['doc:read'])
    // The signing step, shown in the open: the code masked, the secret nowhere.
    const signed = page.getByRole('region', { name: 'The signed request' })
    await expect(signed).toContainText('client_id=playground-cli&code=')
    await expect(signed.getByRole('table')).toContainText(/[A-Za-z0-9]{4}•{32}[A-Za-z0-9]{4}/)
    await expect(signed).not.toContainText('playground-cli-secret')

    await answerConsent(authorizePage, 'alice', 'Authorize')

    await expect(page).toHaveURL('/me', { timeout: NEXT_POLL_TIMEOUT })
    const card = page.getByRole('article', { name: 'Alice Chen' })
    await expect(card.getByRole('heading', { level: 2, name: 'Alice Chen' })).toBeVisible()
    await expect(page.getByRole('banner').getByText('Alice Chen')).toBeVisible()
    expect(await sessionOf(page)).toMatchObject({ connected: true, scope: 'doc:read' })

    const polls = await clientCodePolls(emulator)
    expect(polls.at(-1)).toMatchObject({ status: 200, clientId: 'playground-cli' })
    expect(polls.slice(0, -1).every((entry) => entry.status === 400)).toBe(true)
    // docs/service.md#client-code-flow: the poll carries no secret.
    expect(polls.some((entry) => entry.hasClientSecret)).toBe(false)
  })

  test('denying in the second tab says so on the waiting screen and offers to start again', async ({
    page,
    context,
    emulator,
  }) => {
    const authorizePage = await startClientCodeFlow(page, context, ['doc:read'])
    await answerConsent(authorizePage, 'bob', 'Deny')

    const alert = page.getByRole('alert')
    await expect(alert).toContainText('You declined to connect', { timeout: NEXT_POLL_TIMEOUT })
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0)
    // The page no longer says it is waiting: its heading and title say how the wait ended.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connection declined')
    await expect(page).toHaveTitle(/^Connection declined · /)
    expect(await sessionOf(page)).toEqual({ connected: false })
    const polls = await clientCodePolls(emulator)
    expect(polls.length).toBeGreaterThan(0)
    expect(polls.every((entry) => entry.status === 400)).toBe(true)

    await alert.getByRole('link', { name: 'Start again' }).click()
    await expect(page).toHaveURL('/?scope=doc%3Aread')
    await expect(page.getByRole('checkbox', { name: 'doc:read', exact: true })).toBeChecked()
    await expect(page.getByRole('button', { name: 'No-server app (client code)' })).toBeEnabled()
  })

  test('Cancel stops the polling and returns to the connect page', async ({
    page,
    context,
    emulator,
  }) => {
    await startClientCodeFlow(page, context, ['repo:read'])
    await expect(attemptStatus(page)).toContainText(/^Attempt [1-9]/, {
      timeout: NEXT_POLL_TIMEOUT,
    })
    const attemptsBeforeCancel = await shownAttempt(page)

    await page.getByRole('button', { name: 'Cancel' }).click()
    const cancelledAt = Date.now()
    await expect(page.getByRole('heading', { level: 1, name: 'Connect an account' })).toBeVisible()
    await expect(page).toHaveURL('/?scope=repo%3Aread')
    await expect(page.getByRole('checkbox', { name: 'repo:read', exact: true })).toBeChecked()

    // A poll already on its way when Cancel was pressed may still land; none after it.
    await expectNoMorePolls(emulator, {
      since: cancelledAt,
      forMs: 2.5 * POLL_INTERVAL_MS,
      atMost: attemptsBeforeCancel + 1,
    })
    expect(await sessionOf(page)).toEqual({ connected: false })
  })

  test('the page polls about once per 3 s, never two at once, and shows each attempt', async ({
    page,
    context,
    emulator,
  }) => {
    await startClientCodeFlow(page, context, [])
    await expect(attemptStatus(page)).toContainText(/^Attempt ([3-9]|\d\d+) of 20/, {
      timeout: 4 * POLL_INTERVAL_MS + 5000,
    })
    const shown = await shownAttempt(page)
    await expect(page.getByRole('progressbar', { name: 'Time waited' })).toBeVisible()

    const polls = await clientCodePolls(emulator)
    expect(polls.length).toBeGreaterThanOrEqual(shown - 1)
    expect(polls.length).toBeLessThanOrEqual(Math.min(shown + 1, MAX_ATTEMPTS))
    for (const gap of gapsBetween(polls)) expect(gap).toBeGreaterThanOrEqual(2500)

    // Nothing is polled at once: the first poll leaves one interval after the page opened the
    // authorize page (a poll before the user could answer would only spend an attempt).
    const log = await emulator.log()
    const authorize = log.find((entry) => entry.path === '/oauth2/authorize')
    const firstPoll = polls[0]
    expect(authorize).toBeDefined()
    expect(firstPoll).toBeDefined()
    if (authorize !== undefined && firstPoll !== undefined) {
      expect(Date.parse(firstPoll.time) - Date.parse(authorize.time)).toBeGreaterThanOrEqual(2500)
    }
  })

  test('a refused code ends the wait with what happened and a way to start again', async ({
    page,
    context,
    emulator,
  }) => {
    await startClientCodeFlow(page, context, [])
    // The token endpoint fails once: the proxy cannot tell pending from refused and gives up.
    await emulator.queueFault({
      method: 'POST',
      path: '/oauth2/token',
      status: 500,
      body: { error: 'server_error' },
    })

    const alert = page.getByRole('alert')
    await expect(alert).toContainText('The service refused the code', {
      timeout: NEXT_POLL_TIMEOUT,
    })
    await expect(alert).toContainText('HTTP 500')
    await expect(alert.getByRole('link', { name: 'Start again' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0)
  })

  test('Keep waiting, once the budget of polls is spent, polls the same code on and still connects', async ({
    page,
    context,
    emulator,
  }) => {
    // A whole budget of 20 polls, 3 s apart, runs out first.
    test.setTimeout(MAX_ATTEMPTS * POLL_INTERVAL_MS + 60_000)
    const authorizePage = await startClientCodeFlow(page, context, ['doc:read'])
    const alert = page.getByRole('alert')
    await expect(alert).toContainText(`No approval after ${MAX_ATTEMPTS} polls`, {
      timeout: (MAX_ATTEMPTS + 3) * POLL_INTERVAL_MS,
    })
    expect(await clientCodePolls(emulator)).toHaveLength(MAX_ATTEMPTS)

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not approved yet')
    await alert.getByRole('button', { name: 'Keep waiting' }).click()
    await expect(attemptStatus(page)).toContainText(`of ${2 * MAX_ATTEMPTS}`)
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused()
    // The count, the lede and the clock say the same wait: 21 of 40, up to 40, the clock past
    // the first minute of two.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Waiting for your approval')
    await expect(page.locator('.lede')).toContainText(`up to ${2 * MAX_ATTEMPTS} times`)
    await expect(page.locator('.polling-clock')).toHaveText(/^[12]:\d\d \/ 2:00$/)
    await answerConsent(authorizePage, 'alice', 'Authorize')

    await expect(page).toHaveURL('/me', { timeout: NEXT_POLL_TIMEOUT })
    expect(await sessionOf(page)).toMatchObject({ connected: true, scope: 'doc:read' })
    const polls = await clientCodePolls(emulator)
    expect(polls.length).toBeGreaterThan(MAX_ATTEMPTS)
    expect(polls.at(-1)).toMatchObject({ status: 200 })
  })
})

test.describe('在没有服务端的应用中连接（client code），中文', () => {
  test.use({ locale: 'zh-CN' })

  test('继续等待之后，次数、说明和计时一致；拒绝之后标题不再说在等待', async ({
    page,
    context,
    emulator,
  }) => {
    // A whole budget of 20 polls, 3 s apart, runs out first.
    test.setTimeout(MAX_ATTEMPTS * POLL_INTERVAL_MS + 60_000)
    const authorizeTab = await startClientCodeInAnyLanguage(page, context, {
      login: 'alice',
      scopes: ['doc:read'],
    })
    const heading = page.getByRole('heading', { level: 1 })
    await expect(heading).toHaveText('等待你的授权')
    await expect(page.locator('.lede')).toContainText(
      `每隔 3 秒向令牌端点询问你是否已授权，最多 ${MAX_ATTEMPTS} 次`,
    )

    const alert = page.getByRole('alert')
    await expect(alert).toContainText(`轮询 ${MAX_ATTEMPTS} 次后仍未授权`, {
      timeout: (MAX_ATTEMPTS + 3) * POLL_INTERVAL_MS,
    })
    expect(await clientCodePolls(emulator)).toHaveLength(MAX_ATTEMPTS)
    await expect(heading).toHaveText('尚未授权')
    await expect(page).toHaveTitle(/^尚未授权 · 语雀 OAuth 演练场$/)
    await expectNoEnglish(page, 'client code, not approved yet')

    await alert.getByRole('button', { name: '继续等待' }).click()
    await expect(heading).toHaveText('等待你的授权')
    await expect(
      page.getByRole('status').filter({ hasText: /^第 \d+ 次，共 \d+ 次/ }),
    ).toContainText(`共 ${2 * MAX_ATTEMPTS} 次`)
    await expect(page.locator('.lede')).toContainText(`最多 ${2 * MAX_ATTEMPTS} 次`)
    await expect(page.locator('.polling-clock')).toHaveText(/^[12]:\d\d \/ 2:00$/)
    await expectNoEnglish(page, 'client code, waiting longer')

    await consentButton(authorizeTab, 'deny').click()
    await expect(alert).toContainText('你拒绝了连接', { timeout: NEXT_POLL_TIMEOUT })
    await expect(heading).toHaveText('已拒绝连接')
    await expect(page).toHaveTitle(/^已拒绝连接 · 语雀 OAuth 演练场$/)
  })
})
