/**
 * The API's records, built from the seed in the real service's shapes (V2User, V2Book, V2Group
 * of yuque-openapi-2.0.1.json). A user record never carries e-mail or telephone
 * (docs/service.md#user-resource). Counts are counted, never constants; a field the document types
 * as a string (not nullable) is never null (`text`), in both profiles.
 */
import type { Group, Repo, User } from '../../protocol/schemas'
import type { SeedGroup, SeedRepo, SeedUser } from '../seed'

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

/** V2User/V2Group `books_count` and `public_books_count`: the owner's repositories, counted. */
function bookCounts(repos: readonly SeedRepo[]) {
  return {
    books_count: repos.length,
    public_books_count: repos.filter((repo) => repo.public === 1).length,
  }
}

export function avatarUrl(origin: string, login: string): string {
  return `${origin}/avatars/${encodeURIComponent(login)}.svg`
}

export function userRecord(user: SeedUser, origin: string): User {
  return {
    id: user.id,
    type: 'User',
    login: user.login,
    name: user.name,
    description: text(user.description),
    avatar_url: avatarUrl(origin, user.login),
    ...bookCounts(user.repos),
    followers_count: user.followersCount,
    following_count: user.followingCount,
    public: 1,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  }
}

export type RepoRecord = Repo & { creator_id: number; user: User }

export function repoRecord(repo: SeedRepo, owner: SeedUser, origin: string): RepoRecord {
  return {
    id: repo.id,
    type: repo.type ?? 'Book',
    slug: repo.slug,
    name: repo.name,
    namespace: `${owner.login}/${repo.slug}`,
    user_id: owner.id,
    creator_id: owner.id,
    description: text(repo.description),
    public: repo.public,
    items_count: repo.itemsCount,
    likes_count: repo.likesCount,
    watches_count: repo.watchesCount,
    content_updated_at: repo.contentUpdatedAt,
    created_at: repo.createdAt,
    updated_at: repo.updatedAt,
    user: userRecord(owner, origin),
  }
}

export type GroupRecord = Group & { public_books_count: number }

export function groupRecord(group: SeedGroup, origin: string): GroupRecord {
  return {
    id: group.id,
    type: 'Group',
    login: group.login,
    name: group.name,
    description: text(group.description),
    avatar_url: avatarUrl(origin, group.login),
    ...bookCounts(group.repos ?? []),
    members_count: group.members.length,
    public: group.public,
    created_at: group.createdAt,
    updated_at: group.updatedAt,
  }
}
