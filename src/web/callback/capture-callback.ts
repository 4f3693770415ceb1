/**
 * Runs first thing at start-up (main.tsx), before the router or any request: when the page is the
 * OAuth callback, read its parameters once and take them out of the address bar at once, so the
 * code never lingers in history, in a bookmark, or in the Referer of the next request.
 */
import { checkCallbackParams, type CallbackParams } from './callback-params'

export const CALLBACK_PATH = '/callback'

let captured: CallbackParams | null = null

export function captureCallbackFromAddressBar(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
  history: Pick<History, 'replaceState'> = window.history,
): void {
  if (location.pathname !== CALLBACK_PATH) return
  if (location.search === '' && location.hash === '') return
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''))
  captured =
    hash.has('access_token') || hash.has('id_token')
      ? {
          kind: 'invalid',
          reason:
            'The address carries a token in its fragment: this app uses the authorization code flow only and never accepts a token in the address.',
          state: null,
        }
      : checkCallbackParams(new URLSearchParams(location.search))
  history.replaceState(null, '', CALLBACK_PATH)
}

/** What the address bar carried when the app started (`empty` when nothing, or already taken). */
export function peekCapturedCallback(): CallbackParams {
  return captured ?? { kind: 'empty' }
}

/** Called once the callback page holds the parameters in its own state. */
export function forgetCapturedCallback(): void {
  captured = null
}
