/**
 * The callback's entry in the flow inspector: what the address carried and the state's verdict,
 * never the code itself. Once per callback, whoever comes first: the early exchange as the app
 * starts (exchange-once.ts) or the callback page (StrictMode runs its effects twice), so that
 * the entry precedes the exchange's own, as the check precedes the exchange.
 */
import { recordCallback } from '../lib/keep-timeline'
import type { CallbackParams, StateVerdict } from './callback-params'

const recorded = new WeakSet<CallbackParams>()

export function recordCallbackOnce(params: CallbackParams, verdict: StateVerdict): void {
  if (params.kind === 'empty' || recorded.has(params)) return
  recorded.add(params)
  recordCallback({
    kind: 'callback',
    at: Date.now(),
    result: params.kind,
    verdict,
    ...(params.kind === 'error' ? { error: params.error.slice(0, 64) } : {}),
    ...(params.kind !== 'invalid' && params.state !== null
      ? { stateStart: params.state.slice(0, 6) }
      : {}),
  })
}
