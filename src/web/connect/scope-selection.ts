/** The connect page's preview, as pure functions over protocol/scopes.ts. */
import type { PlaygroundConfig } from '../../protocol/playground-api'
import {
  SCOPES,
  canonicalScopes,
  formatScopes,
  implies,
  type ScopeInfo,
} from '../../protocol/scopes'

export interface ScopeGroup {
  id: string
  title: string
  hint: string
  scopes: readonly ScopeInfo[]
}

export const SCOPE_GROUPS: readonly ScopeGroup[] = [
  {
    id: 'full',
    title: 'Read and modify',
    hint: 'A full scope includes its read-only variant.',
    scopes: SCOPES.filter((scope) => scope.implies.length > 0),
  },
  {
    id: 'read',
    title: 'Read only',
    hint: 'Enough for an app that only displays data.',
    scopes: SCOPES.filter((scope) => scope.implies.length === 0 && !scope.needsApproval),
  },
  {
    id: 'advanced',
    title: 'Advanced',
    hint: 'Not open by default: the service operator must enable it for the app.',
    scopes: SCOPES.filter((scope) => scope.needsApproval),
  },
]

export interface SelectionPreview {
  /** What the `scope` parameter will carry (spec §5.4 rule 2). */
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

export const STATE_PLACEHOLDER = '‹made by the proxy when you press Connect›'

export interface AuthorizeParam {
  name: string
  value: string
  note: string
}

export function authorizeParams(config: PlaygroundConfig, scopeParam: string): AuthorizeParam[] {
  return [
    { name: 'client_id', value: config.clientId, note: 'the app registered with the service' },
    {
      name: 'redirect_uri',
      value: config.redirectUri,
      note: 'must match the registration exactly',
    },
    { name: 'response_type', value: 'code', note: 'authorization code flow, never a token' },
    {
      name: 'scope',
      value: scopeParam,
      note: scopeParam === '' ? 'empty: public read-only' : 'comma-separated, canonical',
    },
    {
      name: 'state',
      value: STATE_PLACEHOLDER,
      note: '≥128 random bits, single-use (CSRF defence)',
    },
  ]
}

/** The authorize URL as the browser will carry it; `state` stays a readable placeholder. */
export function authorizeUrlPreview(config: PlaygroundConfig, scopeParam: string): string {
  const query = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    response_type: 'code',
    scope: scopeParam,
  })
  return `${config.authorizeEndpoint}?${query.toString()}&state=${STATE_PLACEHOLDER}`
}
