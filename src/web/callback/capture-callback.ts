/**
 * The callback parameters main.tsx took out of the address bar at start-up (capture-address.ts),
 * checked: what the callback page reads.
 */
import { checkCallbackParams, type CallbackParams } from './callback-params'
import { forgetCapturedAddress, peekCapturedAddress } from './capture-address'

export { captureCallbackFromAddressBar } from './capture-address'

/** What the address bar carried when the app started (`empty` when nothing, or already taken). */
export function peekCapturedCallback(): CallbackParams {
  const address = peekCapturedAddress()
  if (address === null) return { kind: 'empty' }
  const hash = new URLSearchParams(address.hash.replace(/^#/, ''))
  return hash.has('access_token') || hash.has('id_token')
    ? { kind: 'invalid', reason: { code: 'token-in-fragment' }, state: null }
    : checkCallbackParams(new URLSearchParams(address.search))
}

/** Called once the callback page holds the parameters in its own state. */
export function forgetCapturedCallback(): void {
  forgetCapturedAddress()
}
