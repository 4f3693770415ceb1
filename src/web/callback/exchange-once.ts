/**
 * The code exchange happens at most once per state in this tab, whatever React or the user does:
 * StrictMode runs effects twice, and a reload or the back button can bring a callback back.
 *
 * 1. A module-level map of in-flight exchanges keyed by state: a second call during the same page
 *    life gets the same promise, so one POST /auth/exchange.
 * 2. The state is marked used in sessionStorage synchronously, before the request starts: a later
 *    page life (reload, back, bfcache) finds it used and exchanges nothing.
 * Nothing retries it: an authorization code is single-use (RFC 6749 §4.1.2).
 */
import type { ExchangeRequest, ExchangeResponse } from '../../protocol/playground-api'
import { exchangeCode } from '../session/login-requests'
import { pendingStates, type ClaimResult } from './pending-states'

export class ExchangeRefusedError extends Error {
  override readonly name = 'ExchangeRefusedError'
  constructor(readonly reason: Exclude<ClaimResult, 'claimed'>) {
    super(
      reason === 'already-used'
        ? 'This login was already completed or attempted in this tab; a code is single-use.'
        : 'This tab did not start this login, so its code is not exchanged.',
    )
  }
}

interface ExchangeGuardDeps {
  claim: (state: string) => ClaimResult
  exchange: (request: ExchangeRequest) => Promise<ExchangeResponse>
}

export function createExchangeGuard({ claim, exchange }: ExchangeGuardDeps) {
  const inFlight = new Map<string, Promise<ExchangeResponse>>()
  return function exchangeOnce(request: ExchangeRequest): Promise<ExchangeResponse> {
    const existing = inFlight.get(request.state)
    if (existing) return existing
    const claimed = claim(request.state)
    const promise =
      claimed === 'claimed' ? exchange(request) : Promise.reject(new ExchangeRefusedError(claimed))
    inFlight.set(request.state, promise)
    return promise
  }
}

export const exchangeCodeOnce = createExchangeGuard({
  claim: (state) => pendingStates.claim(state),
  exchange: exchangeCode,
})
