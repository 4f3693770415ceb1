/**
 * Which views of the playground call which endpoint, and the scope each needs. The one table
 * that the profile's panels (their badge and their grant button) and the scopes page (its "used
 * by" column) both read, so the two cannot disagree.
 */
import { requestLine } from '../../protocol/endpoint-path'
import {
  GROUP_LIST_BY_USER,
  USER_HELLO,
  USER_ME,
  USER_SHOW,
} from '../../protocol/endpoint-rows-account'
import { REPO_LIST_BY_USER } from '../../protocol/endpoint-rows-account'
import type { Endpoint } from '../../protocol/endpoint-types'
import { implies } from '../../protocol/scopes'

export interface ScopeUse {
  /** The view; its name in each language is the scopes catalog's `view[id]`. */
  id: 'profile' | 'profile-repos' | 'profile-groups' | 'hello' | 'user-lookup'
  /** The page it is on. */
  path: string
  /** The operation it calls (endpoints.ts), which says its request line and its scope. */
  endpoint: Endpoint
  /** `GET /users/{login}/repos`, from the endpoint table. */
  request: string
  /** The scope the endpoint needs; null when public read-only is enough. */
  scope: string | null
}

/** A view whose endpoint needs a scope. */
export type ScopedUse = ScopeUse & { scope: string }

function viewOf(id: ScopeUse['id'], path: string, endpoint: Endpoint): ScopeUse {
  return { id, path, endpoint, request: requestLine(endpoint), scope: endpoint.scope }
}

function scopedViewOf(...args: Parameters<typeof viewOf>): ScopedUse {
  const use = viewOf(...args)
  const { scope } = use
  if (scope === null) throw new Error(`${use.endpoint.id} needs no scope (endpoints.ts)`)
  return { ...use, scope }
}

/** The profile's repositories panel. */
export const REPOS_USE = scopedViewOf('profile-repos', '/me', REPO_LIST_BY_USER)

/** The profile's teams panel. */
export const GROUPS_USE = scopedViewOf('profile-groups', '/me', GROUP_LIST_BY_USER)

export const SCOPE_USES: readonly ScopeUse[] = [
  viewOf('profile', '/me', USER_ME),
  REPOS_USE,
  GROUPS_USE,
  viewOf('hello', '/hello', USER_HELLO),
  viewOf('user-lookup', '/users', USER_SHOW),
]

/** The views a scope serves: those that need it, or need a scope it implies (`repo` → `repo:read`). */
export function usesOfScope(scope: string): ScopeUse[] {
  return SCOPE_USES.filter((use) => use.scope !== null && implies(scope, use.scope))
}

/** The views that need no scope at all. */
export function publicUses(): ScopeUse[] {
  return SCOPE_USES.filter((use) => use.scope === null)
}
