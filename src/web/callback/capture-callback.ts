/**
 * The callback parameters main.tsx took out of the address bar at start-up (capture-address.ts),
 * checked: what the callback page reads.
 */
import { checkCallbackAddress, type CallbackParams } from './callback-params'
import { forgetCapturedAddress, peekCapturedAddress, type CapturedAddress } from '../session/capture-address'

export { captureCallbackFromAddressBar } from '../session/capture-address'

/** The last answer, for the address it was made of: the early exchange and the page share it. */
let checked: { address: CapturedAddress; params: CallbackParams } | null = null

/**
 * What the address bar carried when the app started (`empty` when nothing, or already taken).
 * The same object for the same capture: the inspector enters a callback once (record-callback.ts).
 */
export function peekCapturedCallback(): CallbackParams {
  const address = peekCapturedAddress()
  if (address === null) return { kind: 'empty' }
  if (checked?.address !== address) checked = { address, params: checkCallbackAddress(address) }
  return checked.params
}

/** Called once the callback page holds the parameters in its own state. */
export function forgetCapturedCallback(): void {
  checked = null
  forgetCapturedAddress()
}
