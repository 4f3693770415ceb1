/**
 * The connect page's "What will be sent" against what is sent: every parameter of the preview,
 * by name, order and value (state and the PKCE challenge are placeholders), equals the query of
 * the authorize URL the browser is then sent to, with PKCE on (the main instance) and off (a
 * second instance started with OAUTH_PKCE=off, see playwright.config.ts).
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { E2E_APP_ORIGIN, E2E_EMULATOR_ORIGIN, E2E_PKCE_OFF_APP_ORIGIN } from './support/ports'

/** Values the proxy makes when Connect is pressed; the preview shows a placeholder instead. */
const MADE_AT_CONNECT = new Set(['state', 'code_challenge'])

type Pairs = [name: string, value: string][]

async function previewedParams(page: Page): Promise<Pairs> {
  const table = page.getByRole('table', { name: 'Authorize request parameters' })
  await expect(table).toBeVisible()
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') })
  const pairs: Pairs = []
  for (const row of await rows.all()) {
    const name = (await row.getByRole('rowheader').textContent()) ?? ''
    const value = (await row.locator('code.param-value').textContent()) ?? ''
    pairs.push([name, value === '(empty)' ? '' : value])
  }
  return pairs
}

const withoutPlaceholders = (pairs: Pairs): Pairs =>
  pairs.map(([name, value]) => [name, MADE_AT_CONNECT.has(name) ? '‹made at connect›' : value])

async function compareWithSent(page: Page, appOrigin: string, pkce: 'on' | 'off') {
  await page.goto(`${appOrigin}/`)
  for (const scope of ['repo:read', 'doc']) {
    await page.getByRole('checkbox', { name: scope, exact: true }).check()
  }
  const previewed = await previewedParams(page)
  const previewUrl = new URL((await page.locator('code.url-preview').textContent()) ?? '')

  const authorize = page.waitForRequest((request) =>
    request.url().startsWith(`${E2E_EMULATOR_ORIGIN}/oauth2/authorize?`),
  )
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  const sent = new URL((await authorize).url())
  const sentPairs: Pairs = [...sent.searchParams]

  expect(withoutPlaceholders(previewed)).toEqual(withoutPlaceholders(sentPairs))
  // The one-line URL under the table says the same thing, in the same order.
  expect(withoutPlaceholders([...previewUrl.searchParams])).toEqual(withoutPlaceholders(sentPairs))
  expect(`${previewUrl.origin}${previewUrl.pathname}`).toBe(`${sent.origin}${sent.pathname}`)
  expect(sent.searchParams.get('scope')).toBe('repo:read,doc')
  const names = sentPairs.map(([name]) => name)
  if (pkce === 'on') {
    expect(names).toEqual(expect.arrayContaining(['code_challenge', 'code_challenge_method']))
    expect(sent.searchParams.get('code_challenge_method')).toBe('S256')
  } else {
    expect(names).not.toContain('code_challenge')
    expect(names).not.toContain('code_challenge_method')
  }
}

test.describe('The connect page previews the authorize request it sends', () => {
  test('with PKCE on, the preview lists the parameters of the authorize URL, in order', async ({
    page,
  }) => {
    await compareWithSent(page, E2E_APP_ORIGIN, 'on')
  })

  test('with PKCE off, the preview and the authorize URL both go without a challenge', async ({
    page,
  }) => {
    await compareWithSent(page, E2E_PKCE_OFF_APP_ORIGIN, 'off')
  })
})
