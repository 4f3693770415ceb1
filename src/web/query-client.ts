import { QueryCache, QueryClient } from '@tanstack/react-query'
import { isApiError } from './lib/api-error'
import { apiStatusStore } from './lib/api-status-store'
import { queryRetryDelay, refetchWhileUnreachable, shouldRetryQuery } from './lib/retry-policy'
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
 * - query functions do not take TanStack's AbortSignal: a consumed signal makes an unmount abort
 *   the request and the next mount send it again (StrictMode mounts twice in development), and
 *   every duplicate spends the user's rate limit. A late answer simply fills the cache.
 */
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
        retry: (failureCount, error) => shouldRetryQuery(failureCount, error),
        retryDelay: (failureCount, error) => queryRetryDelay(failureCount, error),
        // Recovers by itself when an unreachable server or service is back (retry-policy.ts).
        refetchInterval: (query) =>
          refetchWhileUnreachable(query.state.error, query.state.fetchFailureCount),
        staleTime: 30_000,
        retryOnMount: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
  return client
}
