import { queryOptions } from '@tanstack/react-query'
import { UserSchema, type User } from '../../protocol/schemas'
import { apiGet, type ApiResult } from '../lib/api-client'

export type UserResult = ApiResult<User>

export function fetchCurrentUser(): Promise<UserResult> {
  return apiGet('/api/v2/user', UserSchema)
}

/** `key` is a login or an id already checked by parseUserKey (the proxy checks it again). */
export function fetchUser(key: string | number): Promise<UserResult> {
  return apiGet(`/api/v2/users/${encodeURIComponent(String(key))}`, UserSchema)
}

const USER_STALE_TIME = 30_000

export const userQueries = {
  all: () => ['users'] as const,
  me: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'me'] as const,
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
