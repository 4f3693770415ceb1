import { queryOptions } from '@tanstack/react-query'
import { HelloSchema } from '../../protocol/schemas'
import { apiGet } from '../lib/api-client'

export function fetchGreeting() {
  return apiGet('/api/v2/hello', HelloSchema)
}

export const helloQueries = {
  all: () => ['hello'] as const,
  greeting: () =>
    queryOptions({
      queryKey: [...helloQueries.all(), 'greeting'] as const,
      queryFn: () => fetchGreeting(),
      staleTime: 30_000,
    }),
}
