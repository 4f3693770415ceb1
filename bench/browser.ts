/**
 * In Chromium, against the production build: the login round trip beside a warm load of /me,
 * and the requests of a scripted tour (duplicates, and whether the profile's requests start in
 * parallel). Timings are taken the same way for both sides of every ratio.
 */
import { chromium } from '@playwright/test'
import type { Browser, BrowserContext, Page, Request } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/browser'
import { DEMO_LOGIN, DEMO_NAME, DEMO_USER_ID, type BenchStack, type SessionCookie } from './stack'

export const LOGIN_RUNS = 7
/** Every wait in a browser run is bounded. */
const STEP_TIMEOUT_MS = 20_000
const APP_NAME = 'Yuque OAuth Playground'

/**
 * `sameRenderer`: a Chromium in which a login's callback runs in the renderer process that ran
 * the connect page, for one figure beside the login's (LoginTimings.sameRendererLoginMs). By
 * default Chromium gives a document that arrives from another site a renderer that has not run
 * the app; with one process per site (`--process-per-site`), and the connect page kept in the
 * back/forward cache so that its process lives on (Playwright turns that cache off), the callback
 * commits in the connect page's process: a trace of two logins showed the same process id for
 * both documents (docs/decisions/0011, "the renderer, measured"), and measureLoginRoundTrip checks
 * it again in each run (checkSameRenderer).
 */
export async function launchChromium(
  processModel: 'default' | 'sameRenderer' = 'default',
): Promise<Browser> {
  const { executablePath, found } = findChromium()
  if (!found) throw new Error('No Chromium found: set CHROMIUM_PATH or run `npm run test:e2e` once')
  const sameRenderer = processModel === 'sameRenderer'
  return chromium.launch({
    ...(executablePath === undefined ? {} : { executablePath }),
    args: sameRenderer ? [...CHROMIUM_ARGS, '--process-per-site'] : CHROMIUM_ARGS,
    ...(sameRenderer ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
  })
}

export function profileName(page: Page) {
  return page.getByRole('main').getByRole('heading', { level: 2, name: DEMO_NAME, exact: true })
}

/**
 * When the profile's name was first drawn in this document, on the system clock (ms): recorded
 * by the page itself. Playwright's waitFor checks at 0, 20, 70, 170, 270, 770, 1270… ms (its
 * back-off, playwright-core retryWithProgressAndBackoff), so the moment it reports can be up to
 * 500 ms after the name appeared, and more so the later the name comes: a ratio of two such
 * readings measured the back-off. A MutationObserver sees the heading's text arrive (no layout
 * asked for in it: a forced layout per mutation would slow the very page it times); the frame
 * after it (requestAnimationFrame, run just before that frame's paint) is when it shows, and it
 * is checked to have a box there. A string, not a function: tsx would wrap a function's inner
 * names in a helper the page has not.
 *
 * The login's clock starts the same way, in the page: when the consent page's Authorize button
 * got its click (the event's own time stamp, told over the console: the next document cannot read
 * this one's variables). Playwright's click() first waits for the button to be visible, stable
 * over two frames and hit by the pointer: 21–32 ms before the page saw the click, in 8 logins on
 * this machine. That wait was on the login's clock and on no warm load's.
 *
 * The name's moment comes over the console too, and nothing of Playwright's runs in the page
 * until it has: a locator or waitForFunction first evaluates Playwright's own script in the new
 * document, and in a Chromium trace of a login that was a 22 ms task on the callback's main thread
 * (parsing and compiling the script), between the shell's parsing and its first paint: the
 * harness's cost, paid in every document it looked at, which no user's browser pays.
 */
const AUTHORIZE_CLICKED = 'bench:authorize-clicked'
/** Marks the link the login's floor follows (LoginTimings.floorMs, followFloorLink). */
const FLOOR_LINK_ATTRIBUTE = 'data-bench-floor'
const NAME_DRAWN = 'bench:name-drawn'
const NAME_WATCH = `(() => {
  addEventListener('click', (event) => {
    const approve = event.target instanceof Element && event.target.closest(
      'button[name="decision"][value="approve"], a[${FLOOR_LINK_ATTRIBUTE}]')
    if (event.isTrusted && approve) {
      console.debug(${JSON.stringify(AUTHORIZE_CLICKED)}, performance.timeOrigin + event.timeStamp)
    }
  }, true)
  const heading = () => [...document.querySelectorAll('main h2')].find(
    (h) => h.textContent.trim() === ${JSON.stringify(DEMO_NAME)})
  const observer = new MutationObserver(() => {
    if (heading() === undefined) return
    observer.disconnect()
    requestAnimationFrame(() => {
      if (heading()?.getClientRects().length > 0) {
        console.debug(${JSON.stringify(NAME_DRAWN)}, performance.timeOrigin + performance.now(),
          performance.timeOrigin)
      } else watch()
    })
  })
  const watch = () => observer.observe(document, { subtree: true, childList: true, characterData: true })
  watch()
})()`

interface NameDrawn {
  /** When the page drew the name (NAME_WATCH), on the system clock. */
  at: number
  /** When this document's navigation started (performance.timeOrigin), on the same clock. */
  navigationStart: number
}

/**
 * Does `action` (a navigation, a click that leads to one), then waits for the name the page drew;
 * answers when it drew it and when its document started. The heading is checked with a locator
 * only then, once the clock has stopped.
 */
export async function nameDrawnAfter(
  page: Page,
  action: () => Promise<unknown>,
): Promise<NameDrawn> {
  const drawn = page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith(NAME_DRAWN),
  })
  // When the action fails, its error is the one to report, not this wait's time-out later.
  drawn.catch(() => undefined)
  await action()
  const [at, navigationStart] = (await drawn).text().slice(NAME_DRAWN.length).trim().split(' ')
  await profileName(page).waitFor()
  const times = { at: Number(at), navigationStart: Number(navigationStart) }
  if (!Number.isFinite(times.at) || !Number.isFinite(times.navigationStart)) {
    throw new Error(
      `the page noted the name at an odd time: ${at} (document from ${navigationStart})`,
    )
  }
  return times
}

