/**
 * The authorize request (docs/service.md#authorization-code-flow), once: the proxy sends it and the
 * connect page previews it from the same function, so the preview cannot drift from what is really
 * sent.
 */

export interface AuthorizeRequest {
  clientId: string
  redirectUri: string
  scope: string
  /** null: sent without `state` (the flow lab shows what that costs, RFC 6749 §10.12). */
  state: string | null
  /** The S256 challenge, or null when PKCE is off (OAUTH_PKCE=off). */
  codeChallenge: string | null
  /** `S256` unless the flow lab asks for `plain` to show it refused (RFC 9700 §2.1.1). */
  codeChallengeMethod?: 'S256' | 'plain'
  /** `code` unless the flow lab asks for another to show it refused (RFC 9700 §2.1.2). */
  responseType?: string
}

/**
 * The authorize request's parameters, in the order the spec lists them
 * (docs/service.md#authorization-code-flow).
 */
export function authorizeParams(request: AuthorizeRequest): [name: string, value: string][] {
  return [
    ['client_id', request.clientId],
    ['scope', request.scope],
    ['redirect_uri', request.redirectUri],
    ...(request.state === null ? [] : ([['state', request.state]] as [string, string][])),
    // RFC 9700 §2.1.2: the authorization code grant only, never the implicit grant.
    ['response_type', request.responseType ?? 'code'],
    // RFC 9700 §2.1.1: PKCE as defence in depth against code injection (docs/security.md#a8). Yuque
    // documents none, so `state` stays the CSRF defence and these are extra.
    ...(request.codeChallenge === null
      ? []
      : ([
          ['code_challenge', request.codeChallenge],
          ['code_challenge_method', request.codeChallengeMethod ?? 'S256'],
        ] as [string, string][])),
  ]
}

/** `{authorizeEndpoint}?…` with the parameters in their order, encoded as a form query. */
export function authorizeUrl(authorizeEndpoint: string | URL, request: AuthorizeRequest): URL {
  const url = new URL(authorizeEndpoint)
  for (const [name, value] of authorizeParams(request)) url.searchParams.set(name, value)
  return url
}

/**
 * The registered redirect URI changed by one character, as a misconfigured client sends it: an
 * `x` after the path's last character (`…/callback` → `…/callbackx`). The service must compare
 * exactly (RFC 9700 §4.1.3): at the authorize endpoint it shows an error page and never
 * redirects there (RFC 6749 §4.1.2.1); at the token endpoint it refuses the code (RFC 6749 §4.1.3).
 * The flow lab's editor previews it and its proxy sends it: one function for both.
 */
export function changedRedirectUri(registered: string): string {
  const url = new URL(registered)
  url.pathname = `${url.pathname}x`
  return url.href
}
