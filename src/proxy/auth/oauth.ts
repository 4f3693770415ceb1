/**
 * The client's protocol steps as small pure functions, apart from the HTTP glue. The authorize
 * request and the return-path guard are the protocol's (authorize.ts, return-to.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import {
  OAuthErrorSchema,
  TokenResponseSchema,
  type OAuthError,
  type TokenResponse,
} from '../../protocol/schemas'
import { parseJsonOrUndefined } from '../json-body'

/** The proxy's one source of randomness, injected (proxy.ts) so tests can fix it. */
export type RandomBytes = (size: number) => Buffer

/** RFC 9700 §4.7.1, RFC 6749 §10.10: 32 bytes from a CSPRNG (256 bits), base64url. */
export function createState(random: RandomBytes): string {
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
 * docs/security.md#a8, RFC 7636 §4.1: a PKCE code verifier of 32 CSPRNG bytes, base64url (43
 * characters of the unreserved alphabet). It stays in the sealed transaction cookie.
 */
export function createCodeVerifier(random: RandomBytes): string {
  return random(32).toString('base64url')
}

/** RFC 7636 §4.2: the S256 challenge, base64url(SHA-256(ASCII(verifier))). `plain` is never used. */
export function codeChallengeS256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url')
}

/**
 * What a token endpoint answered (RFC 6749 §5.1, §5.2), classified once for both grants (the code
 * exchange and the client-code poll). Modelled on oauth4webapi's processAuthorizationCodeResponse:
 * nothing but a 200 carrying a bearer token response opens a session.
 */
export type TokenAnswer =
  | { kind: 'token'; status: number; token: TokenResponse }
  /** Never followed: the request carried the client credential (docs/security.md#c3). */
  | { kind: 'redirect'; status: number }
  | { kind: 'oauth-error'; status: number; error: OAuthError }
  /** Not JSON, or JSON of neither shape; `problem` says which, for messages. */
  | { kind: 'bad-body'; status: number; problem: string }

export function processTokenResponse(status: number, body: string): TokenAnswer {
  if (status >= 300 && status < 400) return { kind: 'redirect', status }
  const json = parseJsonOrUndefined(body)
  if (json === undefined) return { kind: 'bad-body', status, problem: 'a body that is not JSON' }
  if (status === 200) {
    // token_type compared case-insensitively, access_token a non-empty string (schemas.ts).
    const token = TokenResponseSchema.safeParse(json)
    return token.success
      ? { kind: 'token', status, token: token.data }
      : { kind: 'bad-body', status, problem: 'no valid bearer token response' }
  }
  const error = OAuthErrorSchema.safeParse(json)
  return error.success
    ? { kind: 'oauth-error', status, error: error.data }
    : { kind: 'bad-body', status, problem: 'neither a token nor an OAuth error' }
}
