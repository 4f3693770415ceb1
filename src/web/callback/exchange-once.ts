/**
 * The code exchange happens at most once per state in this tab, whatever React or the user does:
 * StrictMode runs effects twice, and a reload or the back button can bring a callback back.
 *
 * 1. A module-level map of in-flight exchanges keyed by state: a second call during the same page
 *    life gets the same promise, so one POST /auth/exchange.
 * 2. The state is marked used in sessionStorage synchronously, before the request starts: a later
 *    page life (reload, back, bfcache) finds it used and exchanges nothing.
 * Nothing retries it: an authorization code is single-use (RFC 6749 §4.1.2).
 *
 * The exchange starts before the app boots: the callback's early script sends it
 * (early-exchange.ts, docs/decisions/0011), or else main.tsx as the app starts
 * (exchangeFromAddressBar); the route's loader and the callback page then get the same promise.
 */
import type { QueryClient } from '@tanstack/react-query'
import { replace } from 'react-router-dom'
import type { ExchangeRequest, ExchangeResponse } from '../../protocol/playground-api'
import { startSession } from '../session/account-cache'
import { announceToOtherTabs } from '../session/tab-sync'
import { exchangeCode } from '../session/login-requests'
import { verifyState, type CallbackParams } from './callback-params'
import { forgetCapturedCallback, peekCapturedCallback } from './capture-callback'
import { earlyExchange } from './early-exchange'
import { pendingStates, type ClaimResult, type StoredStateStatus } from '../session/pending-states'
import { landingPath } from './landing-path'
import { recordCallbackOnce } from './record-callback'

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
  /** The stored status of a state (pending-states.ts). */
  status: (state: string) => StoredStateStatus
}

export function createExchangeGuard({ claim, exchange, status }: ExchangeGuardDeps) {
  const inFlight = new Map<string, Promise<ExchangeResponse>>()
  /** The states this page life claimed itself: its own exchange, started early or not. */
  const claimedHere = new Set<string>()
  function exchangeOnce(request: ExchangeRequest): Promise<ExchangeResponse> {
    const existing = inFlight.get(request.state)
    if (existing) return existing
    const claimed = claim(request.state)
    if (claimed === 'claimed') claimedHere.add(request.state)
    const promise =
      claimed === 'claimed' ? exchange(request) : Promise.reject(new ExchangeRefusedError(claimed))
    inFlight.set(request.state, promise)
    return promise
  }
  return Object.assign(exchangeOnce, {
    /**
     * The state's status as the callback page judges it: a state this page life is exchanging
     * already (the early start) is the page's own pending login, not one used before.
     */
    statusOf(state: string): StoredStateStatus {
      return claimedHere.has(state) ? 'pending' : status(state)
    },
  })
}

export type ExchangeGuard = ReturnType<typeof createExchangeGuard>

/**
 * Starts the exchange of a callback's code when the state is this tab's pending one, and answers
 * its promise; does nothing otherwise (the callback page shows why) and answers null.
 */
export function startExchangeEarly(
  params: CallbackParams,
  guard: ExchangeGuard,
): Promise<ExchangeResponse> | null {
  if (params.kind !== 'code') return null
  const status = guard.statusOf(params.state)
  // The check precedes the exchange, in the inspector too (its entries keep their order).
  recordCallbackOnce(params, verifyState(params.state, status))
  if (status !== 'pending') return null
  const exchange = guard({ code: params.code, state: params.state })
  // Handled here so that it is never an unhandled rejection; the page awaits the same promise
  // and reports the failure.
  exchange.catch(() => undefined)
  return exchange
}

/**
 * A state the callback's early script claimed (early-exchange.ts) is this page life's own: its
 * exchange is the one that left then, whose answer the API client takes as this request's.
 */
export const exchangeCodeOnce = createExchangeGuard({
  claim: (state) => (earlyExchange.claimed(state) ? 'claimed' : pendingStates.claim(state)),
  exchange: (request) => exchangeCode(request, earlyExchange.take(request)),
  status: (state) => (earlyExchange.claimed(state) ? 'pending' : pendingStates.status(state)),
})

const sessionsStarted = new WeakMap<ExchangeResponse, Promise<void>>()

/**
 * The cache takes the exchange's answer once (account-cache.ts: the session as the answer says,
 * the new account's profile asked for at once), whether the early start or the callback page
 * gets there first: a second start would drop the profile's request in flight and ask again.
 */
export function startSessionOnce(client: QueryClient, response: ExchangeResponse): Promise<void> {
  let started = sessionsStarted.get(response)
  if (started === undefined) {
    started = startSession(client, response)
    sessionsStarted.set(response, started)
  }
  return started
}

/**
 * main.tsx, as the app starts on a callback with parameters: the exchange the early script sent
 * (or, without it, one that leaves now) primes the cache with its answer as soon as it comes.
 */
export function exchangeFromAddressBar(client: QueryClient): void {
  startExchangeEarly(peekCapturedCallback(), exchangeCodeOnce)?.then(
    (response) => startSessionOnce(client, response),
    () => undefined,
  )
  // A login usually lands on the profile: its code loads while the code is exchanged, and so
  // does what every connected page shows (the header's account, the rate-limit meter), which
  // the first connected render would otherwise fetch one after the other (bench: the login
  // round trip's resource timeline).
  void import('../profile/profile-page')
  void import('../layout/connected')
  void import('../layout/api-notices')
}

/**
 * The callback route's loader (app-router.tsx): it waits for the exchange the app started as it
 * booted (the callback's early script's, or exchangeFromAddressBar's), and on success goes where
 * the login leads without drawing the callback page first (bench: the login round trip). The
 * page shows what did not succeed, step by step: an invalid address, a state this tab did not
 * send, the service's error, a refused exchange (null here).
 */
export async function leaveIfExchanged(client: QueryClient): Promise<Response | null> {
  const exchange = startExchangeEarly(peekCapturedCallback(), exchangeCodeOnce)
  if (exchange === null) return null
  let response: ExchangeResponse
  try {
    response = await exchange
    await startSessionOnce(client, response)
  } catch {
    return null
  }
  // What the callback page does on success (callback-page.tsx), the page not being drawn.
  announceToOtherTabs('connected')
  forgetCapturedCallback()
  // In place of /callback, as the page's navigate(…, { replace: true }): Back never returns to it.
  return replace(landingPath(response.returnTo))
}
