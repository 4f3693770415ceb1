/**
 * The flow lab (docs/decisions/0016-flow-lab.md) as a developer uses it, in Chromium:
 * - every scenario, run by "Run all" in both profiles (@both-profiles), each row as expected, and
 *   one result opened to its rule, its raw HTTP and its code to take home;
 * - the editor's own request, really sent to the emulator's authorize endpoint and back, with the
 *   state typed key by key, and one without state, which the checks refuse;
 * - a result's link, which reopens its scenario and runs nothing;
 * - against a service that is not the embedded emulator, the honest scenarios as presets and the
 *   others disabled, each saying why.
 * Nothing secret may appear in the page, the address, the browser's storage or the emulator's
 * log: the app's client secret, a token (`emu_at_…`) or a code.
 */
import type { Page } from '@playwright/test'
import { signInAtEmulator, consentButton, settled } from './support/any-language'
import { expect, sessionOf, test, type Emulator } from './support/fixtures'
import { startProcess, waitForHttp, type RunningProcess } from '../scripts/cluster/processes'
import {
  E2E_LAB_APP_PORT,
  E2E_LAB_EMULATOR_PORT,
  E2E_PKCE_OFF_APP_ORIGIN,
  E2E_SESSION_SECRET,
} from './support/ports'

/** The embedded emulator's web app secret (src/emulator/seed.ts), and what a token looks like. */
const SECRETS = [/playground-web-secret/, /emu_at_[A-Za-z0-9_-]+/]

/** Whatever the page, its address and its storage hold: none of it may be secret. */
async function expectNothingSecret(page: Page, emulator: Emulator): Promise<void> {
  const seen = await page.evaluate(() => ({
    html: document.documentElement.outerHTML,
    url: location.href,
    storage: JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }),
  }))
  const log = JSON.stringify(await emulator.log())
  for (const pattern of SECRETS) {
    expect(seen.html, `page: ${pattern}`).not.toMatch(pattern)
    expect(seen.url, `address: ${pattern}`).not.toMatch(pattern)
    expect(seen.storage, `storage: ${pattern}`).not.toMatch(pattern)
    expect(log, `emulator log: ${pattern}`).not.toMatch(pattern)
  }
  expect(seen.url, 'no code or state in the address').not.toMatch(/[?&](code|state)=/)
}

const scenario = (page: Page, id: string) => page.locator(`#scenario-${id}`)

