import type { QueryClient } from '@tanstack/react-query'
import { helloQueries } from '../hello/hello-queries'
import { userQueries } from '../users/user-queries'
import { apiStatusStore } from '../lib/api-status-store'
import { sessionQueries } from './session-queries'

/**
 * Forget what belonged to the previous account (its profile, its greeting, its token's scopes)
 * and re-read the session. Public lookups stay: they do not depend on who is connected.
 */
export async function refreshAfterSessionChange(client: QueryClient): Promise<void> {
  client.removeQueries({ queryKey: userQueries.me().queryKey })
  client.removeQueries({ queryKey: helloQueries.all() })
  apiStatusStore.resetForNewSession()
  await client.invalidateQueries({ queryKey: sessionQueries.all() })
}
