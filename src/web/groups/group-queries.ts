import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { GroupSchema } from '../../protocol/schemas'
import { apiGet } from '../lib/api-client'

const GroupsSchema = z.array(GroupSchema)

/** Needs `group:read` (scope-uses.ts); a 403 says so in `X-Accepted-OAuth-Scopes`. */
export function fetchUserGroups(id: number) {
  return apiGet(`/api/v2/users/${id}/groups`, GroupsSchema)
}

export const groupQueries = {
  all: () => ['groups'] as const,
  byUser: (id: number) =>
    queryOptions({
      queryKey: [...groupQueries.all(), 'user', id] as const,
      queryFn: () => fetchUserGroups(id),
      staleTime: 30_000,
    }),
}