test.describe('the flow lab', () => {
  test('runs every scenario in a row, each as expected, then opens one to its rule, raw HTTP and code @both-profiles', async ({
    page,
    emulator,
  }) => {
    test.setTimeout(120_000)
    await page.goto('/lab')
    await settled(page)
    await page.getByRole('button', { name: 'Run all' }).click()
    const rows = page.locator('section[aria-labelledby="lab-run-all-title"] tbody tr')
    // 22 scenarios, one after another; the slowest waits out a 1 s time-out.
    await expect(rows).toHaveCount(22, { timeout: 90_000 })
    await expect(page.locator('p.field-hint', { hasText: '22 of 22 as expected.' })).toBeVisible()
    await expect(rows.filter({ hasText: '✗' })).toHaveCount(0)

    // One scenario's own result: its verdict, rule, checks, raw HTTP and code to take home.
    const card = scenario(page, 'code-reused')
    await card.getByRole('button', { name: /^Run/ }).click()
    await expect(card.getByText('As expected')).toBeVisible({ timeout: 15_000 })
    await expect(card.getByRole('link', { name: 'RFC 6749 §4.1.2' }).first()).toBeVisible()
    await expect(card.getByText('400 invalid_grant').first()).toBeVisible()
    await card.getByText(/^Raw HTTP/).click()
    await expect(card.getByText('/oauth2/token').first()).toBeVisible()
    await expect(card.getByText('$CODE').first()).toBeVisible()
    await card.getByText('Code to take home').click()
    await expect(card.getByText('YUQUE_CLIENT_SECRET').first()).toBeVisible()
    await expectNothingSecret(page, emulator)
  })

  test('announces each outcome once, in one line', async ({ page }) => {
    await page.goto('/lab')
    await settled(page)
    const live = page.locator('main [aria-live="polite"]').first()
    const card = scenario(page, 'state-tampered')
    await card.getByRole('button', { name: /^Run/ }).focus()
    await page.keyboard.press('Enter')
    await expect(live).toHaveText(/The state comes back changed: As expected\./, {
      timeout: 15_000,
    })
    // No other live region repeats it.
    await expect(
      page.locator('[aria-live]').filter({ hasText: 'The state comes back changed' }),
    ).toHaveCount(1)
  })

  test('sends its own request to the emulator and back: a state typed key by key, exchanged and checked', async ({
    page,
    emulator,
  }) => {
    await page.goto('/lab')
    await settled(page)
    await page.getByRole('checkbox', { name: 'repo:read', exact: true }).check()
    await page.getByRole('radio', { name: 'Your own' }).check()
    const own = page.getByLabel('Your state')
    await own.focus()
    await page.keyboard.type('my-own-state-42')
    await expect(
      page
        .locator('main')
        .getByText(/state=my-own-state-42/)
        .first(),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Run', exact: true }).first().click()

    await signInAtEmulator(page, 'alice')
    await consentButton(page, 'approve').click()
    await page.waitForURL('**/lab/callback')
    await expect(page.getByText('200 token').first()).toBeVisible({ timeout: 15_000 })
    await expect(page.locator('.insp-step-failed')).toHaveCount(0)
    await expectNothingSecret(page, emulator)
    // The lab's run opened no session: the playground is still not connected.
    expect(await sessionOf(page)).toMatchObject({ connected: false })
  })

  test('sends a request without state: the service answers, the checks refuse it and nothing is exchanged', async ({
    page,
    emulator,
  }) => {
    await page.goto('/lab')
    await settled(page)
    await page.getByRole('radio', { name: 'Not sent' }).check()
    await expect(page.locator('main').getByText(/[?&]state=/)).toHaveCount(0)
    await page.getByRole('button', { name: 'Run', exact: true }).first().click()
    await signInAtEmulator(page, 'alice')
    await consentButton(page, 'approve').click()
    await page.waitForURL('**/lab/callback')
    await expect(page.getByText(/refused by the client: no state was sent/).first()).toBeVisible({
      timeout: 15_000,
    })
    await expect(page.getByText('The request carried a state')).toBeVisible()
    const tokenCalls = await emulator.tokenCalls()
    expect(tokenCalls, 'no code exchanged').toHaveLength(0)
    await expectNothingSecret(page, emulator)
  })

  test('reopens a scenario from its link, naming nothing but the scenario, and runs nothing', async ({
    page,
    emulator,
  }) => {
    await page.goto('/lab?scenario=token-revoked')
    await settled(page)
    await expect(page.locator('#scenario-token-revoked-title')).toBeFocused()
    await expect(scenario(page, 'token-revoked').getByText('As expected')).toHaveCount(0)
    const flows = (await emulator.log()).filter((entry) => entry.path.startsWith('/oauth2/'))
    expect(flows, 'opening a link runs no flow').toHaveLength(0)

    await scenario(page, 'token-revoked').getByRole('button', { name: /^Run/ }).click()
    const link = scenario(page, 'token-revoked').getByRole('link', { name: 'Link to this result' })
    await expect(link).toHaveAttribute('href', '/lab?scenario=token-revoked')
  })
})

test.describe('the flow lab against a service that is not the embedded emulator', () => {
  test('offers the honest scenarios as presets and says why the others cannot run', async ({
    page,
  }) => {
    await page.goto(`${E2E_PKCE_OFF_APP_ORIGIN}/lab`)
    await settled(page)
    // A fault on demand needs the emulator's test control.
    const disabled = scenario(page, 'token-endpoint-5xx')
    await expect(disabled.getByRole('button', { name: /^Run/ })).toHaveCount(0)
    await expect(disabled.locator('.field-hint')).not.toBeEmpty()

    // The state left out is the client's own doing: a preset of the editor.
    await scenario(page, 'state-missing').getByRole('button').click()
    await expect(page.getByRole('radio', { name: 'Not sent' })).toBeChecked()
  })
})

test.describe('the flow lab’s server log', () => {
  const origin = `http://localhost:${E2E_LAB_APP_PORT}`
  let server: RunningProcess
  /** Everything the server wrote, whole. */
  let output = ''

  test.beforeAll(async () => {
    server = startProcess('lab server', process.execPath, ['dist/server.js'], {
      env: {
        APP_ORIGIN: origin,
        EMULATOR_PORT: String(E2E_LAB_EMULATOR_PORT),
        SESSION_SECRET: E2E_SESSION_SECRET,
        LOGIN_RATE_LIMIT: '99999',
        LOG_FORMAT: 'json',
        YUQUE_AUTH_URL: '',
        YUQUE_BASE_URL: '',
        YUQUE_CLIENT_ID: '',
        YUQUE_CLIENT_SECRET: '',
      },
    })
    for (const stream of [server.child.stdout, server.child.stderr])
      stream?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    await waitForHttp(`${origin}/healthz`, server, { timeoutMs: 60_000 })
  })

  test.afterAll(async () => {
    await server.stop()
  })

  test('writes no secret, token or code of any scenario to the server’s log', async ({ page }) => {
    test.setTimeout(120_000)
    await page.goto(`${origin}/lab`)
    await settled(page)
    await page.getByRole('button', { name: 'Run all' }).click()
    const rows = page.locator('section[aria-labelledby="lab-run-all-title"] tbody tr')
    await expect(rows).toHaveCount(22, { timeout: 90_000 })
    await expect(rows.filter({ hasText: '✗' })).toHaveCount(0)
    // The log was written: one line per request (src/server/request-log.ts), the runs' among them.
    await expect.poll(() => output, { timeout: 10_000 }).toContain('/auth/lab/scenarios/')
    for (const pattern of [...SECRETS, /[?&](code|state)=/, /password=/])
      expect(output, `server log: ${pattern}`).not.toMatch(pattern)
  })
})
