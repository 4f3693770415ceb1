/**
 * A user (`/user`, `/users/:key`): the first load asks for the connected one's profile
 * (prefetch-account.ts), so this module is in the first load, whole. What belongs to a user
 * (repositories, teams) is in user-list-queries.ts, which only the profile page loads
 * (docs/decisions/0008).
 */
import { queryOptions } from '@tanstack/react-query'
import type { User } from '../../protocol/user-schema'
import { ACCOUNT_KEY } from '../lib/account-key'
import { apiCall } from '../lib/api-call'
import { USER_ME, USER_SHOW } from '../../protocol/endpoint-rows-account'
import { apiGet, type ApiResult } from '../lib/api-client'

export type UserResult = ApiResult<User>

// The header asks for the profile on every connected first load: the schema loads with the
// request (api-client.ts, SchemaSource; the first-load budget, bench/bundle-budget.test.ts).
const userSchema = () => import('../../protocol/user-schema').then((module) => module.UserSchema)

export function fetchCurrentUser(): Promise<UserResult> {
  return apiGet(apiCall(USER_ME).path, userSchema)
}

/** `key` is a login or an id already checked by parseUserKey (the proxy checks it again). */
export function fetchUser(key: string | number): Promise<UserResult> {
  return apiGet(apiCall(USER_SHOW, { login: key }).path, userSchema)
}

export const USER_STALE_TIME = 30_000

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
