/** The connect page's preview, as pure functions over protocol/scopes.ts. */
import { authorizeParams as protocolAuthorizeParams } from '../../protocol/authorize'
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
export const CHALLENGE_PLACEHOLDER = '‹S256 hash of a verifier the proxy keeps›'

export interface AuthorizeParam {
  name: string
  value: string
  note: string
}

/** Why each parameter is there; the names and their order come from protocol/authorize.ts. */
const NOTES: Readonly<Record<string, string>> = {
  client_id: 'the app registered with the service',
  redirect_uri: 'must match the registration exactly',
  response_type: 'authorization code flow, never a token',
  state: '≥128 random bits, single-use (CSRF defence)',
  code_challenge: 'PKCE (RFC 7636): the proxy proves it at the token exchange',
  code_challenge_method: 'SHA-256, never plain (RFC 9700 §2.1.1)',
}

function previewRequest(config: PlaygroundConfig, scopeParam: string) {
  return {
    clientId: config.clientId,
    redirectUri: config.redirectUri,
    scope: scopeParam,
    state: STATE_PLACEHOLDER,
    codeChallenge: config.pkce === 'S256' ? CHALLENGE_PLACEHOLDER : null,
  }
}

/**
 * The authorize request's parameters from the very function the proxy sends them with, so the
 * preview has the same names in the same order; `state` and the challenge are placeholders.
 */
export function authorizeParams(config: PlaygroundConfig, scopeParam: string): AuthorizeParam[] {
  return protocolAuthorizeParams(previewRequest(config, scopeParam)).map(([name, value]) => ({
    name,
    value,
    note:
      name === 'scope'
        ? scopeParam === ''
          ? 'empty: public read-only'
          : 'comma-separated, canonical'
        : (NOTES[name] ?? ''),
  }))
}

/** The authorize URL as the browser will carry it; the placeholders stay readable. */
export function authorizeUrlPreview(config: PlaygroundConfig, scopeParam: string): string {
  const placeholders = new Set([STATE_PLACEHOLDER, CHALLENGE_PLACEHOLDER])
  const query = protocolAuthorizeParams(previewRequest(config, scopeParam))
    .map(([name, value]) =>
      placeholders.has(value)
        ? `${name}=${value}`
        : new URLSearchParams([[name, value]]).toString(),
    )
    .join('&')
  return `${config.authorizeEndpoint}?${query}`
}
