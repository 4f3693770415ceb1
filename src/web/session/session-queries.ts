import { queryOptions } from '@tanstack/react-query'
// playground-common, not playground-api: every first load reads the session, while the login
// requests (login-requests.ts) belong to the pages that make them (the first-load budget, bench/bundle-budget.test.ts).
import { SessionResponseSchema } from '../../protocol/playground-common'
import { requestJson } from '../lib/api-client'

export async function readSession() {
  const { data } = await requestJson('/auth/session', SessionResponseSchema)
  return data
}

export const sessionQueries = {
  all: () => ['session'] as const,
  current: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'current'] as const,
      queryFn: () => readSession(),
      // Cheap and unmetered (the proxy answers it alone), and another tab may log out: keep it
      // in step when the user comes back to this tab.
      staleTime: 30_000,
      refetchOnWindowFocus: true,
    }),
}
