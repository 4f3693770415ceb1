import { queryOptions } from '@tanstack/react-query'
import { HelloSchema } from '../../protocol/schemas'
import { ACCOUNT_KEY } from '../lib/account-key'
import { apiCall } from '../lib/api-call'
import { USER_HELLO } from '../../protocol/endpoint-rows-account'
import { apiGet } from '../lib/api-client'

export function fetchGreeting() {
  return apiGet(apiCall(USER_HELLO).path, HelloSchema)
}

export const helloQueries = {
  all: () => [...ACCOUNT_KEY, 'hello'] as const,
  greeting: () =>
    queryOptions({
      queryKey: [...helloQueries.all(), 'greeting'] as const,
      queryFn: () => fetchGreeting(),
      staleTime: 30_000,
    }),
}
