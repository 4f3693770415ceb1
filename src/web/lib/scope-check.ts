/**
 * Does the token hold what a view needs? docs/service.md#scope-headers: a response says what the
 * token holds (`X-OAuth-Scopes`) and what the resource needs (`X-Accepted-OAuth-Scopes`). The real
 * service may send neither, so each side has a fallback: the session's granted scope (what the
 * token endpoint answered) and the scope the view declares in scope-uses.ts.
 */
import {
  canonicalScopes,
  implies,
  isKnownScope,
  leastNeeded,
  missingScopes,
  parseScopeList,
  scopeInfo,
} from '../../protocol/scopes'

export interface ScopeCheckInput {
  /** The scope the view declares it needs. */
  declared: string
  /** `X-Accepted-OAuth-Scopes` of the view's latest response; empty when absent or no answer yet. */
  accepted: readonly string[]
  /** `X-OAuth-Scopes` of the same response; null when absent or no answer yet. */
  grantedHeader: readonly string[] | null
  /** The session's granted scope, comma-separated. */
  sessionScope: string
  /** The session's requested scope, comma-separated. */
  requestedScope: string
}

export interface ScopeCheck {
  needed: string[]
  neededFrom: 'header' | 'view'
  granted: string[]
  grantedFrom: 'header' | 'session'
  /** The needed scopes the token does not cover. */
  missing: string[]
  isGranted: boolean
  /**
   * True when a new authorization can add what is missing: every missing scope is one of the
   * spec's, and none needs the operator's approval (docs/service.md#operator-approved-scopes).
   */
  canRequest: boolean
  /** Missing scopes the user asked for and then unticked on the consent page. */
  declinedOnConsent: string[]
  /**
   * What an incremental authorization asks for: the token's scopes plus the missing ones, in
   * canonical form (`doc` + `doc:read` would be `doc`). Unknown names are left out: the
   * service refuses the whole request for one unknown scope.
   */
  requestScopes: string[]
}

export function checkScopes(input: ScopeCheckInput): ScopeCheck {
  const fromHeader = leastNeeded(input.accepted)
  const needed = fromHeader.length > 0 ? fromHeader : [input.declared]
  const granted = input.grantedHeader
    ? [...input.grantedHeader]
    : parseScopeList(input.sessionScope)
  const missing = missingScopes(granted, needed)
  const requested = parseScopeList(input.requestedScope)
  return {
    needed,
    neededFrom: fromHeader.length > 0 ? 'header' : 'view',
    granted,
    grantedFrom: input.grantedHeader ? 'header' : 'session',
    missing,
    isGranted: missing.length === 0,
    canRequest:
      missing.length > 0 && missing.every((scope) => scopeInfo(scope)?.needsApproval === false),
    declinedOnConsent: missing.filter((scope) => requested.some((held) => implies(held, scope))),
    requestScopes:
      missing.length === 0 ? [] : canonicalScopes([...granted, ...missing].filter(isKnownScope)),
  }
}

export type ScopeStanding =
  { kind: 'granted' } | { kind: 'implied'; by: string } | { kind: 'not-granted' }

/**
 * How a token's scopes cover one scope: by itself, through a scope that implies it (`doc` grants
 * `doc:read`), or not at all. The same question answers "was it requested".
 */
export function standingOf(scope: string, held: readonly string[]): ScopeStanding {
  if (held.includes(scope)) return { kind: 'granted' }
  const by = held.find((other) => implies(other, scope))
  return by === undefined ? { kind: 'not-granted' } : { kind: 'implied', by }
}
