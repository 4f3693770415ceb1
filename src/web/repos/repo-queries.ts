import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { RepoSchema } from '../../protocol/schemas'
import { apiGet } from '../lib/api-client'

const ReposSchema = z.array(RepoSchema)

/** Needs `repo:read` (scope-uses.ts); a 403 says so in `X-Accepted-OAuth-Scopes`. */
export function fetchUserRepos(login: string) {
  return apiGet(`/api/v2/users/${encodeURIComponent(login)}/repos`, ReposSchema)
}

export const repoQueries = {
  all: () => ['repos'] as const,
  byUser: (login: string) =>
    queryOptions({
      queryKey: [...repoQueries.all(), 'user', login] as const,
      queryFn: () => fetchUserRepos(login),
      staleTime: 30_000,
    }),
}
