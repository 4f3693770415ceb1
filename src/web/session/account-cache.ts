import type { QueryClient } from '@tanstack/react-query'
import { helloQueries } from '../hello/hello-queries'
import { groupQueries, repoQueries, userQueries } from '../users/user-queries'
import { apiStatusStore } from '../lib/api-status-store'
import { sessionQueries } from './session-queries'

/**
 * Forget what belonged to the previous account (its profile, its greeting, its repositories and
 * teams, its token's scopes) and re-read the session: a new token may hold other scopes, so a
 * panel refused for a missing scope asks again. Public lookups stay: they do not depend on who
 * is connected.
 */
export async function refreshAfterSessionChange(client: QueryClient): Promise<void> {
  client.removeQueries({ queryKey: userQueries.me().queryKey })
  client.removeQueries({ queryKey: helloQueries.all() })
  client.removeQueries({ queryKey: repoQueries.all() })
  client.removeQueries({ queryKey: groupQueries.all() })
  apiStatusStore.resetForNewSession()
  await client.invalidateQueries({ queryKey: sessionQueries.all() })
}
