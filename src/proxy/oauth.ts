/**
 * The client's protocol steps as small pure functions, apart from the HTTP glue.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

export type RandomBytes = (size: number) => Buffer

/** RFC 9700 §4.7.1, RFC 6749 §10.10: 32 bytes from a CSPRNG (256 bits), base64url. */
export function createState(random: RandomBytes = randomBytes): string {
  return random(32).toString('base64url')
}

/** A short, non-reversible name for a state: names its transaction cookie and log lines. */
export function stateId(state: string): string {
  return createHash('sha256').update(state).digest('base64url').slice(0, 16)
}

/** Constant-time comparison after a length check: unequal lengths are false, never a throw. */
export function isStateEqual(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8')
  const b = Buffer.from(received, 'utf8')
  if (a.length !== b.length) return false
  return timingSafeEqual(a, b)
}

/**
 * Checklist A8, RFC 7636 §4.1: a PKCE code verifier of 32 CSPRNG bytes, base64url (43
 * characters of the unreserved alphabet). It stays in the sealed transaction cookie.
 */
export function createCodeVerifier(random: RandomBytes = randomBytes): string {
  return random(32).toString('base64url')
}

/** RFC 7636 §4.2: the S256 challenge, base64url(SHA-256(ASCII(verifier))). `plain` is never used. */
export function codeChallengeS256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url')
}

export interface AuthorizeRequest {
  authUrl: URL
  clientId: string
  redirectUri: string
  scope: string
  state: string
  /** The S256 challenge, or null when PKCE is off (OAUTH_PKCE=off). */
  codeChallenge: string | null
}

/** The authorize request's parameters, in the order the spec lists them (spec §5.2). */
export function authorizeParams(request: AuthorizeRequest): Record<string, string> {
  return {
    client_id: request.clientId,
    scope: request.scope,
    redirect_uri: request.redirectUri,
    state: request.state,
    // RFC 9700 §2.1.2: the authorization code grant only, never the implicit grant.
    response_type: 'code',
    // RFC 9700 §2.1.1: PKCE as defence in depth against code injection (checklist A8). Yuque
    // documents none, so `state` stays the CSRF defence and these are extra.
    ...(request.codeChallenge === null
      ? {}
      : { code_challenge: request.codeChallenge, code_challenge_method: 'S256' }),
  }
}

export function buildAuthorizeUrl(request: AuthorizeRequest): URL {
  const url = new URL('/oauth2/authorize', request.authUrl)
  for (const [name, value] of Object.entries(authorizeParams(request)))
    url.searchParams.set(name, value)
  return url
}

/**
 * Keeps `returnTo` only when it is a same-origin path: a single leading `/`, no `//` or `/\`,
 * no encoded slash or backslash, no control characters (RFC 9700 §4.11.1: no open redirector).
 * Anything else becomes `/`.
 */
export function sanitizeReturnTo(returnTo: string | undefined, appOrigin: string): string {
  if (returnTo === undefined || returnTo.length > 2048) return '/'
  if (!returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.startsWith('/\\'))
    return '/'
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]|%2f|%5c|%00/i.test(returnTo)) return '/'
  let url: URL
  try {
    url = new URL(returnTo, appOrigin)
  } catch {
    return '/'
  }
  if (url.origin !== appOrigin) return '/'
  const path = `${url.pathname}${url.search}${url.hash}`
  // Returning to the callback would start a second exchange attempt.
  return url.pathname === '/callback' ? '/' : path
}
