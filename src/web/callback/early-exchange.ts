/**
 * Step 1 of the login's return (finish-login.ts lists the steps): the callback's own small script,
 * an entry of the build that the server puts first in the `/callback` shell, sends the code
 * exchange before the app has booted (docs/decisions/0011-early-code-exchange.md).
 *
 * It does what the app would do first and no more: the same checks of the address
 * (callback-params.ts), the state claimed in this tab's storage before anything leaves (RFC 9700
 * §4.2.4, pending-states.ts), the request api-client.ts would send. Judging the answer is the
 * app's (finish-login.ts). It imports nothing of the app's first load nor of its first request:
 * bench/bundle-budget.test.ts checks the build.
 */
import type { ExchangeRequest } from '../../protocol/playground-api'
import { checkCallbackAddress } from './callback-params'
import { pendingStates, type ClaimResult } from '../session/pending-states'

export interface EarlyExchangeDeps {
  /** Undefined outside a browser (the unit tests import the app's modules in Node). */
  address: Pick<Location, 'pathname' | 'search' | 'hash'> | undefined
  claim: (state: string) => ClaimResult
  fetch: (path: string, init: RequestInit) => Promise<Response>
  /** Whether the flow inspector asked for the proxy's trace (web/lib/trace-request.ts). */
  traceWanted: () => boolean
}

/** The exchange this script sent: its request, and the answer it has not judged. */
export interface EarlyExchange extends ExchangeRequest {
  answer: Promise<Response>
}

/** Sends the exchange when the address is a callback with a code and this tab's state; else null. */
export function startEarlyExchange(deps: EarlyExchangeDeps): EarlyExchange | null {
  if (deps.address?.pathname !== '/callback') return null
  const params = checkCallbackAddress(deps.address)
  if (params.kind !== 'code' || deps.claim(params.state) !== 'claimed') return null
  const request = { code: params.code, state: params.state }
  // The request api-client.ts's `send` makes, header for header (early-exchange.test.ts): written
  // out, not imported, for the reason the module's comment gives. The second header is the CSRF
  // defence (docs/security.md, E1).
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'yuque-oauth-playground',
    'Content-Type': 'application/json',
  }
  if (deps.traceWanted()) headers['X-Playground-Want-Trace'] = '1'
  const answer = deps.fetch('/auth/exchange', {
    method: 'POST',
    headers,
    credentials: 'same-origin',
    cache: 'no-store',
    body: JSON.stringify(request),
  })
  // Judged where it is taken (finish-login.ts); never an unhandled rejection meanwhile.
  answer.catch(() => undefined)
  return { ...request, answer }
}

/** The wish web/lib/trace-request.ts keeps for the tab, read where it keeps it (its test). */
export function traceWantedInThisTab(): boolean {
  try {
    return sessionStorage.getItem('pg-trace-wanted') === '1'
  } catch {
    return false
  }
}

/**
 * What this script sent, or null: the one module-level value of the login's return. A module runs
 * once per page, whether the shell ran it or finish-login.ts imported it first, so the app finds
 * here the request that left before it ran. Evaluated after main.tsx has cleared the address bar
 * (the script is `async`, and the dev server has no shell to put it in), it finds no code and
 * sends nothing: the app then claims the state and sends the exchange itself.
 */
export const earlyExchange: EarlyExchange | null = startEarlyExchange({
  address: globalThis.location,
  claim: (state) => pendingStates.claim(state),
  fetch: (path, init) => fetch(path, init),
  traceWanted: traceWantedInThisTab,
})
