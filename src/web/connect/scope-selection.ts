/** The connect page's preview, as pure functions over protocol/scopes.ts. */
import { authorizeParams as protocolAuthorizeParams } from '../../protocol/authorize'
import type { PlaygroundConfig } from '../../protocol/playground-api'
import {
  SCOPES,
  canonicalScopes,
  formatScopes,
  implies,
  safeParseScopes,
  type ScopeInfo,
} from '../../protocol/scopes'

export type ScopeGroupId = 'full' | 'read' | 'advanced'

/** The connect page's groups; their titles and hints are the page's messages (messages.tsx). */
export interface ScopeGroup {
  id: ScopeGroupId
  scopes: readonly ScopeInfo[]
}

export const SCOPE_GROUPS: readonly ScopeGroup[] = [
  { id: 'full', scopes: SCOPES.filter((scope) => scope.implies.length > 0) },
  {
    id: 'read',
    scopes: SCOPES.filter((scope) => scope.implies.length === 0 && !scope.needsApproval),
  },
  { id: 'advanced', scopes: SCOPES.filter((scope) => scope.needsApproval) },
]

/**
 * What the picker starts with. A `scope` in the address (a panel's "grant a missing scope", a
 * retry) wins; otherwise, while connected, the scopes the session holds: connecting again
 * replaces the session, so starting from nothing would trade it for an empty-scope token.
 * A list that does not parse ticks nothing rather than guessing.
 */
export function preselectScopes(scopeParam: string | null, grantedScope: string | null): string[] {
  const source = scopeParam ?? grantedScope
  if (source === null) return []
  const parsed = safeParseScopes(source)
  return parsed.ok ? parsed.scopes : []
}

export interface SelectionPreview {
  /** What the `scope` parameter will carry (docs/service.md#canonical-form). */
  canonical: string[]
  scopeParam: string
  /** Ticked scopes left out because another ticked scope already grants them. */
  dropped: { scope: string; impliedBy: string }[]
  needsApproval: string[]
}

export function previewSelection(selected: readonly string[]): SelectionPreview {
  const canonical = canonicalScopes(selected)
  const dropped = [...new Set(selected)]
    .filter((scope) => !canonical.includes(scope))
    .flatMap((scope) => {
      const impliedBy = canonical.find((other) => implies(other, scope))
      return impliedBy === undefined ? [] : [{ scope, impliedBy }]
    })
  const needsApproval = canonical.filter(
    (name) => SCOPES.find((scope) => scope.name === name)?.needsApproval === true,
  )
  return { canonical, scopeParam: formatScopes(canonical), dropped, needsApproval }
}

/** Ticks keep the order they were ticked in, like a hand-written scope list. */
export function toggleScope(selected: readonly string[], scope: string, isChecked: boolean) {
  const without = selected.filter((name) => name !== scope)
  return isChecked ? [...without, scope] : without
}

/**
 * What stands for the values the proxy makes when Connect is pressed, in the page's language
 * (messages.tsx, `placeholders`): written ‹…›, so that no one takes one for a value.
 */
export interface Placeholders {
  state: string
  codeChallenge: string
}

export interface AuthorizeParam {
  name: string
  value: string
  note: string
}

function previewRequest(config: PlaygroundConfig, scopeParam: string, placeholders: Placeholders) {
  return {
    clientId: config.clientId,
    redirectUri: config.redirectUri,
    scope: scopeParam,
    state: placeholders.state,
    codeChallenge: config.pkce === 'S256' ? placeholders.codeChallenge : null,
  }
}

/** Why each parameter is there, in the page's language (messages.tsx, `paramNotes`). */
export type ParamNotes = Readonly<Record<string, string>> & {
  scopeEmpty: string
  scopeList: string
}

/**
 * The authorize request's parameters from the very function the proxy sends them with, so the
 * preview has the same names in the same order; `state` and the challenge are placeholders.
 */
export function authorizeParams(
  config: PlaygroundConfig,
  scopeParam: string,
  notes: ParamNotes,
  placeholders: Placeholders,
): AuthorizeParam[] {
  return protocolAuthorizeParams(previewRequest(config, scopeParam, placeholders)).map(
    ([name, value]) => ({
      name,
      value,
      note:
        name === 'scope'
          ? scopeParam === ''
            ? notes.scopeEmpty
            : notes.scopeList
          : (notes[name] ?? ''),
    }),
  )
}

/** The authorize URL as the browser will carry it; the placeholders stay readable. */
export function authorizeUrlPreview(
  config: PlaygroundConfig,
  scopeParam: string,
  placeholders: Placeholders,
): string {
  const shown = new Set([placeholders.state, placeholders.codeChallenge])
  const query = protocolAuthorizeParams(previewRequest(config, scopeParam, placeholders))
    .map(([name, value]) =>
      shown.has(value) ? `${name}=${value}` : new URLSearchParams([[name, value]]).toString(),
    )
    .join('&')
  return `${config.authorizeEndpoint}?${query}`
}