/** A warm load of /me from its navigation's start to the name, as the page clocked both. */
async function warmLoadMs(page: Page, load: () => Promise<unknown>): Promise<number> {
  const { at, navigationStart } = await nameDrawnAfter(page, load)
  return at - navigationStart
}

/** Now on the system clock, as the page's performance.timeOrigin + now() reads it. */
const wallClock = () => performance.timeOrigin + performance.now()

/** The median of the finite values (a step that was not observed is NaN). */
export function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2
}

async function newAppContext(browser: Browser, stack: BenchStack): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: stack.appOrigin })
  await context.addInitScript({ content: NAME_WATCH })
  context.setDefaultTimeout(STEP_TIMEOUT_MS)
  context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS)
  return context
}

/**
 * A context already holding a session made by the real flow through the proxy, its cookies
 * SameSite=Strict as the proxy sets them unless `sameSite` says otherwise.
 */
export async function connectedContext(
  browser: Browser,
  stack: BenchStack,
  sessionCookies: readonly SessionCookie[],
  sameSite: 'Strict' | 'Lax' = 'Strict',
): Promise<BrowserContext> {
  const context = await newAppContext(browser, stack)
  await context.addCookies(
    sessionCookies.map((cookie) => ({ ...cookie, url: stack.appOrigin, sameSite })),
  )
  return context
}

/**
 * How far the emulated service is in the second series of logins: its token endpoint and its
 * `GET /user` (the profile the exchange brings, src/proxy/auth/prime-profile.ts) each answer this much
 * later (the emulator's fault control). On loopback the exchange takes a few ms, so how early it
 * leaves hardly shows; a real service is tens to hundreds of ms away.
 */
export const DISTANT_SERVICE_DELAY_MS = 150

export interface LoginTimings {
  /** Pressing Authorize on the consent page → the profile's name drawn on /me. */
  loginMs: number[]
  /** The same, with the service DISTANT_SERVICE_DELAY_MS away (interleaved with loginMs). */
  distantLoginMs: number[]
  /**
   * The same on loopback, interleaved, in a Chromium where the callback commits in the renderer
   * that ran the connect page (launchChromium's `sameRenderer`): what the login costs without a
   * new renderer's start. Empty when no such browser was given, or when it did not (below).
   */
  sameRendererLoginMs: number[]
  /** Why sameRendererLoginMs is empty though such a browser was given (checkSameRenderer). */
  sameRendererSkipped: string | null
  /**
   * The floor of any login that comes back from the service, interleaved with the above: on the
   * same consent page, in a context already connected, a link straight to /me instead of
   * Authorize (followFloorLink). The same clock, from the click to the name; what it leaves out is
   * the form's round trip to the service, the callback and the exchange. What it keeps is what no
   * login that returns from another site can leave out: a document from that site, in a renderer
   * that has not run the app (docs/decisions/0011, "the login's floor, measured in every run").
   */
  floorMs: number[]
  /** Reloading /me in a connected context: its navigation's start → the profile's name drawn. */
  warmMs: number[]
  /**
   * Opening /me in a new tab of that context: the same clock. The HTTP cache (and V8's code cache
   * in it) is as warm as for a reload, but the tab's renderer is a new process that has not run
   * the app, as the login's callback's has not (docs/decisions/0011, "nothing of the harness in
   * the page").
   */
  newTabMs: number[]
  /** From the click on Authorize: the app's /callback committed; POST /auth/exchange answered. */
  steps: { callbackMs: number[]; exchangeMs: number[] }
}

