/**
 * Random values and comparisons for codes, tokens, sessions and CSRF tokens.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { RandomFill } from '../protocol/client-code'

export const cryptoRandom: RandomFill = (bytes) => crypto.getRandomValues(bytes)

export function randomBase64Url(random: RandomFill, size: number): string {
  return Buffer.from(random(new Uint8Array(size))).toString('base64url')
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex')
}

/**
 * A short, non-reversible name for a token, for logs and the test-control API: the first
 * 8 hex digits of its SHA-256 (docs/security.md#h3: logs never hold the token itself).
 */
export function tokenFingerprint(token: string): string {
  return sha256Hex(token).slice(0, 8)
}

/**
 * Constant-time string equality. Both sides are hashed first so that neither the length nor
 * the position of the first difference shows in the timing.
 */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a, 'utf8').digest()
  const right = createHash('sha256').update(b, 'utf8').digest()
  return timingSafeEqual(left, right)
}
