/**
 * The client-code flow as a user walks it: the connect page's "No-server app" choice opens the
 * service's authorize page in a second tab while the first one polls; and what the emulator's
 * request log says about those polls.
 */
import type { BrowserContext, Page } from '@playwright/test'
import type { RequestLogEntry } from '../../src/emulator/control/request-log'
import { demoUser, expect, type DemoLogin, type Emulator } from './fixtures'
import { E2E_EMULATOR_ORIGIN } from './ports'

/** The emulator's app for the client-code flow (seed: `playground-cli`). */
export const CLI_APP_NAME = 'Yuque OAuth Playground CLI'
export const POLL_INTERVAL_MS = 3000
export const MAX_ATTEMPTS = 20

/**
 * Connect page → tick scopes → "No-server app (client code)". Returns the new tab, once it shows
 * the emulator's sign-in page; the first tab is then on the waiting screen.
 */
export async function startClientCodeFlow(
  page: Page,
  context: BrowserContext,
  scopes: readonly string[],
): Promise<Page> {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Connect an account' })).toBeVisible()
  for (const scope of scopes) {
    await page.getByRole('checkbox', { name: scope, exact: true }).check()
  }
  const newTab = context.waitForEvent('page')
  await page.getByRole('button', { name: 'No-server app (client code)' }).click()
  const authorizePage = await newTab

  await expect(page).toHaveURL('/connect/client-code')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Waiting for your approval' }),
  ).toBeVisible()
  await authorizePage.waitForURL((url) => url.origin === E2E_EMULATOR_ORIGIN)
  await expect(authorizePage.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  return authorizePage
}

/** In the authorize tab: sign in with the one-click demo user, then Authorize or Deny. */
export async function answerConsent(
  authorizePage: Page,
  login: DemoLogin,
  decision: 'Authorize' | 'Deny',
): Promise<void> {
  await authorizePage
    .getByRole('button', { name: `Sign in as ${demoUser(login).name} (@${login})` })
    .click()
  await expect(
    authorizePage.getByRole('heading', { level: 1, name: `Authorize ${CLI_APP_NAME}` }),
  ).toBeVisible()
  await authorizePage.getByRole('button', { name: decision, exact: true }).click()
  // Nothing redirects back: the service's page says so and the app finds out by polling.
  await expect(
    authorizePage.getByRole('heading', {
      level: 1,
      name: decision === 'Authorize' ? `${CLI_APP_NAME} is authorized` : 'Access denied',
    }),
  ).toBeVisible()
}

/** The waiting screen's live "Attempt n of 20" line. */
export function attemptStatus(page: Page) {
  return page.getByRole('status').filter({ hasText: /^Attempt \d+ of \d+/ })
}

/** The attempt number the waiting screen shows right now. */
export async function shownAttempt(page: Page): Promise<number> {
  const text = (await attemptStatus(page).textContent()) ?? ''
  const match = /^Attempt (\d+) of/.exec(text)
  expect(match, `attempt line "${text}"`).not.toBeNull()
  return Number(match?.[1])
}

/** Every `client_code` request the token endpoint received, oldest first. */
export async function clientCodePolls(emulator: Emulator): Promise<RequestLogEntry[]> {
  return (await emulator.tokenCalls()).filter((entry) => entry.grantType === 'client_code')
}

/** Milliseconds between consecutive log entries. */
export function gapsBetween(entries: readonly RequestLogEntry[]): number[] {
  return entries.slice(1).map((entry, index) => {
    const previous = entries[index]
    return previous === undefined ? 0 : Date.parse(entry.time) - Date.parse(previous.time)
  })
}

/**
 * Polling has stopped: once `forMs` have passed since `since` (longer than two intervals, so a
 * page still polling would have sent two more), the number of client-code polls is at most
 * `atMost`. A polled assertion over the emulator's log, not a sleep.
 */
export async function expectNoMorePolls(
  emulator: Emulator,
  options: { since: number; forMs: number; atMost: number },
): Promise<void> {
  await expect
    .poll(
      async () => {
        const count = (await clientCodePolls(emulator)).length
        if (count > options.atMost) return `${count} polls (more than ${options.atMost})`
        return Date.now() - options.since >= options.forMs ? 'stopped' : 'still watching'
      },
      {
        message: `no client-code poll after the first ${options.atMost}`,
        timeout: options.forMs + 5000,
        intervals: [500],
      },
    )
    .toBe('stopped')
}
