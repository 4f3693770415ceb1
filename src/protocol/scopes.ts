/**
 * The service's scopes (docs/service.md#scopes): a full scope includes its `:read` variant, scopes
 * are separated by commas, and a token keeps the canonical list (implied scopes dropped).
 */

export { parseScopeList } from './scope-list'
import { parseScopeList } from './scope-list'

export interface ScopeInfo {
  readonly name: string
  readonly meaning: string
  /** Scopes this one grants besides itself (`doc` grants `doc:read`). */
  readonly implies: readonly string[]
  /**
   * Not open by default: an app needs the operator to enable it
   * (docs/service.md#operator-approved-scopes).
   */
  readonly needsApproval: boolean
}

const fullAndRead = (resource: string, what: string): ScopeInfo[] => [
  {
    name: resource,
    meaning: `Read and modify ${what}`,
    implies: [`${resource}:read`],
    needsApproval: false,
  },
  { name: `${resource}:read`, meaning: `Read ${what}`, implies: [], needsApproval: false },
]

/** Every scope of the spec, in the spec's order. */
export const SCOPES: readonly ScopeInfo[] = [
  ...fullAndRead('group', "the user's teams"),
  ...fullAndRead('repo', 'repositories'),
  ...fullAndRead('topic', 'topics'),
  ...fullAndRead('doc', 'documents'),
  ...fullAndRead('artboard', 'artboards'),
  {
    name: 'attach_upload',
    meaning: 'Upload attachments (images only)',
    implies: [],
    needsApproval: true,
  },
]

/** What a token without any scope may do (docs/service.md#scopes, the "(none)" row). */
export const NO_SCOPE_MEANING =
  'Read-only access to public information: user information without telephone number and e-mail'

const byName = new Map(SCOPES.map((scope) => [scope.name, scope]))

export class ScopeError extends Error {
  override readonly name = 'ScopeError'
  constructor(readonly scope: string) {
    super(`unknown scope "${scope}"`)
  }
}

export function scopeInfo(name: string): ScopeInfo | undefined {
  return byName.get(name)
}

export function isKnownScope(name: string): boolean {
  return byName.has(name)
}

/**
 * Parses a comma-separated scope list. Spaces around names and empty entries are tolerated
 * (`"doc, repo,"`), duplicates are kept out, order of first appearance is kept.
 * An unknown name throws a ScopeError that names it.
 */
export function parseScopes(input: string): string[] {
  const seen = new Set<string>()
  for (const raw of input.split(',')) {
    const name = raw.trim()
    if (name === '') continue
    if (!byName.has(name)) throw new ScopeError(name)
    seen.add(name)
  }
  return [...seen]
}

/** Like parseScopes, but reports instead of throwing. */
export function safeParseScopes(
  input: string,
): { ok: true; scopes: string[] } | { ok: false; error: ScopeError } {
  try {
    return { ok: true, scopes: parseScopes(input) }
  } catch (error) {
    if (error instanceof ScopeError) return { ok: false, error }
    throw error
  }
}

/** True when holding `granted` gives `needed`: the same scope, or its full variant. */
export function implies(granted: string, needed: string): boolean {
  if (granted === needed) return true
  return byName.get(granted)?.implies.includes(needed) ?? false
}

/**
 * Canonical form (docs/service.md#canonical-form): drop any scope implied by another one in the
 * list, remove duplicates, keep the order of first appearance. `doc,doc:read,repo` → `doc,repo`.
 */
export function canonicalScopes(scopes: readonly string[]): string[] {
  const unique = [...new Set(scopes)]
  return unique.filter((scope) => !unique.some((other) => other !== scope && implies(other, scope)))
}

/** Every scope the list grants, implied ones included, in the spec's order. */
export function expandScopes(scopes: readonly string[]): string[] {
  return SCOPES.map((s) => s.name).filter((name) => scopes.some((held) => implies(held, name)))
}

/** True when `granted` covers every scope in `needed` (an empty `needed` is always satisfied). */
export function isSatisfiedBy(granted: readonly string[], needed: readonly string[]): boolean {
  return needed.every((scope) => granted.some((held) => implies(held, scope)))
}

/** The scopes of `needed` that `granted` does not cover. */
export function missingScopes(granted: readonly string[], needed: readonly string[]): string[] {
  return needed.filter((scope) => !granted.some((held) => implies(held, scope)))
}

export function formatScopes(scopes: readonly string[]): string {
  return scopes.join(',')
}

/**
 * A granted scope as a token answer carried it, in canonical form (docs/service.md#canonical-form);
 * unknown names from a real service are kept, in their place.
 */
export function grantedScope(scope: string): string {
  return formatScopes(canonicalScopes(parseScopeList(scope)))
}

/**
 * What `X-Accepted-OAuth-Scopes` asks for at the least: a listed scope that implies another
 * listed one is an alternative, not an extra need (`repo,repo:read` → `repo:read`).
 */
export function leastNeeded(accepted: readonly string[]): string[] {
  const unique = [...new Set(accepted)]
  return unique.filter((scope) => !unique.some((other) => other !== scope && implies(scope, other)))
}
