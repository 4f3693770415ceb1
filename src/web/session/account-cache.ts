import type { QueryClient } from '@tanstack/react-query'
import type { ExchangeResponse } from '../../protocol/playground-api'
import type { SessionResponse } from '../../protocol/playground-common'
import { USER_ME } from '../../protocol/endpoint-rows-account'
import { ACCOUNT_KEY } from '../lib/account-key'
import { apiCall } from '../lib/api-call'
import { forgetPrimedAnswers, primeAnswer } from '../lib/api-client'
import { userQueries } from './user-queries'
import { apiStatusStore } from '../lib/api-status-store'
import { sessionQueries } from './session-queries'

/**
 * Forget what belonged to the previous account (its profile, its greeting, its repositories and
 * teams, its token's scopes) and re-read the session: a new token may hold other scopes, so a
 * panel refused for a missing scope asks again. Public lookups stay: they do not depend on who
 * is connected.
 */
export async function refreshAfterSessionChange(client: QueryClient): Promise<void> {
  forgetPrimedAnswers()
  client.removeQueries({ queryKey: ACCOUNT_KEY })
  apiStatusStore.resetForNewSession()
  // A session read sent before the change (the callback page's own, on a fresh load) may still
  // be on its way with the old answer; with no data yet, invalidating would wait for it instead
  // of asking again. Drop it first, so the session is read with the new cookie.
  await client.cancelQueries({ queryKey: sessionQueries.all() })
  await client.invalidateQueries({ queryKey: sessionQueries.all() })
}

/**
 * After the code exchange: the answer says what `GET /auth/session` would, so the cache takes it
 * instead of asking again, and the new account's profile (which the header and the usual landing
 * page show) is requested at once (bench: the login round trip). When the exchange's answer
 * brought the profile (src/proxy/auth/prime-profile.ts), that request is answered with it, through
 * the same checks and listeners as any answer, without leaving the browser.
 */
export async function startSession(
  client: QueryClient,
  session: Pick<ExchangeResponse, 'scope' | 'requestedScope' | 'connectedAt' | 'user'>,
): Promise<void> {
  forgetPrimedAnswers()
  if (session.user !== undefined) {
    primeAnswer(
      apiCall(USER_ME).path,
      new Response(session.user.body, {
        status: 200,
        headers: [
          ...session.user.headers.filter((pair): pair is [string, string] => pair.length === 2),
          ['Content-Type', 'application/json'],
        ],
      }),
    )
  }
  client.removeQueries({ queryKey: ACCOUNT_KEY })
  apiStatusStore.resetForNewSession()
  // A session read that left before the exchange would answer "not connected": drop it.
  await client.cancelQueries({ queryKey: sessionQueries.all() })
  const connected: SessionResponse = {
    connected: true,
    scope: session.scope,
    requestedScope: session.requestedScope,
    connectedAt: session.connectedAt,
  }
  client.setQueryData(sessionQueries.current().queryKey, connected)
  void client.prefetchQuery(userQueries.me())
}
