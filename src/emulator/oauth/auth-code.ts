/**
 * Makes an authorization code (RFC 6749 §4.1.2) and keeps its record in the store: the one way
 * codes are made, by the consent page's decision (pages/consent.tsx) and by a headless approval
 * (authorize.ts, `autoApprove`), so the token endpoint redeems both alike.
 */
import type { EmulatorDeps } from '../context'
import { randomBase64Url } from '../secrets'
import type { AuthCodeRecord } from '../store'

export function issueAuthCode(
  deps: Pick<EmulatorDeps, 'store' | 'random' | 'now'>,
  grant: Omit<AuthCodeRecord, 'issuedAt' | 'usedAt' | 'tokenHash'>,
): string {
  const code = randomBase64Url(deps.random, 32)
  deps.store.authCodes.set(code, { ...grant, issuedAt: deps.now(), usedAt: null, tokenHash: null })
  return code
}
