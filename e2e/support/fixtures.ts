/**
 * The e2e suite's `test`: every test starts on a freshly reset emulator, fails on any CSP
 * violation or dialog (a script payload must never run), and walks the login through the real
 * pages with `connectAs`.
 */
import { test as base, expect, type APIRequestContext } from '@playwright/test'
import type { Browser, BrowserContext, Page, Request } from '@playwright/test'
import type { ProfileName } from '../../src/emulator/profiles'
import { SEED_PASSWORD, seedUsers, type SeedLogin } from '../../src/emulator/seed'
import type { RequestLogEntry } from '../../src/emulator/control/request-log'
import { CONTROL_HEADERS, type FaultInput } from '../../src/emulator/control/test-control'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../src/protocol/playground-api'
import { SessionResponseSchema, type SessionResponse } from '../../src/protocol/session-schemas'
import { RequestLogAnswerSchema } from '../../src/testing/control-answers'
import { startAttackerSite, type AttackerSite } from './attacker'
import { E2E_APP_ORIGIN, E2E_EMULATOR_ORIGIN } from './ports'

export { expect }

export const APP_NAME = 'Yuque OAuth Playground'
export const SESSION_COOKIE = 'pg_session'

/** The emulator's demo users, as its seed defines them: the sign-in page offers each one. */
export const DEMO_USERS = seedUsers
export type DemoLogin = SeedLogin
export const DEMO_PASSWORD = SEED_PASSWORD

/** The demo user `login`: the name and id the pages show for them. */
export function demoUser(login: DemoLogin): (typeof DEMO_USERS)[number] {
  const user = DEMO_USERS.find((candidate) => candidate.login === login)
  if (user === undefined) throw new Error(`The emulator's seed has no user "${login}".`)
  return user
}

/** The emulator's test-control API (`/__emulator/*`), as the tests use it. */
export interface Emulator {
  reset(): Promise<void>
  log(): Promise<RequestLogEntry[]>
  /** Every request that reached the token endpoint, whatever its outcome. */
  tokenCalls(): Promise<RequestLogEntry[]>
  queueFault(fault: FaultInput): Promise<void>
  /** Drops every queued fault: the service is back. */
  clearFaults(): Promise<void>
  /** PKCE at the service (docs/security.md#k6); every test starts with `off`, as Yuque. */
  setPkceMode(mode: 'off' | 'optional' | 'required'): Promise<void>
  /** The service to behave like (docs/emulator.md); every test starts on the start profile. */
  setProfile(profile: ProfileName): Promise<void>
}

/**
 * `seed` answers as the spec; `observed` as the real service was seen to answer (a missing scope
 * is a 401, every call needs a token, 429 without Retry-After). The `chromium-observed` project
 * of playwright.config.ts runs the journeys that meet those differences with `observed`.
 */
export type EmulatorProfile = ProfileName

/** Every call sends the test-control API's custom header and JSON type (src/emulator/control/test-control.ts). */
function createEmulator(request: APIRequestContext): Emulator {
  const headers = CONTROL_HEADERS
  const log = async () => {
    const response = await request.get('/__emulator/log', { headers })
    expect(response.status(), 'GET /__emulator/log').toBe(200)
    return RequestLogAnswerSchema.parse(await response.json()).entries
  }
  return {
    async reset() {
      const response = await request.post('/__emulator/reset', { headers })
      expect(response.status(), 'POST /__emulator/reset').toBe(200)
    },
    log,
    async tokenCalls() {
      return (await log()).filter((entry) => entry.path === '/oauth2/token')
    },
    async queueFault(fault) {
      const response = await request.post('/__emulator/faults', { headers, data: fault })
      expect(response.status(), `POST /__emulator/faults: ${await response.text()}`).toBe(201)
    },
    async clearFaults() {
      const response = await request.delete('/__emulator/faults', { headers })
      expect(response.status(), 'DELETE /__emulator/faults').toBe(200)
    },
    async setPkceMode(mode) {
      const response = await request.post('/__emulator/pkce', { headers, data: { mode } })
      expect(response.status(), `POST /__emulator/pkce: ${await response.text()}`).toBe(200)
    },
    async setProfile(profile) {
      const response = await request.post('/__emulator/profile', { headers, data: { profile } })
      expect(response.status(), `POST /__emulator/profile: ${await response.text()}`).toBe(200)
    },
  }
}

