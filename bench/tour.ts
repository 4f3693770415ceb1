/**
 * In Chromium, against the production build: the requests of a scripted tour (duplicates, and
 * whether the profile's requests start in parallel).
 */
import type { Browser, Request } from '@playwright/test'
import { STEP_TIMEOUT_MS, connectedContext, profileName } from './page-clock'
import { DEMO_LOGIN, DEMO_USER_ID, type BenchStack, type SessionCookie } from './stack'

export interface TourRequest {
  step: string
  method: string
  path: string
  /** ms since the tour's first request. */
  start: number
  end: number | null
  status: number | null
}

export interface TourResult {
  steps: string[]
  requests: TourRequest[]
  durationMs: number
  /** Each distinct request the tour needs once: the data it shows. */
  minimum: string[]
  duplicates: string[]
  profileLoad: { requests: TourRequest[]; isParallel: boolean; waterfall: string[] }
}

/** How late the profile step's API answers come (see measureTour). */
const PROFILE_API_DELAY_MS = 150

const isDataPath = (path: string) => path.startsWith('/api/') || path.startsWith('/auth/')

/**
 * profile → hello → profile → look up a user → back to the profile, in a connected context.
 * Every page's data stays fresh (staleTime 30 s) for the whole tour, so the least it can cost
 * is one request per distinct piece of data shown.
 */
export async function measureTour(
  browser: Browser,
  stack: BenchStack,
  sessionCookies: readonly SessionCookie[],
): Promise<TourResult> {
  const context = await connectedContext(browser, stack, sessionCookies)
  const page = await context.newPage()
  const requests: (TourRequest & { epochStart: number })[] = []
  let step = ''
  const pending = new Map<Request, TourRequest & { epochStart: number }>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin !== stack.appOrigin || !isDataPath(url.pathname)) return
    const entry = {
      step,
      method: request.method(),
      path: url.pathname,
      start: 0,
      end: null,
      status: null,
      epochStart: Date.now(),
    }
    requests.push(entry)
    pending.set(request, entry)
  })
  page.on('requestfinished', (request) => {
    const entry = pending.get(request)
    if (entry === undefined) return
    const timing = request.timing()
    entry.epochStart = timing.startTime
    entry.end = timing.responseEnd >= 0 ? timing.responseEnd : null
  })
  page.on('response', (response) => {
    const entry = pending.get(response.request())
    if (entry !== undefined) entry.status = response.status()
  })

  const nav = (name: string) =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true })
  const settle = () => page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS })
  /**
   * The profile's requests as the page saw them (Resource Timing): asked when its code called
   * fetch(), answered when the answer reached it. Playwright's own timing starts a request the
   * step's route held back only once released, which dated a request made at once up to 150 ms
   * late and, under load, made a parallel start look like a wait.
   */
  let profileTimes: { path: string; start: number; end: number }[] = []
  const steps: [string, () => Promise<void>][] = [
    [
      'open /me',
      async () => {
        // Every API answer of this step comes 150 ms late, so that a request that waited for
        // another's answer shows it plainly: it cannot start before that answer came.
        await page.route('**/api/v2/**', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, PROFILE_API_DELAY_MS))
          await route.continue()
        })
        await page.goto('/me')
        await profileName(page).waitFor()
        await settle()
        await page.unrouteAll()
        profileTimes = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => /\/(api|auth)\//.test(new URL(entry.name).pathname))
            .map((entry) => ({
              path: new URL(entry.name).pathname,
              start: entry.startTime,
              end: (entry as PerformanceResourceTiming).responseEnd,
            })),
        )
      },
    ],
    [
      'Hello',
      async () => {
        await nav('Hello').click()
        await page.getByRole('main').getByRole('figure').waitFor()
      },
    ],
    [
      'Profile',
      async () => {
        await nav('Profile').click()
        await profileName(page).waitFor()
      },
    ],
    [
      'look up bob',
      async () => {
        await nav('Users').click()
        await page.getByLabel('Login or numeric id').fill('bob')
        await page.getByRole('button', { name: 'Look up', exact: true }).click()
        await page.getByRole('main').getByRole('heading', { name: 'Bob Martin' }).waitFor()
      },
    ],
    [
      'back ×2 to /me',
      async () => {
        await page.goBack()
        await page.goBack()
        await profileName(page).waitFor()
      },
    ],
  ]
  const started = performance.now()
  try {
    for (const [name, run] of steps) {
      step = name
      await run()
      await settle()
    }
  } finally {
    await context.close()
  }
  const durationMs = performance.now() - started

  const origin = Math.min(...requests.map((request) => request.epochStart))
  const tour: TourRequest[] = requests.map(({ epochStart, end, ...request }) => ({
    ...request,
    start: epochStart - origin,
    end: end === null ? null : epochStart - origin + end,
  }))
  const keyOf = (request: TourRequest) => `${request.method} ${request.path}`
  const seen = new Set<string>()
  const duplicates: string[] = []
  for (const request of tour) {
    const key = keyOf(request)
    if (seen.has(key)) duplicates.push(`${key} (again in "${request.step}")`)
    seen.add(key)
  }

  // The profile's requests for the account's data (/api/…): the user, and the repositories and
  // teams panels. Each may wait only for an answer it needs data from: the panels need the
  // user's login and id (the service has no /user/repos), the user needs nothing but the cookie.
  // A request waited needlessly when another answer (the session's included) came after its
  // own dependencies had answered and before it started; with every API answer 150 ms late in
  // this step, waiting cannot hide in the noise. /auth/config (the status bar's) is no
  // dependency: nothing waits for it.
  const profileRequests = tour
    .filter((request) => request.step === 'open /me')
    .map((request) => {
      const seen = profileTimes.find((timed) => timed.path === request.path)
      return seen === undefined ? request : { ...request, start: seen.start, end: seen.end }
    })
  const isAccountData = (request: TourRequest) => request.path.startsWith('/api/')
  const needsUser = (request: TourRequest) =>
    /^\/api\/v2\/users\/[^/]+\/(repos|groups)/.test(request.path)
  const isDependency = (later: TourRequest, earlier: TourRequest) =>
    needsUser(later) && earlier.path === '/api/v2/user'
  const waterfall: string[] = []
  for (const later of profileRequests.filter(isAccountData)) {
    const readyAt = Math.max(
      0,
      ...profileRequests
        .filter((earlier) => isDependency(later, earlier))
        .map((earlier) => earlier.end ?? 0),
    )
    const waitedFor = profileRequests.filter(
      (earlier) =>
        earlier !== later &&
        (isAccountData(earlier) || earlier.path === '/auth/session') &&
        !isDependency(later, earlier) &&
        earlier.end !== null &&
        earlier.end > readyAt &&
        earlier.end <= later.start,
    )
    if (waitedFor.length > 0) {
      waterfall.push(
        `${keyOf(later)} starts at ${later.start.toFixed(0)} ms, after ${waitedFor.map((earlier) => `${keyOf(earlier)} (answered at ${(earlier.end ?? 0).toFixed(0)} ms)`).join(' and ')}`,
      )
    }
  }
  return {
    steps: steps.map(([name]) => name),
    requests: tour,
    durationMs,
    minimum: [
      'GET /auth/session',
      'GET /auth/config',
      'GET /api/v2/user',
      `GET /api/v2/users/${DEMO_LOGIN}/repos`,
      `GET /api/v2/users/${DEMO_USER_ID}/groups`,
      'GET /api/v2/hello',
      'GET /api/v2/users/bob',
    ],
    duplicates,
    profileLoad: { requests: profileRequests, isParallel: waterfall.length === 0, waterfall },
  }
}
