/**
 * Makes an access token and keeps its record in the store: the one way tokens are made (the
 * token endpoint, the personal-tokens page, test control's `POST /__emulator/tokens`), so every
 * token looks alike, is found by the same lookup and passes the same scope checks.
 */
import { TOKEN_PREFIX, type EmulatorDeps } from '../context'
import { randomBase64Url } from '../secrets'
import type { TokenRecord } from '../store'

export function mintToken(
  deps: Pick<EmulatorDeps, 'store' | 'random' | 'now'>,
  record: Omit<TokenRecord, 'fingerprint' | 'revoked' | 'createdAt'>,
): string {
  const token = `${TOKEN_PREFIX}${randomBase64Url(deps.random, 32)}`
  deps.store.addToken(token, { ...record, createdAt: deps.now() })
  return token
}
