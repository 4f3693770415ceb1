/**
 * The login's return, from the callback URL to the drawn profile. Its steps, in order:
 *
 * 0. A return that belongs to the flow lab goes on to the lab's callback page, untouched
 *    (lab-hand-over.ts): finishLogin hands it over first, and does nothing else with it.
 * 1. early-exchange.ts, the first script of the `/callback` shell, checks the address, claims the
 *    state in this tab's sessionStorage and sends `POST /auth/exchange` before the app has run.
 * 2. main.tsx, first thing, takes `code` and `state` out of the address bar (capture-callback.ts),
 *    and calls finishLogin with them: once per page life.
 * 3. finishLogin checks the address and the state, notes the check for the flow inspector, and
 *    takes the early script's request, or claims the state and sends the exchange itself.
 * 4. The API client judges the answer (its schema, its listeners). The query cache takes the
 *    session it describes, and the profile it carries (src/proxy/auth/prime-profile.ts), checked
 *    with the user schema, under userQueries.me()'s key.
 * 5. The other tabs hear of the login once this tab's channel to them is open (tab-sync.ts).
 * 6. The `/callback` route's loader (app-router.tsx) waits for all of this and replaces
 *    `/callback` with the landing path, where the profile page draws the profile from the cache.
 *    Whatever did not succeed, the callback page shows step by step (callback-page.tsx).
 *
 * What holds whatever the user or React does (docs/decisions/0004-callback-is-a-web-route.md):
 * the state must be one this tab sent, and it is spent before anything leaves (RFC 9700 §4.2.4),
 * so a reload, Back or a reopened callback URL exchanges nothing; a code is sent once and never
 * retried (RFC 6749 §4.1.2); the token stays in the proxy. Why the exchange leaves before the
 * app runs, and what each step costs: docs/decisions/0011-early-code-exchange.md.
 */
import type { QueryClient } from '@tanstack/react-query'
import { replace } from 'react-router-dom'
import type { ExchangeResponse } from '../../protocol/playground-api'
import type { SessionResponse } from '../../protocol/playground-common'
import { UserSchema } from '../../protocol/user-schema'
import { ACCOUNT_KEY } from '../lib/account-key'
import { apiStatusStore } from '../lib/api-status-store'
import { recordCallback, type CallbackRecord } from '../lib/keep-timeline'
import { readMeta } from '../lib/read-meta'
import { check } from '../lib/validate'
import { exchangeCode } from '../session/login-requests'
import { pendingStates, type ClaimResult, type PendingStates } from '../session/pending-states'
import { sessionQueries } from '../session/session-queries'
import { announceToOtherTabs } from '../session/tab-sync'
import { userQueries, type UserResult } from '../session/user-queries'
import {
  checkCallbackAddress,
  verifyState,
  type CallbackParams,
  type StateVerdict,
} from './callback-params'
import type { CapturedAddress } from './capture-callback'
import { earlyExchange, type EarlyExchange } from './early-exchange'
import { handOverLabReturn } from './lab-hand-over'
import { landingPath, startAgainHref } from './landing-path'

/** What the callback page shows: a login that did not go on to its landing path. */
export interface CallbackReport {
  params: CallbackParams
  verdict: StateVerdict
  /** Why the exchange failed; null when none was sent. */
  failure: { error: unknown } | null
  /** "Start again": the connect page, asking for what this login asked for (landing-path.ts). */
  retryHref: string
}

export interface LoginReturn {
  /** The `/callback` route's loader: the redirect to the landing path, or what the page shows. */
  land: () => Promise<Response | CallbackReport>
}

export interface FinishLoginDeps {
  client: QueryClient
  /** Settles once this tab's channel to the others is open (main.tsx). */
  tabsInStep: Promise<unknown>
  /** The request the early script sent (early-exchange.ts); the tests give their own. */
  early?: EarlyExchange | null
  /** This tab's states (pending-states.ts); the tests give their own storage. */
  states?: Pick<PendingStates, 'claim' | 'status' | 'requestOf'>
  /** Step 0 (lab-hand-over.ts); the tests give their own cookie and navigation. */
  handOver?: (address: CapturedAddress) => boolean
}

