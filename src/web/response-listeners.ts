/**
 * What watches every answer of the proxy: the status store (rate limit, scopes, a 429's wait)
 * and the flow inspector's recorder. The shared client imports no feature (eslint.config.js), so
 * main.tsx registers them here; the query cache's tests register them the same way.
 */
import { onResponse } from './lib/api-client'
import { apiStatusStore } from './lib/api-status-store'
import { recordCall } from './lib/recorder'

/** Registers the listeners; returns the function that removes them. */
export function listenToResponses(): () => void {
  return onResponse((response, meta) => {
    apiStatusStore.recordResponse(meta)
    recordCall(response)
  })
}
