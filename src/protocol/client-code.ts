/**
 * The client-code flow's code and signature (docs/service.md#client-code-flow), with Web Crypto so
 * that the same code runs in Node 20 and in the browser. Only the proxy and the emulator call
 * `signClientCode`: the secret never reaches the browser (docs/security.md#j1).
 */

export const CLIENT_CODE_LENGTH = 40
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const CLIENT_CODE_PATTERN = /^[A-Za-z0-9]{40}$/

/**
 * The service's `error_description` (HTTP 400, `invalid_request`) to a client-code poll that has
 * no approval behind it, pending included: the emulator answers it, the proxy reads it as
 * "pending" (src/emulator/oauth/token.test.ts, "the client_code grant").
 */
export const CODE_INVALID_DESCRIPTION = 'authorization code is invalid'

/**
 * How a client polls the token endpoint while the user decides: every 3 s, 20 times, as the
 * official helper does (docs/service.md#client-code-polling). The proxy polls so
 * (src/proxy/auth/client-code-routes.ts), and the flow lab's take-home code too.
 */
export const POLL_INTERVAL_MS = 3000
export const MAX_POLL_ATTEMPTS = 20

/** Fills `bytes` with random values and returns them: crypto.getRandomValues, or a test's own. */
export type RandomFill = (bytes: Uint8Array) => Uint8Array

const cryptoRandom: RandomFill = (bytes) => crypto.getRandomValues(bytes)

/**
 * A 40-character alphanumeric code from a CSPRNG. Rejection sampling keeps every character
 * equally likely: bytes ≥ 248 (= 4 × 62) are discarded instead of taken modulo 62.
 */
export function generateClientCode(random: RandomFill = cryptoRandom): string {
  const limit = ALPHABET.length * Math.floor(256 / ALPHABET.length)
  let code = ''
  while (code.length < CLIENT_CODE_LENGTH) {
    for (const byte of random(new Uint8Array(64))) {
      if (byte < limit) code += ALPHABET[byte % ALPHABET.length]
      if (code.length === CLIENT_CODE_LENGTH) break
    }
  }
  return code
}

export function isValidClientCode(code: string): boolean {
  return CLIENT_CODE_PATTERN.test(code)
}

export interface ClientCodeParams {
  client_id: string
  code: string
  response_type: string
  scope: string
  timestamp: string
}

/** The five signed parameters, in the alphabetical order the spec fixes. */
export const SIGNED_PARAMS = ['client_id', 'code', 'response_type', 'scope', 'timestamp'] as const

/**
 * The string that is signed: `name=value` pairs in alphabetical order, each value encoded as
 * `encodeURIComponent` does (so `!'()*` stay as they are), a missing value as empty, joined by `&`.
 */
export function clientCodeBaseString(params: Partial<ClientCodeParams>): string {
  return SIGNED_PARAMS.map((name) => `${name}=${encodeURIComponent(params[name] ?? '')}`).join('&')
}

async function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    [usage],
  )
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null
  const binary = atob(text)
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** `sign` = base64(HMAC-SHA1(secret, baseString)). */
export async function signClientCode(
  params: Partial<ClientCodeParams>,
  secret: string,
): Promise<string> {
  const key = await hmacKey(secret, 'sign')
  const data = new TextEncoder().encode(clientCodeBaseString(params))
  return toBase64(new Uint8Array(await crypto.subtle.sign('HMAC', key, data)))
}

/**
 * Checks `sign` in constant time: Web Crypto's HMAC verify compares the MACs without an early
 * exit, so the time taken does not reveal how many leading bytes matched.
 */
export async function verifyClientCodeSignature(
  params: Partial<ClientCodeParams>,
  sign: string,
  secret: string,
): Promise<boolean> {
  const signature = fromBase64(sign)
  if (signature === null || signature.length !== 20) return false
  const key = await hmacKey(secret, 'verify')
  const data = new TextEncoder().encode(clientCodeBaseString(params))
  return crypto.subtle.verify('HMAC', key, signature as Uint8Array<ArrayBuffer>, data)
}
