import { onlineManager, QueryCache, QueryClient, type Query } from '@tanstack/react-query'
import { isApiError } from './lib/api-error'
import { apiStatusStore } from './lib/api-status-store'
import {
  isUnreachable,
  queryRetryDelay,
  refetchWhileUnreachable,
  shouldRetryQuery,
} from './lib/retry-policy'
import { sessionQueries } from './session/session-queries'

/**
 * The cache policy of the app, decided once:
 * - retries: see lib/retry-policy.ts (4xx never except 429 after a short Retry-After; network
 *   errors and 5xx at most twice). Mutations never retry: the code exchange is single-use.
 * - staleTime 30 s (per factory): going back and forth between pages makes no new request for
 *   data that is still fresh, and every request spends the user's rate limit.
 * - retryOnMount off: a query in error is not sent again just because another component that
 *   shows it mounts (the lazy header did, so a 429 was asked twice at once, ignoring Retry-After).
 *   The retry policy, the Retry button and the refetch while unreachable decide instead.
 * - refetchOnWindowFocus off by default for the same reason; the session query (free, not
 *   rate-limited) turns it on so a logout in another tab shows here.
 * - the QueryCache's onError is the one place that reacts to "the service rejected the token".
 * - offline (TanStack's onlineManager, which follows the window's online/offline events by
 *   default): networkMode 'always', so a request made offline is sent, fails at once and its page
 *   says the server could not be reached, instead of a query "paused" in its loading state for as
 *   long as the connection is gone (a skeleton that never ends). No retry while offline: it would
 *   only delay that answer. When the connection is back, what failed for want of it asks again at
 *   once (refetchOnReconnect below), without a reload (e2e/offline.spec.ts).
 * - query functions do not take TanStack's AbortSignal: a consumed signal makes an unmount abort
 *   the request and the next mount send it again (StrictMode mounts twice in development), and
 *   every duplicate spends the user's rate limit. A late answer simply fills the cache.
 */
/** The query's latest attempt found nobody answering, and no newer data came since. */
function failedOffline(query: Query): boolean {
  const { error, errorUpdatedAt, dataUpdatedAt } = query.state
  return isUnreachable(error) && errorUpdatedAt >= dataUpdatedAt
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (!isApiError(error) || !error.isSessionEnded) return
        // The proxy has already dropped the session: say so, and stop asking for account data.
        apiStatusStore.markSessionEnded()
        client.setQueryData(sessionQueries.current().queryKey, { connected: false })
        void client.invalidateQueries({ queryKey: sessionQueries.all() })
      },
    }),
    defaultOptions: {
      queries: {
        networkMode: 'always',
        retry: (failureCount, error) =>
          onlineManager.isOnline() && shouldRetryQuery(failureCount, error),
        retryDelay: (failureCount, error) => queryRetryDelay(failureCount, error),
        // Recovers by itself when an unreachable server or service is back (retry-policy.ts).
        refetchInterval: (query) =>
          refetchWhileUnreachable(query.state.error, query.state.fetchFailureCount),
        staleTime: 30_000,
        retryOnMount: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: (query) => (failedOffline(query) ? 'always' : true),
      },
      // A mutation made offline (Disconnect, the explorer's Send) fails and says so rather than
      // waiting, paused, to be sent when the connection is back (e2e/explorer-safety.spec.ts).
      mutations: { retry: false, networkMode: 'always' },
    },
  })
  return client
}
