import type { QueryClient } from '@tanstack/react-query'
import { userQueries } from './user-queries'

/** The profile the header (and the profile page) show, asked for early (prefetch-account.ts). */
export function prefetchCurrentUser(client: QueryClient): Promise<void> {
  const state = client.getQueryState(userQueries.me().queryKey)
  // An answer on its way is not asked for twice, and an error (a 429, a 401) is not asked
  // again at once, as the retry policy says.
  if (state?.fetchStatus === 'fetching' || state?.status === 'error') return Promise.resolve()
  return client.prefetchQuery(userQueries.me())
}
