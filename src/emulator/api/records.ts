/**
 * The seed's users as the API's records (the others: shapes.ts), in the service's shape (V2User
 * of yuque-openapi-2.0.1.json). A user record never carries e-mail or telephone
 * (docs/service.md#user-resource). Counts are counted, never constants; a field the document types
 * as a string (not nullable) is never null (`text`), in both profiles.
 */
import type { User } from '../../protocol/schemas'
import type { SeedGroup, SeedUser } from '../seed'

export interface Directory {
  users: readonly SeedUser[]
  groups: readonly SeedGroup[]
  userById(id: number): SeedUser | undefined
  userByLogin(login: string): SeedUser | undefined
  groupsOf(user: SeedUser): SeedGroup[]
  groupByLogin(login: string): SeedGroup | undefined
}

export function createDirectory(
  users: readonly SeedUser[],
  groups: readonly SeedGroup[],
): Directory {
  const byId = new Map(users.map((user) => [user.id, user]))
  const byLogin = new Map(users.map((user) => [user.login, user]))
  const groupsByLogin = new Map(groups.map((group) => [group.login, group]))
  return {
    users,
    groups,
    userById: (id) => byId.get(id),
    userByLogin: (login) => byLogin.get(login),
    groupsOf: (user) => groups.filter((group) => group.members.includes(user.login)),
    groupByLogin: (login) => groupsByLogin.get(login),
  }
}

/**
 * yuque-openapi-2.0.1.json types `description` of V2User, V2Group and V2Book as a string, not
 * nullable: a record without one says "" (docs/service.md#user-resource allows null, so clients
 * accept both).
 */
export function text(value: string | null): string {
  return value ?? ''
}

/**
 * V2User `books_count` and `public_books_count`: the owner's repositories as the model holds them
 * now, counted by the caller (shapes.ts, `userRecordOf`), so they follow creates, deletes and
 * changes of visibility.
 */
export interface BookCounts {
  books_count: number
  public_books_count: number
}

export function avatarUrl(origin: string, login: string): string {
  return `${origin}/avatars/${encodeURIComponent(login)}.svg`
}

export function userRecord(user: SeedUser, origin: string, counts: BookCounts): User {
  return {
    id: user.id,
    type: 'User',
    login: user.login,
    name: user.name,
    description: text(user.description),
    avatar_url: avatarUrl(origin, user.login),
    ...counts,
    followers_count: user.followersCount,
    following_count: user.followingCount,
    public: 1,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  }
}
