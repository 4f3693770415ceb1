import { queryOptions } from '@tanstack/react-query'
import { PlaygroundConfigSchema } from '../../protocol/playground-common'
import { requestJson } from '../lib/api-client'

export async function fetchPlaygroundConfig() {
  const { data } = await requestJson('/auth/config', PlaygroundConfigSchema)
  return data
}

export const configQueries = {
  all: () => ['config'] as const,
  playground: () =>
    queryOptions({
      queryKey: [...configQueries.all(), 'playground'] as const,
      queryFn: () => fetchPlaygroundConfig(),
      // Fixed for the life of the server process.
      staleTime: Infinity,
    }),
}
