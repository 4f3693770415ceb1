/**
 * Runs first thing at start-up (main.tsx), before the router or any request: when the page is the
 * OAuth callback, keep its address once and take the parameters out of the address bar at once,
 * so the code never lingers in history, in a bookmark, or in the Referer of the next request.
 *
 * Only the taking happens here; checking what was taken (capture-callback.ts) is the callback
 * page's business and ships with it, not with every first load (the first-load budget, bench/bundle-budget.test.ts).
 */

export const CALLBACK_PATH = '/callback'

export interface CapturedAddress {
  search: string
  hash: string
}

let captured: CapturedAddress | null = null

/** Answers whether it took something (main.tsx then starts the code exchange at once). */
export function captureCallbackFromAddressBar(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
  history: Pick<History, 'replaceState'> = window.history,
): boolean {
  if (location.pathname !== CALLBACK_PATH) return false
  if (location.search === '' && location.hash === '') return false
  captured = { search: location.search, hash: location.hash }
  history.replaceState(null, '', CALLBACK_PATH)
  return true
}

/** What the address bar carried when the app started; null when nothing, or already forgotten. */
export function peekCapturedAddress(): CapturedAddress | null {
  return captured
}

export function forgetCapturedAddress(): void {
  captured = null
}
