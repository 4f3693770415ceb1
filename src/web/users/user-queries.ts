/**
 * A user and what belongs to them (`/users/:key`, `/users/:key/repos`, `/users/:key/groups`):
 * one module, so that forgetting an account (account-cache.ts) reaches every factory without
 * adding a chunk, and a file name to the first load's preload map (issue 7's bundle budget).
 */
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { GroupSchema, RepoSchema, UserSchema, type User } from '../../protocol/schemas'
import { ACCOUNT_KEY } from '../lib/account-key'
import { apiCall } from '../lib/api-call'
import { GROUP_LIST_BY_USER, USER_ME, USER_SHOW } from '../../protocol/endpoint-rows-users'
import { REPO_LIST_BY_USER } from '../../protocol/endpoint-rows-repos'
import { apiGet, type ApiResult } from '../lib/api-client'

export type UserResult = ApiResult<User>

export function fetchCurrentUser(): Promise<UserResult> {
  return apiGet(apiCall(USER_ME).path, UserSchema)
}

/** `key` is a login or an id already checked by parseUserKey (the proxy checks it again). */
export function fetchUser(key: string | number): Promise<UserResult> {
  return apiGet(apiCall(USER_SHOW, { login: key }).path, UserSchema)
}

const USER_STALE_TIME = 30_000

export const userQueries = {
  all: () => ['users'] as const,
  me: () =>
    queryOptions({
      queryKey: [...ACCOUNT_KEY, 'user', 'me'] as const,
      queryFn: () => fetchCurrentUser(),
      staleTime: USER_STALE_TIME,
    }),
  byLogin: (login: string) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'login', login] as const,
      queryFn: async ({ client }) => {
        const result = await fetchUser(login)
        // The same public record is now known by id: a later lookup by id needs no request.
        client.setQueryData(userQueries.byId(result.data.id).queryKey, result)
        return result
      },
      staleTime: USER_STALE_TIME,
    }),
  byId: (id: number) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'id', id] as const,
      queryFn: async ({ client }) => {
        const result = await fetchUser(id)
        client.setQueryData(userQueries.byLogin(result.data.login).queryKey, result)
        return result
      },
      staleTime: USER_STALE_TIME,
    }),
}

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