export function finishLogin(address: CapturedAddress, deps: FinishLoginDeps): LoginReturn {
  const { client, early = earlyExchange, states = pendingStates } = deps

  // 0. The lab's return: the page is going away to the lab's callback page; nothing is judged,
  // claimed, recorded or sent here, and the route waits (its loading line) until the page goes.
  if ((deps.handOver ?? handOverLabReturn)(address)) {
    return { land: () => new Promise<never>(() => undefined) }
  }

  // 3. The address and the state, judged before anything is sent. A state the early script
  // claimed is this page life's own; any other is claimed now.
  const params = checkCallbackAddress(address)
  const sentEarly =
    params.kind === 'code' && early?.state === params.state && early.code === params.code
      ? early.answer
      : null
  const verdict = sentEarly === null ? spendState(params, states) : 'match'
  if (params.kind !== 'empty') recordCallback(inspectorEntry(params, verdict))
  const retryHref = startAgainHref(states.requestOf(params.kind === 'empty' ? null : params.state))
  if (params.kind !== 'code' || verdict !== 'match') {
    const report: CallbackReport = { params, verdict, failure: null, retryHref }
    return { land: () => Promise.resolve(report) }
  }

  // The one exchange of this code: nothing here sends it again, and nothing retries it.
  const connected = exchangeCode({ code: params.code, state: params.state }, sentEarly).then(
    async (answer) => {
      // 4. The answer in the cache.
      await startSession(client, answer)
      // 5. Told before this tab's channel is open, the other tabs would never hear it.
      await deps.tabsInStep.catch(() => undefined)
      announceToOtherTabs('connected')
      return answer
    },
  )
  // Judged where the loader takes it; never an unhandled rejection meanwhile.
  connected.catch(() => undefined)

  return {
    // 6. In place of /callback, so that Back never returns to it.
    land: () =>
      connected.then(
        (answer) => replace(landingPath(answer.returnTo)),
        (error: unknown): CallbackReport => ({ params, verdict, failure: { error }, retryHref }),
      ),
  }
}

const VERDICT_OF_CLAIM: Record<ClaimResult, StateVerdict> = {
  claimed: 'match',
  'already-used': 'used',
  unknown: 'unknown',
}

/**
 * The state's verdict. A code or an error that comes back with a state spends it, whatever the
 * outcome (RFC 9700 §4.2.4): only the first claim of a pending state matches. A malformed
 * answer spends nothing.
 */
function spendState(
  params: CallbackParams,
  states: Pick<PendingStates, 'claim' | 'status'>,
): StateVerdict {
  const state = params.kind === 'empty' ? null : params.state
  if (state === null) return 'missing'
  if (params.kind === 'invalid') return verifyState(state, states.status(state))
  return VERDICT_OF_CLAIM[states.claim(state)]
}

/** The check, for the flow inspector: what the address carried and the verdict, never the code. */
function inspectorEntry(
  params: Exclude<CallbackParams, { kind: 'empty' }>,
  verdict: StateVerdict,
): CallbackRecord {
  return {
    kind: 'callback',
    at: Date.now(),
    result: params.kind,
    verdict,
    ...(params.kind === 'error' ? { error: params.error.slice(0, 64) } : {}),
    ...(params.kind !== 'invalid' && params.state !== null
      ? { stateStart: params.state.slice(0, 6) }
      : {}),
  }
}

/**
 * 4. Nothing of a previous account stays; the session is what the answer says (what
 * `GET /auth/session` would now answer), and the profile is the one it carried. Without one, the
 * profile is asked for at once: the header and the usual landing page show it.
 */
async function startSession(client: QueryClient, answer: ExchangeResponse): Promise<void> {
  client.removeQueries({ queryKey: ACCOUNT_KEY })
  apiStatusStore.resetForNewSession()
  // A session read that left before the exchange would answer "not connected": drop it.
  await client.cancelQueries({ queryKey: sessionQueries.all() })
  const session: SessionResponse = {
    connected: true,
    scope: answer.scope,
    requestedScope: answer.requestedScope,
    connectedAt: answer.connectedAt,
  }
  client.setQueryData(sessionQueries.current().queryKey, session)
  const profile = carriedProfile(answer.user)
  if (profile === null) {
    void client.prefetchQuery(userQueries.me())
    return
  }
  // What the API client's listeners would take from the answer (main.tsx wires them): the rate
  // limit and the scopes its headers say.
  apiStatusStore.recordResponse(profile.meta)
  client.setQueryData(userQueries.me().queryKey, profile)
}

/**
 * The profile the answer carried, checked as the API client checks `GET /api/v2/user`'s answer;
 * null when there is none or it is no user (the profile is then asked for, and shows what comes).
 */
function carriedProfile(user: ExchangeResponse['user']): UserResult | null {
  if (user === undefined) return null
  const checked = check(UserSchema, user.body, true)
  if (!checked.ok) return null
  const headers = new Headers(
    user.headers.filter((pair): pair is [string, string] => pair.length === 2),
  )
  // The proxy passes on a 200 only (prime-profile.ts).
  return { data: checked.data, meta: readMeta({ status: 200, headers }) }
}