type LoginSeries = 'loopback' | 'distant' | 'sameRenderer' | 'floor'

/** From the app's connect page to the service's consent page: answers its Authorize button. */
async function openConsent(page: Page) {
  await page.goto('/?returnTo=%2Fme')
  await page.getByRole('button', { name: /^Connect( again)?$/ }).click()
  await page.getByRole('button', { name: `Sign in as ${DEMO_NAME} (@${DEMO_LOGIN})` }).click()
  await page.getByRole('heading', { level: 1, name: `Authorize ${APP_NAME}` }).waitFor()
  const authorize = page.getByRole('button', { name: 'Authorize', exact: true })
  await authorize.waitFor()
  return authorize
}

/**
 * The login's floor (LoginTimings.floorMs): a link to the app's /me, put on the service's consent
 * page, clicked as Authorize would be. The page is the emulator's own; only the link is added.
 */
async function followFloorLink(page: Page, stack: BenchStack) {
  const target = new URL('/me', stack.appOrigin).href
  await page.evaluate(
    ([attribute, href]) => {
      const link = document.createElement('a')
      link.setAttribute(attribute, '')
      link.href = href
      link.textContent = 'Open the playground'
      document.body.prepend(link)
    },
    [FLOOR_LINK_ATTRIBUTE, target] as const,
  )
  await page.locator(`a[${FLOOR_LINK_ATTRIBUTE}]`).click()
}

/**
 * Whether `browser` commits a login's callback in the renderer process that ran its connect page:
 * the premise of LoginTimings.sameRendererLoginMs, checked by one untimed login in Chromium's own
 * trace (the browser process's FrameCommittedInBrowser event names the process of each document
 * it commits), so that a Chromium that decides otherwise cannot lend the figure a name it does
 * not measure. Answers why not, or null.
 */
async function checkSameRenderer(browser: Browser, stack: BenchStack): Promise<string | null> {
  const context = await newAppContext(browser, stack)
  try {
    const page = await context.newPage()
    await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline'] })
    const authorize = await openConsent(page)
    await nameDrawnAfter(page, () => authorize.click())
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
      traceEvents: { name: string; args?: { data?: { url?: string; processId?: number } } }[]
    }
    const processOf = (pathname: string) =>
      trace.traceEvents.find((event) => {
        const url = event.name === 'FrameCommittedInBrowser' ? event.args?.data?.url : undefined
        return url?.startsWith(stack.appOrigin) === true && new URL(url).pathname === pathname
      })?.args?.data?.processId
    const [connect, callback] = [processOf('/'), processOf('/callback')]
    return connect !== undefined && connect === callback
      ? null
      : `that Chromium committed the callback in process ${callback ?? '?'}, the connect page in ${connect ?? '?'}`
  } finally {
    await context.close()
  }
}

/**
 * N fresh contexts signing in for each series, the series taking turns: in `sameRendererBrowser`
 * (when given) against the service on loopback, then in `browser` on loopback, its floor (a
 * context holding `sessionCookies`) and against a distant service; then, in the last context (now
 * connected), N reloads of /me, each followed by /me in a new tab. Every clock starts and stops in
 * the page (NAME_WATCH).
 */
