/**
 * The authorize request (docs/service.md#authorization-code-flow), once: the proxy sends it and the
 * connect page previews it from the same function, so the preview cannot drift from what is really
 * sent.
 */

export interface AuthorizeRequest {
  clientId: string
  redirectUri: string
  scope: string
  state: string
  /** The S256 challenge, or null when PKCE is off (OAUTH_PKCE=off). */
  codeChallenge: string | null
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
    ['state', request.state],
    // RFC 9700 §2.1.2: the authorization code grant only, never the implicit grant.
    ['response_type', 'code'],
    // RFC 9700 §2.1.1: PKCE as defence in depth against code injection (docs/security.md#a8). Yuque
    // documents none, so `state` stays the CSRF defence and these are extra.
    ...(request.codeChallenge === null
      ? []
      : ([
          ['code_challenge', request.codeChallenge],
          ['code_challenge_method', 'S256'],
        ] as [string, string][])),
  ]
}

/** `{authorizeEndpoint}?…` with the parameters in their order, encoded as a form query. */
export function authorizeUrl(authorizeEndpoint: string | URL, request: AuthorizeRequest): URL {
  const url = new URL(authorizeEndpoint)
  for (const [name, value] of authorizeParams(request)) url.searchParams.set(name, value)
  return url
}
