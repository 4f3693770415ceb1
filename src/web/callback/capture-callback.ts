/**
 * Step 2 of the login's return (finish-login.ts lists the steps), the first thing main.tsx does:
 * on the OAuth callback, take its address once and the parameters out of the address bar at
 * once, so the code never lingers in history, in a bookmark, or in the Referer of the next
 * request (docs/decisions/0004-callback-is-a-web-route.md).
 *
 * Only the taking: this module is in every first load, and checking what was taken
 * (callback-params.ts) ships with the callback's own code (bench/bundle-budget.test.ts).
 */

const CALLBACK_PATH = '/callback'

/** What the callback's address carried, unchecked. */
export interface CapturedAddress {
  search: string
  hash: string
}

/** The callback's parameters, now gone from the address bar; null on any other page. */
export function captureCallbackFromAddressBar(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
  history: Pick<History, 'replaceState'> = window.history,
): CapturedAddress | null {
  if (location.pathname !== CALLBACK_PATH) return null
  if (location.search === '' && location.hash === '') return null
  const captured = { search: location.search, hash: location.hash }
  history.replaceState(null, '', CALLBACK_PATH)
  return captured
}
