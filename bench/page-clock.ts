/**
 * How the pages of a bench run time themselves: a script in every document of the app's
 * contexts notes the click on Authorize and the frame that draws the profile's name, and tells
 * both over the console, so that every clock starts and stops in the page, the same way for both
 * sides of every ratio (the login's, bench/browser.ts; the long tasks', bench/long-tasks.ts).
 */
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { DEMO_NAME, type BenchStack, type SessionCookie } from './stack'

/** Every wait in a browser run is bounded. */
export const STEP_TIMEOUT_MS = 20_000

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
export const AUTHORIZE_CLICKED = 'bench:authorize-clicked'
/**
 * Marks the link the login's floor follows (bench/browser.ts: LoginTimings.floorMs,
 * followFloorLink).
 */
export const FLOOR_LINK_ATTRIBUTE = 'data-bench-floor'
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

export async function newAppContext(browser: Browser, stack: BenchStack): Promise<BrowserContext> {
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
