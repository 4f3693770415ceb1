/**
 * A callback's code exchange, started by the callback's own small script before the app's code
 * has run: the server puts this entry first in the `/callback` shell, `async` (src/proxy/
 * page-preload.ts), so the exchange overlaps the app's boot instead of following it (bench: the
 * login round trip; docs/decisions/0011-early-code-exchange.md).
 *
 * It does what the app would do first and no more: the same checks of the address
 * (callback-params.ts), the state claimed in this tab's storage before anything leaves (RFC 9700
 * §4.2.4, pending-states.ts), the request api-client.ts would send. Judging the answer is the
 * app's: exchange-once.ts hands it to the API client as the answer to its own request, through
 * the same checks and listeners. Whatever this does not start (no parameters, a state this tab
 * did not send, a module evaluated after main.tsx cleared the address bar), the app starts as
 * before.
 *
 * It imports nothing from the first load's chunk nor from the first request's (zod): an import
 * from there would make the browser fetch and run that chunk before this one
 * (bench/bundle-budget.test.ts checks the build).
 */
import type { ExchangeRequest } from '../../protocol/playground-api'
import { checkCallbackAddress } from './callback-params'
import { pendingStates, type ClaimResult } from './pending-states'

export interface EarlyExchangeDeps {
  /** Undefined outside a browser (the unit tests import the app's modules in Node). */
  address: Pick<Location, 'pathname' | 'search' | 'hash'> | undefined
  claim: (state: string) => ClaimResult
  fetch: (path: string, init: RequestInit) => Promise<Response>
  /** Whether the flow inspector asked for the proxy's trace (web/lib/trace-request.ts). */
  traceWanted: () => boolean
}

interface Started extends ExchangeRequest {
  answer: Promise<Response>
}

export function createEarlyExchange(deps: EarlyExchangeDeps) {
  let started: Started | null = null
  if (deps.address?.pathname === '/callback') {
    const params = checkCallbackAddress(deps.address)
    if (params.kind === 'code' && deps.claim(params.state) === 'claimed') {
      const request = { code: params.code, state: params.state }
      // The request api-client.ts's `send` makes, header for header (early-exchange.test.ts):
      // written out, not imported, as the module says why. The CSRF header is the one
      // docs/security.md#e1 asks for.
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
      // Judged where it is taken (exchange-once.ts); never an unhandled rejection meanwhile.
      answer.catch(() => undefined)
      started = { ...request, answer }
    }
  }
  return {
    /** Whether this page life claimed the state already: the callback's own pending login. */
    claimed(state: string): boolean {
      return started?.state === state
    },
    /** The answer to exactly this request, if it left early: once. */
    take(request: ExchangeRequest): Promise<Response> | null {
      if (started === null || started.state !== request.state || started.code !== request.code) {
        return null
      }
      const { answer } = started
      started.code = ''
      return answer
    },
  }
}

/** The wish web/lib/trace-request.ts keeps for the tab, read where it keeps it (its test). */
export function traceWantedInThisTab(): boolean {
  try {
    return sessionStorage.getItem('pg-trace-wanted') === '1'
  } catch {
    return false
  }
}

export const earlyExchange = createEarlyExchange({
  address: globalThis.location,
  claim: (state) => pendingStates.claim(state),
  fetch: (path, init) => fetch(path, init),
  traceWanted: traceWantedInThisTab,
})
