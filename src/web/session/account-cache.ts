import type { QueryClient } from '@tanstack/react-query'
import { ACCOUNT_KEY } from '../lib/account-key'
import { apiStatusStore } from '../lib/api-status-store'
import { sessionQueries } from './session-queries'

/**
 * Forget what belonged to the previous account (its profile, its greeting, its repositories and
 * teams, its token's scopes) and re-read the session: a new token may hold other scopes, so a
 * panel refused for a missing scope asks again. Public lookups stay: they do not depend on who
 * is connected.
 */
export async function refreshAfterSessionChange(client: QueryClient): Promise<void> {
  client.removeQueries({ queryKey: ACCOUNT_KEY })
  apiStatusStore.resetForNewSession()
  // A session read sent before the change (the callback page's own, on a fresh load) may still
  // be on its way with the old answer; with no data yet, invalidating would wait for it instead
  // of asking again. Drop it first, so the session is read with the new cookie.
  await client.cancelQueries({ queryKey: sessionQueries.all() })
  await client.invalidateQueries({ queryKey: sessionQueries.all() })
}
