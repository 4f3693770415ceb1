import { queryOptions } from '@tanstack/react-query'
import { requestJson } from '../lib/api-client'

// Every first load reads the session: its schema loads with the request, not before it
// (api-client.ts, SchemaSource; the first-load budget, bench/bundle-budget.test.ts).
const sessionSchema = () =>
  import('../../protocol/session-schemas').then((module) => module.SessionResponseSchema)

export async function readSession() {
  const { data } = await requestJson('/auth/session', sessionSchema)
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
