/**
 * The connect page's preview, as pure functions over protocol/scopes.ts and protocol/authorize.ts.
 * The flow lab's editor (src/web/lab/) previews its requests with the same functions, given its
 * options: one preview, so that neither drifts from what the proxy sends.
 */
import {
  authorizeParams as protocolAuthorizeParams,
  changedRedirectUri,
  type AuthorizeRequest,
} from '../../protocol/authorize'
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
 * What stands for the values the proxy makes when Connect (or the lab's Run) is pressed, in the
 * page's language (messages.tsx, `placeholders`): written ‹…›, so that no one takes one for a
 * value. `plainChallenge`: the challenge of `code_challenge_method=plain`, which is the verifier
 * itself (RFC 7636 §4.2); only the lab asks for it.
 */
export interface Placeholders {
  state: string
  codeChallenge: string
  plainChallenge?: string
}

export interface AuthorizeParam {
  name: string
  value: string
  note: string
}

/**
 * How the request is shaped. The connect page sends what the proxy sends for a login
 * (connectOptions); the flow lab's editor changes one thing or more, to see it refused:
 * `state` the proxy's, the user's own or none (RFC 6749 §10.12), the redirect URI as registered
 * or one character off (RFC 9700 §4.1.3), another `response_type` (RFC 9700 §2.1.2), PKCE with
 * S256, plain (RFC 9700 §2.1.1) or none.
 */
export interface PreviewOptions {
  state: { mode: 'generated' } | { mode: 'own'; value: string } | { mode: 'omitted' }
  redirect: 'registered' | 'changed'
  responseType: string
  pkce: 'S256' | 'plain' | 'off'
}

/** The login's request, as the proxy's `/auth/start` makes it with this configuration. */
export function connectOptions(config: PlaygroundConfig): PreviewOptions {
  return {
    state: { mode: 'generated' },
    redirect: 'registered',
    responseType: 'code',
    pkce: config.pkce === 'S256' ? 'S256' : 'off',
  }
}

function previewRequest(
  config: PlaygroundConfig,
  scopeParam: string,
  placeholders: Placeholders,
  options: PreviewOptions,
): AuthorizeRequest {
  const { state, pkce } = options
  return {
    clientId: config.clientId,
    redirectUri:
      options.redirect === 'changed' ? changedRedirectUri(config.redirectUri) : config.redirectUri,
    scope: scopeParam,
    state:
      state.mode === 'generated' ? placeholders.state : state.mode === 'own' ? state.value : null,
    codeChallenge:
      pkce === 'off'
        ? null
        : pkce === 'plain'
          ? (placeholders.plainChallenge ?? placeholders.codeChallenge)
          : placeholders.codeChallenge,
    codeChallengeMethod: pkce === 'plain' ? 'plain' : 'S256',
    responseType: options.responseType,
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
  options: PreviewOptions = connectOptions(config),
): AuthorizeParam[] {
  return protocolAuthorizeParams(previewRequest(config, scopeParam, placeholders, options)).map(
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
  options: PreviewOptions = connectOptions(config),
): string {
  // The placeholders stay readable; every real value (the user's own state too) is encoded.
  const shown = new Set([
    'code_challenge',
    ...(options.state.mode === 'generated' ? ['state'] : []),
  ])
  const query = protocolAuthorizeParams(previewRequest(config, scopeParam, placeholders, options))
    .map(([name, value]) =>
      shown.has(name) ? `${name}=${value}` : new URLSearchParams([[name, value]]).toString(),
    )
    .join('&')
  return `${config.authorizeEndpoint}?${query}`
}
