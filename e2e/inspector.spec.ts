import type { Page } from '@playwright/test'
import { connectAs, expect, recordRequests, test } from './support/fixtures'

/** What must never reach the browser, the copied commands and the stored timeline included. */
const SECRETS = ['emu_at_', 'playground-web-secret', 'client_secret']

const inspectorOf = (page: Page) => page.getByRole('complementary', { name: 'Flow inspector' })

async function copiedCurl(page: Page, entry: RegExp, step: string): Promise<string> {
  const inspector = inspectorOf(page)
  // The latest such call (the profile may have asked more than once).
  await inspector.locator('summary').filter({ hasText: entry }).last().click()
  const section = inspector.getByRole('group', { name: step }).last()
  await section.getByRole('button', { name: 'Copy as curl' }).click()
  await expect(section.getByRole('status')).toHaveText('Copied.')
  return page.evaluate(() => navigator.clipboard.readText())
}

test.describe('The flow inspector', () => {
  test('lists the login steps in order with the state check passed, and copies curl commands without any secret', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const requests = recordRequests(page)
    // The proxy traces a call only while the inspector is open (it asks with a request header,
    // kept for the tab across the login's navigations): open it before connecting.
    const sessionRead = page.waitForResponse((response) => response.url().endsWith('/auth/session'))
    await page.goto('/')
    await sessionRead
    const toggle = page.getByRole('button', { name: 'Inspector' })
    const wantsTrace = (path: string) =>
      requests
        .filter((request) => new URL(request.url()).pathname === path)
        .map((request) => request.headers()['x-playground-want-trace'] === '1')
    expect(wantsTrace('/auth/session'), 'the first load, inspector closed').toEqual([false])
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await connectAs(page, { login: 'alice', scopes: ['repo:read'] })
    await expect(page.getByRole('article', { name: 'Alice Chen' })).toBeVisible()
    expect(wantsTrace('/auth/exchange'), 'the exchange, inspector opened before').toEqual([true])
    const callback = requests.find((request) => new URL(request.url()).pathname === '/callback')
    const code = new URL(callback!.url()).searchParams.get('code')
    expect(code, 'the code the service sent back').toBeTruthy()

    // Back from the service the panel is closed (a new page), the tab still asks for traces.
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()
    const inspector = inspectorOf(page)
    await expect(inspector.getByRole('heading', { name: 'Flow inspector' })).toBeFocused()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')

    // The current connection's entries, in the order they happened, across the navigation to
    // the service's authorize page and back.
    const entries = inspector.getByRole('list', { name: /^Connection at .* authorization code$/ })
    await expect(entries.locator(':scope > li').last()).toContainText('/api/v2/user')
    const summaries = await entries.locator(':scope > li > details > summary').allInnerTexts()
    const position = (pattern: RegExp) => summaries.findIndex((text) => pattern.test(text))
    const steps = [
      /POST\s+\/auth\/start[\s\S]*Authorize request built/,
      /Callback: state check passed[\s\S]*passed/,
      /POST\s+\/auth\/exchange[\s\S]*State check passed \(proxy\)[\s\S]*Code exchanged/,
      /GET\s+\/api\/v2\/user[\s\S]*API call: GET \/user/,
    ].map(position)
    expect(
      steps.every((index) => index !== -1),
      summaries.join('\n---\n'),
    ).toBe(true)
    expect(steps).toEqual([...steps].sort((a, b) => a - b))

    // The diagram: the login went through, API calls are the current step.
    const diagram = inspector.getByRole('list', { name: /step 8 of 8: API calls/ })
    await expect(diagram).toBeVisible()
    await expect(diagram.locator('[aria-current="step"]')).toContainText('API calls')
    // Steps are groups, not landmarks; a command is no named <pre> (axe: landmarks and names).
    await expect(inspector.getByRole('region')).toHaveCount(0)

    const exchange = await copiedCurl(
      page,
      /\/auth\/exchange/,
      'Code exchanged at the token endpoint',
    )
    expect(exchange).toContain("curl -i 'http://127.0.0.1:")
    expect(exchange).toContain('/oauth2/token')
    expect(exchange).toContain('"code=$CODE"')
    expect(exchange).toContain('"$CLIENT_CREDENTIAL"')
    expect(exchange).toMatch(/# \$CODE: .*single-use/)

    const api = await copiedCurl(page, /GET\s*\/api\/v2\/user/, 'API call: GET /user')
    expect(api).toContain('"X-Auth-Token: $YUQUE_TOKEN"')
    expect(api).toMatch(/User-Agent: yuque-oauth-playground\//)

    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }))
    for (const [place, text] of Object.entries({
      'exchange curl': exchange,
      'API curl': api,
      'session storage': stored,
      inspector: await inspector.innerText(),
    })) {
      for (const secret of [...SECRETS, code!]) {
        expect(text.includes(secret), `"${secret.slice(0, 10)}" in ${place}`).toBe(false)
      }
    }

    await page.keyboard.press('Escape')
    await expect(inspector).toBeHidden()
    await expect(toggle).toBeFocused()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')

    // Live: a call made while the panel is open shows up in it without reopening.
    await toggle.click()
    await expect(entries.locator(':scope > li').last()).toContainText('/api/v2/user')
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Hello', exact: true })
      .click()
    await expect(entries.locator(':scope > li').last()).toContainText('/api/v2/hello')
  })

  test('marks a callback the tab did not start as a failed state check, and clears', async ({
    page,
  }) => {
    await page.goto('/callback?code=forged-code&state=not-from-this-tab')
    await expect(page.getByText('This tab did not start this login')).toBeVisible()
    await page.getByRole('button', { name: 'Inspector' }).click()
    const inspector = inspectorOf(page)
    await expect(inspector.getByText('Callback: state check failed')).toBeVisible()
    await inspector.getByRole('button', { name: 'Clear' }).click()
    await expect(inspector.getByText(/No calls yet/)).toBeVisible()
    await inspector.getByRole('button', { name: 'Close' }).click()
    await expect(inspectorOf(page)).toBeHidden()
  })
})