/** What went wrong in a guarded browser context: each entry fails the test. */
interface Incidents {
  cspViolations: string[]
  dialogs: string[]
  pageErrors: string[]
}

const REPORT_BINDING = '__e2eReportCspViolation'

/**
 * Watches a browser context: CSP violations (reported by an init script through a binding, so
 * violations on pages already navigated away from still count, and by Chromium's console
 * message), dialogs (dismissed at once and recorded) and uncaught page errors.
 */
async function guardContext(context: BrowserContext, incidents: Incidents): Promise<void> {
  await context.exposeBinding(REPORT_BINDING, ({ page }, violation: unknown) => {
    incidents.cspViolations.push(`${page?.url() ?? '?'}: ${JSON.stringify(violation)}`)
  })
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (v: unknown) => void>)[binding]
      report?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      })
    })
  }, REPORT_BINDING)
  context.on('console', (message) => {
    if (
      /Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())
    )
      incidents.cspViolations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`)
  })
  context.on('dialog', (dialog) => {
    incidents.dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss().catch(() => undefined)
  })
  context.on('weberror', (error) => {
    incidents.pageErrors.push(String(error.error()))
  })
}

function expectNoIncidents(incidents: Incidents): void {
  expect(incidents.cspViolations, 'Content-Security-Policy violations').toEqual([])
  expect(incidents.dialogs, 'dialogs opened (a script payload ran)').toEqual([])
  expect(incidents.pageErrors, 'uncaught errors in the page').toEqual([])
}

interface Options {
  /** The profile every test of the project starts with (playwright.config.ts). */
  emulatorProfile: EmulatorProfile
}

interface Fixtures {
  emulator: Emulator
  /** The attacker's site on 127.0.0.1 (cross-site to the app), closed after the test. */
  attacker: AttackerSite
  /** Auto: fails the test on any CSP violation, dialog or uncaught page error. */
  guard: Incidents
  /** A fresh browser context (another browser, another person), guarded like the default one. */
  newGuardedContext: () => Promise<BrowserContext>
}

export const test = base.extend<Options & Fixtures>({
  emulatorProfile: ['seed', { option: true }],

  emulator: [
    async ({ playwright, emulatorProfile }, use) => {
      const request = await playwright.request.newContext({ baseURL: E2E_EMULATOR_ORIGIN })
      const emulator = createEmulator(request)
      await emulator.reset()
      if (emulatorProfile !== 'seed') await emulator.setProfile(emulatorProfile)
      await use(emulator)
      // The next test, of either project, starts from the spec's answers.
      if (emulatorProfile !== 'seed') await emulator.setProfile('seed')
      await request.dispose()
    },
    { auto: true },
  ],

  // Playwright reads the fixtures a fixture needs from this pattern; this one needs none.
  // eslint-disable-next-line no-empty-pattern
  attacker: async ({}, use) => {
    const site = await startAttackerSite()
    await use(site)
    await site.close()
  },

  guard: [
    async ({ context }, use) => {
      const incidents: Incidents = { cspViolations: [], dialogs: [], pageErrors: [] }
      await guardContext(context, incidents)
      await use(incidents)
      expectNoIncidents(incidents)
    },
    { auto: true },
  ],

  newGuardedContext: async ({ browser, guard }, use) => {
    const contexts: BrowserContext[] = []
    await use(async () => {
      const context = await newContextLike(browser)
      await guardContext(context, guard)
      contexts.push(context)
      return context
    })
    for (const context of contexts) await context.close()
  },
})

async function newContextLike(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: E2E_APP_ORIGIN })
}

export interface ConnectOptions {
  login: DemoLogin
  /** Scopes ticked on the connect page. */
  scopes: readonly string[]
  /** Scopes left ticked on the consent page (default: all requested ones). */
  grant?: readonly string[]
  /** Answer the consent page with Deny. */
  deny?: boolean
  /** Sign in with the Login/Password form instead of the one-click demo-user button. */
  signInWith?: 'demo-button' | 'form'
  /**
   * Where the journey is considered over: `landing` (default) waits until the app has left the
   * callback (or, when denying, reached it); `none` returns right after the consent answer.
   */
  waitFor?: 'landing' | 'none'
}

/** For building a RegExp from literal text. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const isApp = (url: URL) => url.origin === E2E_APP_ORIGIN
const isEmulator = (url: URL) => url.origin === E2E_EMULATOR_ORIGIN

/** The consent page's checkbox for a scope: its name starts with the scope, then its meaning. */
export function consentCheckbox(page: Page, scope: string) {
  return page.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(scope)}(\\s|$)`) })
}