export async function measureLoginRoundTrip(
  browser: Browser,
  stack: BenchStack,
  sessionCookies: readonly SessionCookie[],
  sameRendererBrowser?: Browser,
): Promise<LoginTimings> {
  const loginMs: number[] = []
  const distantLoginMs: number[] = []
  const sameRendererLoginMs: number[] = []
  const floorMs: number[] = []
  let sameRendererSkipped: string | null = null
  const warmMs: number[] = []
  const newTabMs: number[] = []
  const steps: LoginTimings['steps'] = { callbackMs: [], exchangeMs: [] }
  let connected: BrowserContext | undefined
  const loginOnce = async (page: Page, series: LoginSeries) => {
    const serviceDelayMs = series === 'distant' ? DISTANT_SERVICE_DELAY_MS : 0
    const authorize = await openConsent(page)
    const clicked = page
      .waitForEvent('console', {
        predicate: (message) => message.text().startsWith(AUTHORIZE_CLICKED),
      })
      .then(
        (message) => Number(message.text().slice(AUTHORIZE_CLICKED.length)),
        () => Number.NaN,
      )
    // Where the time goes: the app's /callback committed, the code exchange answered.
    const callback = page
      .waitForURL((url) => url.pathname === '/callback', { waitUntil: 'commit' })
      .then(wallClock, () => Number.NaN)
    const exchange = page
      .waitForResponse((response) => new URL(response.url()).pathname === '/auth/exchange')
      .then(wallClock, () => Number.NaN)
    if (serviceDelayMs > 0) {
      // Each taken once, by this login's two calls to the service (emulator/control/faults.ts).
      const delayMs = serviceDelayMs
      stack.emulator.control.queueFault({ method: 'POST', path: '/oauth2/token', delayMs })
      stack.emulator.control.queueFault({ method: 'GET', path: '/api/v2/user', delayMs })
    }
    const { at } = await nameDrawnAfter(page, () =>
      series === 'floor' ? followFloorLink(page, stack) : authorize.click(),
    )
    const started = await clicked
    if (!Number.isFinite(started)) throw new Error('the consent page did not note the click')
    if (new URL(page.url()).pathname !== '/me') throw new Error(`login landed on ${page.url()}`)
    if (series === 'distant') return distantLoginMs.push(at - started)
    if (series === 'sameRenderer') return sameRendererLoginMs.push(at - started)
    if (series === 'floor') return floorMs.push(at - started)
    loginMs.push(at - started)
    steps.callbackMs.push((await callback) - started)
    steps.exchangeMs.push((await exchange) - started)
  }
  try {
    if (sameRendererBrowser !== undefined) {
      sameRendererSkipped = await checkSameRenderer(sameRendererBrowser, stack)
    }
    // The last series is in `browser`, on a distant service: its context serves the warm loads.
    const order: LoginSeries[] =
      sameRendererBrowser === undefined || sameRendererSkipped !== null
        ? ['loopback', 'floor', 'distant']
        : ['sameRenderer', 'loopback', 'floor', 'distant']
    for (let run = 0; run < order.length * LOGIN_RUNS; run += 1) {
      const series = order[run % order.length] ?? 'loopback'
      await connected?.close()
      // The floor's context is connected, its cookies SameSite=Lax (the proxy sets Strict): the
      // link's request then carries the session as a load from the app's own site does, and the
      // server sends the connected page's shell (decision 0006), the floor's best case.
      connected =
        series === 'floor'
          ? await connectedContext(browser, stack, sessionCookies, 'Lax')
          : await newAppContext(
              series === 'sameRenderer' && sameRendererBrowser !== undefined
                ? sameRendererBrowser
                : browser,
              stack,
            )
      const page = await connected.newPage()
      await loginOnce(page, series).catch(async (error: unknown) => {
        const heading = await page
          .getByRole('heading', { level: 1 })
          .first()
          .textContent({ timeout: 1000 })
          .catch(() => null)
        throw new Error(
          `login run ${run + 1} (${series}): ${String(error instanceof Error ? error.message : error).split('\n')[0]} (at ${page.url()}, heading "${heading ?? '?'}")`,
        )
      })
    }
    // The last login was against the distant service: the queue is empty again.
    stack.emulator.control.clearFaults()
    const context = connected
    const page = context?.pages()[0]
    if (context === undefined || page === undefined) throw new Error('no connected page')
    for (let run = 0; run < LOGIN_RUNS; run += 1) {
      warmMs.push(await warmLoadMs(page, () => page.reload({ waitUntil: 'commit' })))
      const tab = await context.newPage()
      newTabMs.push(await warmLoadMs(tab, () => tab.goto('/me', { waitUntil: 'commit' })))
      await tab.close()
    }
  } finally {
    await connected?.close()
  }
  return {
    loginMs,
    distantLoginMs,
    sameRendererLoginMs,
    sameRendererSkipped,
    floorMs,
    warmMs,
    newTabMs,
    steps,
  }
}

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
