/**
 * Which views of the playground call which endpoint, and the scope each needs. The one table
 * that the profile's panels (their badge and their grant button) and the scopes page (its "used
 * by" column) both read, so the two cannot disagree.
 */
import { implies } from '../../protocol/scopes'

export interface ScopeUse {
  id: 'profile' | 'profile-repos' | 'profile-groups' | 'hello' | 'user-lookup'
  /** The view as the user finds it. */
  view: string
  /** The page it is on. */
  path: string
  request: string
  /** The scope the endpoint needs; null when public read-only is enough. */
  scope: string | null
}

/** A view whose endpoint needs a scope. */
export type ScopedUse = ScopeUse & { scope: string }

/** The profile's repositories panel. */
export const REPOS_USE = {
  id: 'profile-repos',
  view: 'Profile: your repositories',
  path: '/me',
  request: 'GET /users/:login/repos',
  scope: 'repo:read',
} as const satisfies ScopedUse

/** The profile's teams panel. */
export const GROUPS_USE = {
  id: 'profile-groups',
  view: 'Profile: your teams',
  path: '/me',
  request: 'GET /users/:id/groups',
  scope: 'group:read',
} as const satisfies ScopedUse

export const SCOPE_USES: readonly ScopeUse[] = [
  { id: 'profile', view: 'Profile: your account', path: '/me', request: 'GET /user', scope: null },
  REPOS_USE,
  GROUPS_USE,
  { id: 'hello', view: 'Hello', path: '/hello', request: 'GET /hello', scope: null },
  {
    id: 'user-lookup',
    view: 'Users: look up a user',
    path: '/users',
    request: 'GET /users/:login',
    scope: null,
  },
]

/** The views a scope serves: those that need it, or need a scope it implies (`repo` → `repo:read`). */
export function usesOfScope(scope: string): ScopeUse[] {
  return SCOPE_USES.filter((use) => use.scope !== null && implies(scope, use.scope))
}

/** The views that need no scope at all. */
export function publicUses(): ScopeUse[] {
  return SCOPE_USES.filter((use) => use.scope === null)
}
