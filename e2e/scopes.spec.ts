import type { Page } from '@playwright/test'
import { APP_NAME, connectAs, consentCheckbox, expect, sessionOf, test } from './support/fixtures'

const grantedChips = (page: Page) =>
  page.getByRole('list', { name: 'Granted scopes' }).getByRole('listitem')
const reposPanel = (page: Page) => page.getByRole('region', { name: 'Your repositories' })
const teamsPanel = (page: Page) => page.getByRole('region', { name: 'Your teams' })
/**
 * The app-wide banner's title, not a panel's notice: the sentence belongs to the banner alone.
 * Exact, so that the hidden status announcing the same event (layout/banners.tsx) is not it.
 */
const appNotices = (page: Page) => page.getByRole('region', { name: 'App notices' })
const sessionEndedBanner = (page: Page) =>
  appNotices(page).getByText('Your session ended', { exact: true })

test.describe('Scopes on the profile', { tag: '@both-profiles' }, () => {
  test('connected without repo:read, the repositories panel asks for it; granting it comes back to the profile with the repositories listed and the new scope shown', async ({
    page,
    emulator,
  }) => {
    await connectAs(page, { login: 'alice', scopes: ['doc', 'group:read'] })
    await expect(page).toHaveURL('/me')

    // The teams panel has its scope and lists alice's two teams.
    await expect(teamsPanel(page).getByRole('listitem')).toHaveCount(2)
    await expect(teamsPanel(page)).toContainText('Payments Docs')
    await expect(teamsPanel(page)).toContainText('the token has it')

    // The repositories panel does not fail: it says what is missing and offers to grant it.
    const repos = reposPanel(page)
    await expect(repos).toContainText('Needs repo:read')
    await expect(repos).toContainText('the token lacks it')
    await expect(repos.getByRole('alert')).toHaveCount(0)
    const grant = repos.getByRole('button', { name: 'Grant repo:read' })
    // The new authorization asks for what the token holds plus the missing scope, canonical.
    await expect(grant).toHaveAccessibleDescription(/asking for doc,group:read,repo:read/)
    // A missing scope (a 403 in the seed, a 401 "scope unauthorized" in the observed profile)
    // leaves the session alone.
    expect(await sessionOf(page)).toMatchObject({ connected: true, scope: 'doc,group:read' })
    await expect(sessionEndedBanner(page)).toHaveCount(0)

    await grant.click()

    // Still signed in at the service: straight to its consent page, every scope pre-ticked.
    await expect(
      page.getByRole('heading', { level: 1, name: `Authorize ${APP_NAME}` }),
    ).toBeVisible()
    for (const scope of ['doc', 'group:read', 'repo:read']) {
      await expect(consentCheckbox(page, scope)).toBeChecked()
    }
    await page.getByRole('button', { name: 'Authorize', exact: true }).click()

    // Back on the same page, with the repositories and the new scope.
    await expect(page).toHaveURL('/me')
    await expect(repos.getByRole('listitem')).toHaveCount(3)
    for (const name of ['API Handbook', 'Release Notes', 'Drafts']) {
      await expect(repos).toContainText(name)
    }
    await expect(repos).toContainText('the token has it')
    await expect(grantedChips(page)).toHaveText(['doc', 'group:read', 'repo:read'])
    expect(await sessionOf(page)).toMatchObject({
      connected: true,
      scope: 'doc,group:read,repo:read',
    })
    expect(await emulator.tokenCalls()).toHaveLength(2)
  })

  test('the two panels ask at once, as soon as GET /user gives their keys', async ({
    page,
    emulator,
  }) => {
    await connectAs(page, { login: 'alice', scopes: ['repo:read', 'group:read'] })
    await expect(reposPanel(page).getByRole('listitem')).toHaveCount(3)

    // Slow answers, so that a waterfall between the panels could not hide.
    for (const path of ['/api/v2/users/alice/repos', '/api/v2/users/1001/groups']) {
      await emulator.queueFault({ path, delayMs: 800 })
    }
    const events: string[] = []
    const apiPath = (url: string) => {
      const { pathname } = new URL(url)
      return pathname.startsWith('/api/v2/') ? pathname.slice('/api/v2'.length) : null
    }
    page.on('request', (request) => {
      const path = apiPath(request.url())
      if (path !== null) events.push(`ask ${path}`)
    })
    page.on('response', (response) => {
      const path = apiPath(response.url())
      if (path !== null) events.push(`answer ${path}`)
    })
    await page.reload()
    await expect(reposPanel(page).getByRole('listitem')).toHaveCount(3)
    await expect(teamsPanel(page).getByRole('listitem')).toHaveCount(2)

    // session → /user → (repos ∥ groups): both panels ask before either is answered.
    expect(events.slice(0, 4)).toEqual([
      'ask /user',
      'answer /user',
      expect.stringMatching(/^ask \/users\/(alice\/repos|1001\/groups)$/),
      expect.stringMatching(/^ask \/users\/(alice\/repos|1001\/groups)$/),
    ])
    expect(new Set(events.slice(2, 4)).size).toBe(2)
  })

  test('a panel with nothing to list says so', async ({ page }) => {
    // bob is in no team of the seed.
    await connectAs(page, { login: 'bob', scopes: ['group:read'] })
    await expect(teamsPanel(page)).toContainText('Not a member of any team yet.')
    await expect(teamsPanel(page).getByRole('listitem')).toHaveCount(0)
  })

  test('a 401 for a dead token ends the session and says so, where a missing scope did not', async ({
    page,
    emulator,
  }) => {
    await connectAs(page, { login: 'alice', scopes: [] })
    await expect(reposPanel(page)).toContainText('Needs repo:read')
    await expect(teamsPanel(page)).toContainText('Needs group:read')
    expect(await sessionOf(page)).toMatchObject({ connected: true })

    // The service stops accepting the token (revoked on its side): GET /user, the page's first
    // call and the proxy's probe for a 401 that names no scope, is refused too.
    for (const path of ['/api/v2/users/alice/repos', '/api/v2/user']) {
      await emulator.queueFault({
        path,
        status: 401,
        body: { status: 401, message: 'Unauthorized' },
        times: 5,
      })
    }
    await page.reload()

    await expect(sessionEndedBanner(page)).toBeVisible()
    // Said once: one banner among the app's notices (beside the hidden status that announces it,
    // layout/banners.tsx), and a panel that saw the 401 before the page switched does not repeat it.
    await expect(sessionEndedBanner(page)).toHaveCount(1)
    await expect(page.getByRole('main').getByText('Your session ended')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Connect first' })).toBeVisible()
    await expect(
      page
        .getByRole('region', { name: 'Token status' })
        .getByText('not connected · public data only'),
    ).toBeVisible()
    expect(await sessionOf(page)).toEqual({ connected: false })
  })
})

test.describe('The scopes page', () => {
  test('lists every scope with what was requested, granted or implied, and the views that use it', async ({
    page,
  }) => {
    await connectAs(page, { login: 'bob', scopes: ['doc', 'repo:read'], grant: ['doc'] })
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Scopes' })
      .click()
    await expect(page).toHaveURL('/scopes')
    await expect(page.getByRole('heading', { level: 1, name: 'Scopes' })).toBeVisible()

    // Every scope of the spec, and the "no scope" row.
    await expect(page.getByRole('article')).toHaveCount(12)

    const fact = (scope: string, name: string) =>
      page
        .getByRole('article', { name: scope, exact: true })
        .locator('dl > div')
        .filter({ has: page.getByRole('term').filter({ hasText: name }) })
        .getByRole('definition')

    await expect(fact('doc', 'Requested')).toHaveText('yes')
    await expect(fact('doc', 'Granted')).toHaveText('yes')
    await expect(fact('doc:read', 'Granted')).toHaveText('through doc')
    // Asked for, then unticked on the consent page.
    await expect(fact('repo:read', 'Requested')).toHaveText('yes')
    await expect(fact('repo:read', 'Granted')).toHaveText('no')

    // The panels' scope, under the scope itself and under the full scope that implies it.
    const repoRead = page.getByRole('article', { name: 'repo:read', exact: true })
    const repo = page.getByRole('article', { name: 'repo', exact: true })
    await expect(repoRead.getByRole('link', { name: 'Profile: your repositories' })).toBeVisible()
    await expect(repo.getByRole('link', { name: 'Profile: your repositories' })).toBeVisible()
    await expect(
      page.getByRole('article', { name: 'group:read', exact: true }).getByRole('link'),
    ).toHaveText(['Profile: your teams', 'API explorer'])
    // No page of its own needs doc, but the explorer's document operations do.
    await expect(
      page.getByRole('article', { name: 'doc', exact: true }).getByRole('link'),
    ).toHaveText(['API explorer'])
    await expect(page.getByRole('article', { name: 'topic', exact: true })).toContainText(
      'no view of the playground',
    )
    await expect(page.getByRole('article', { name: 'No scope' }).getByRole('link')).toHaveText([
      'Profile: your account',
      'Hello',
      'Users: look up a user',
    ])

    await repoRead.getByRole('link', { name: 'Profile: your repositories' }).click()
    await expect(page).toHaveURL('/me')
    await expect(reposPanel(page)).toContainText('Needs repo:read')
  })

  test('without a session it still explains every scope', async ({ page }) => {
    await page.goto('/scopes')
    await expect(
      page.getByText('Not connected: a visitor has public read-only access.'),
    ).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(12)
    await expect(
      page.getByRole('article', { name: 'repo', exact: true }).getByRole('definition').first(),
    ).toHaveText('not connected')
  })
})

test.describe('The scopes page in plain words and in Chinese', () => {
  test('a token without scopes says so in words, not "(none)"', async ({ page }) => {
    await connectAs(page, { login: 'carol', scopes: [] })
    await page.goto('/scopes')
    const summary = page.locator('.scope-summary')
    await expect(summary).toContainText('no scopes (public read-only)')
    await expect(summary).not.toContainText('(none)')
  })

  test.describe('in Chinese', () => {
    test.use({ locale: 'zh-CN' })

    test('explains every scope with Yuque terms beside the API names', async ({ page }) => {
      await page.goto('/scopes')
      await expect(page.getByRole('heading', { level: 1, name: '权限范围（scope）' })).toBeVisible()
      await expect(page.getByRole('article', { name: 'repo:read', exact: true })).toContainText(
        '读取知识库',
      )
      await expect(
        page
          .getByRole('article', { name: 'repo:read', exact: true })
          .getByRole('link', { name: '个人资料：我的知识库' }),
      ).toBeVisible()
      await expect(page.getByRole('article', { name: '无权限范围' })).toContainText(
        '只读访问公开信息',
      )
      await expect(page.getByText('未连接：访客只有公开只读权限。')).toBeVisible()
    })
  })
})
