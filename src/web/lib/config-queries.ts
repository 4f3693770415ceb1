import { queryOptions } from '@tanstack/react-query'
import { requestJson } from './api-client'

// The status bar asks on every first load: the schema loads with the request (api-client.ts).
const configSchema = () =>
  import('../../protocol/session-schemas').then((module) => module.PlaygroundConfigSchema)

export async function fetchPlaygroundConfig() {
  const { data } = await requestJson('/auth/config', configSchema)
  return data
}

export const configQueries = {
  all: () => ['config'] as const,
  playground: () =>
    queryOptions({
      queryKey: [...configQueries.all(), 'playground'] as const,
      queryFn: () => fetchPlaygroundConfig(),
      // Fixed for the life of the server process, but for this browser's own app: the Your app
      // page invalidates it when the app is saved or forgotten (your-app/your-app-queries.ts).
      staleTime: Infinity,
    }),
}
