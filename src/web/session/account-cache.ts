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
  // A read that left before the change would answer for the old session, and a first read (no
  // data yet) is not restarted by invalidation but joined: drop it, then read again.
  await client.cancelQueries({ queryKey: sessionQueries.all() })
  await client.invalidateQueries({ queryKey: sessionQueries.all() })
}
