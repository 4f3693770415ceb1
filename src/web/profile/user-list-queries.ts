/**
 * What belongs to a user (`/users/:key/repos`, `/users/:key/groups`): apart from user-queries.ts,
 * whose module the first load holds whole, so that these schemas and rows load with the profile
 * page that shows them (docs/decisions/0008). Their keys start with ACCOUNT_KEY: forgetting an
 * account (account-cache.ts) removes them without importing this module.
 */
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { GroupSchema, RepoSchema } from '../../protocol/schemas'
import { ACCOUNT_KEY } from '../lib/account-key'
import { apiCall } from '../lib/api-call'
import { GROUP_LIST_BY_USER } from '../../protocol/endpoint-rows-account'
import { REPO_LIST_BY_USER } from '../../protocol/endpoint-rows-account'
import { apiGet } from '../lib/api-client'
import { USER_STALE_TIME } from '../session/user-queries'

const ReposSchema = z.array(RepoSchema)

/** Needs `repo:read` (endpoints.ts); a 403 says so in `X-Accepted-OAuth-Scopes`. */
export function fetchUserRepos(login: string) {
  return apiGet(apiCall(REPO_LIST_BY_USER, { login }).path, ReposSchema)
}

/** The token decides what they list: they belong to the connected account. */
export const repoQueries = {
  all: () => [...ACCOUNT_KEY, 'repos'] as const,
  byUser: (login: string) =>
    queryOptions({
      queryKey: [...repoQueries.all(), 'user', login] as const,
      queryFn: () => fetchUserRepos(login),
      staleTime: USER_STALE_TIME,
    }),
}

const GroupsSchema = z.array(GroupSchema)

/** Needs `group:read` (endpoints.ts); a 403 says so in `X-Accepted-OAuth-Scopes`. */
export function fetchUserGroups(id: number) {
  return apiGet(apiCall(GROUP_LIST_BY_USER, { id }).path, GroupsSchema)
}

export const groupQueries = {
  all: () => [...ACCOUNT_KEY, 'groups'] as const,
  byUser: (id: number) =>
    queryOptions({
      queryKey: [...groupQueries.all(), 'user', id] as const,
      queryFn: () => fetchUserGroups(id),
      staleTime: USER_STALE_TIME,
    }),
}
