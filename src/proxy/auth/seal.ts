/**
 * Sealed cookie values: encrypted and authenticated (JWE, `dir` + A256GCM, with panva's jose),
 * so the browser can neither read nor alter them. Each purpose has its own key derived with
 * HKDF from SESSION_SECRET, so a transaction cookie can never be replayed as a session cookie.
 */
import { hkdfSync } from 'node:crypto'
import { EncryptJWT, jwtDecrypt } from 'jose'

/**
 * `app` names a browser's vault in its cookie, `vault` seals the vault's content in the store
 * (src/proxy/byo/vault.ts, docs/decisions/0015-your-own-app.md). `lab-run` is the flow lab's
 * editor run (src/proxy/lab/editor-cookies.ts): a login's cousin that must never pass for one.
 */
export type SealPurpose = 'session' | 'transaction' | 'client-code' | 'app' | 'vault' | 'lab-run'

export interface Sealer {
  seal(purpose: SealPurpose, payload: Record<string, unknown>, ttlSeconds: number): Promise<string>
  /** The payload, or null when the value is forged, tampered with, of another purpose or expired. */
  unseal(purpose: SealPurpose, value: string): Promise<Record<string, unknown> | null>
}

export function createSealer(secret: string, clock: () => number): Sealer {
  const keys = new Map<SealPurpose, Uint8Array>(
    (['session', 'transaction', 'client-code', 'app', 'vault', 'lab-run'] as const).map(
      (purpose) => [
        purpose,
        new Uint8Array(
          hkdfSync('sha256', secret, 'yuque-oauth-playground', `cookie:${purpose}`, 32),
        ),
      ],
    ),
  )
  const keyFor = (purpose: SealPurpose) => keys.get(purpose) as Uint8Array

  return {
    async seal(purpose, payload, ttlSeconds) {
      const now = Math.floor(clock() / 1000)
      return new EncryptJWT(payload)
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setAudience(purpose)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .encrypt(keyFor(purpose))
    },
    async unseal(purpose, value) {
      if (!isCanonical(value)) return null
      try {
        const { payload } = await jwtDecrypt(value, keyFor(purpose), {
          audience: purpose,
          currentDate: new Date(clock()),
          clockTolerance: 0,
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: ['A256GCM'],
        })
        return payload
      } catch {
        return null
      }
    },
  }
}

/**
 * Whether `value` is a JWE in compact form whose five parts are canonical base64url: no padding,
 * and each part what encoding its own bytes gives back. A decoder ignores the unused low bits of
 * a last character, so without this one sealed value had several spellings, each a cookie of
 * its own to the caches that key on the exact value (docs/security.md#s9; RFC 7515 §2 defines
 * base64url without padding, RFC 4648 §3.5 canonical encoding).
 */
function isCanonical(value: string): boolean {
  const parts = value.split('.')
  return (
    parts.length === 5 &&
    parts.every(
      (part) =>
        /^[\w-]*$/.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part,
    )
  )
}
