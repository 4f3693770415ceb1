/**
 * In Chromium, against the production build: the login round trip beside a warm load of /me.
 * Timings are taken the same way for both sides of every ratio (bench/page-clock.ts).
 */
import { chromium } from '@playwright/test'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/browser'
import {
  AUTHORIZE_CLICKED,
  FLOOR_LINK_ATTRIBUTE,
  connectedContext,
  nameDrawnAfter,
  newAppContext,
} from './page-clock'
import { DEMO_LOGIN, DEMO_NAME, type BenchStack, type SessionCookie } from './stack'

export const LOGIN_RUNS = 7
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
 * the page (page-clock.ts, NAME_WATCH).
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