/**
 * The real journey: connect page → tick scopes → Connect → the emulator's sign-in → consent
 * (unticking what `grant` leaves out) → Authorize or Deny.
 */
export async function connectAs(page: Page, options: ConnectOptions): Promise<void> {
  const { login, scopes, grant, deny = false, signInWith = 'demo-button' } = options
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Connect an account' })).toBeVisible()
  // While connected the picker starts from the granted scopes: ask for exactly these.
  for (const checkbox of await page.getByRole('checkbox', { checked: true }).all()) {
    await checkbox.uncheck()
  }
  for (const scope of scopes) {
    await page.getByRole('checkbox', { name: scope, exact: true }).check()
  }
  await page.getByRole('button', { name: /^Connect( again)?$/ }).click()

  // The emulator: a real cross-site navigation to 127.0.0.1.
  await page.waitForURL(isEmulator)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  if (signInWith === 'form') {
    await page.getByLabel('Login', { exact: true }).fill(login)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  } else {
    await page
      .getByRole('button', { name: `Sign in as ${demoUser(login).name} (@${login})` })
      .click()
  }

  await expect(page.getByRole('heading', { level: 1, name: `Authorize ${APP_NAME}` })).toBeVisible()
  for (const scope of scopes) {
    const checkbox = consentCheckbox(page, scope)
    await expect(checkbox).toBeChecked()
    if (grant !== undefined && !grant.includes(scope)) await checkbox.uncheck()
  }
  await page.getByRole('button', { name: deny ? 'Deny' : 'Authorize', exact: true }).click()

  if (options.waitFor === 'none') return
  if (deny) {
    await page.waitForURL((url) => isApp(url) && url.pathname === '/callback')
  } else {
    await page.waitForURL((url) => isApp(url) && url.pathname !== '/callback')
  }
}

/** Records every request a page makes (URL and Referer), for the address-bar and leak checks. */
export function recordRequests(page: Page): Request[] {
  const requests: Request[] = []
  page.on('request', (request) => requests.push(request))
  return requests
}

/**
 * The proxy's `/auth/session` answer, asked from the page itself (same-origin fetch with the
 * app's CSRF header), so the browser decides which cookies go with it as it does for the app.
 */
export async function sessionOf(page: Page): Promise<SessionResponse> {
  expect(new URL(page.url()).origin, 'sessionOf needs a page on the app').toBe(E2E_APP_ORIGIN)
  const { status, body } = await page.evaluate(
    async ([header, value]) => {
      const response = await fetch('/auth/session', { headers: { [header]: value } })
      const body: unknown = await response.json()
      return { status: response.status, body }
    },
    [CSRF_HEADER, CSRF_HEADER_VALUE] as const,
  )
  expect(status, 'GET /auth/session').toBe(200)
  const session = SessionResponseSchema.parse(body)
  // Parsing drops keys the schema does not name; the callers' toEqual would have seen them.
  expect(session, 'GET /auth/session holds no other keys').toEqual(body)
  return session
}
