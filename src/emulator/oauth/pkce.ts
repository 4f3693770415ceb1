/**
 * PKCE (RFC 7636) at the emulator, behind a mode switch (docs/security.md#k6). `off` is faithful to
 * Yuque, which documents no PKCE: the parameters are ignored. `optional` checks them when sent;
 * `required` refuses an authorization without them. `plain` is never accepted (RFC 9700 §2.1.1),
 * and a verifier for a code that had no challenge is refused (downgrade, RFC 9700 §4.8.2).
 */
import { createHash } from 'node:crypto'
import { safeEqual } from '../secrets'

export type PkceMode = 'off' | 'optional' | 'required'

/** base64url(SHA-256(verifier)): 43 characters. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/
/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url')
}

export type ChallengeCheck = { ok: true; challenge: string | null } | { ok: false; message: string }

/** At the authorize endpoint: the challenge to bind to the code, or why the request is refused. */
export function checkChallenge(
  mode: PkceMode,
  challenge: string | undefined,
  method: string | undefined,
): ChallengeCheck {
  if (mode === 'off') return { ok: true, challenge: null }
  if (challenge === undefined) {
    if (method !== undefined) {
      return { ok: false, message: 'code_challenge_method was sent without a code_challenge' }
    }
    return mode === 'required'
      ? { ok: false, message: 'code_challenge is required (PKCE with S256)' }
      : { ok: true, challenge: null }
  }
  // RFC 7636 §4.3: a missing method means plain, which is refused like an explicit one.
  if (method !== 'S256') {
    return { ok: false, message: `code_challenge_method must be S256, not "${method ?? 'plain'}"` }
  }
  if (!CHALLENGE.test(challenge)) {
    return { ok: false, message: 'code_challenge must be base64url(SHA-256(code_verifier))' }
  }
  return { ok: true, challenge }
}

/** At the token endpoint: null when the verifier fits the code, else why not (invalid_grant). */
export function verifierProblem(
  mode: PkceMode,
  challenge: string | null,
  verifier: string | undefined,
): string | null {
  if (challenge === null) {
    return verifier !== undefined && mode !== 'off'
      ? 'code_verifier was sent, but the authorization request had no code_challenge'
      : null
  }
  if (verifier === undefined) return 'code_verifier is required for this code (PKCE)'
  if (!VERIFIER.test(verifier)) return 'code_verifier must be 43 to 128 unreserved characters'
  return safeEqual(s256Challenge(verifier), challenge)
    ? null
    : 'code_verifier does not match the code_challenge'
}
