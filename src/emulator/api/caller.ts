/**
 * Who is calling and whose budget a call spends: the user the `X-Auth-Token` header names
 * (docs/service.md#token-header), or nobody; one budget per user whichever of their tokens is used,
 * per address otherwise (docs/service.md#rate-limits, #rate-limit-per-user), the anonymous one as
 * the profile says (profiles.ts, `anonymousBudget`).
 */
import type { Context } from 'hono'
import { HEADERS } from '../../protocol/headers'
import type { EmulatorDeps } from '../context'
import type { Budget, ProfileRules } from '../profiles'
import type { SeedUser } from '../seed'
import type { TokenRecord } from '../store'

export interface Caller {
  user: SeedUser
  token: TokenRecord
}

/** The caller a sent token names; null when none is sent or it is unknown or revoked. */
export function findCaller(deps: EmulatorDeps, sent: string | undefined): Caller | null {
  const token = sent === undefined || sent === '' ? undefined : deps.store.findToken(sent)
  const user = token === undefined ? undefined : deps.directory.userById(token.userId)
  return token !== undefined && user !== undefined ? { user, token } : null
}

/** The rate-limit key and budget of a call (undefined: the emulator's configured budget). */
export function budgetOf(
  deps: EmulatorDeps,
  c: Context,
  caller: Caller | null,
  rules: ProfileRules,
): { key: string; budget: Budget | undefined } {
  if (caller !== null) return { key: `user:${caller.user.id}`, budget: undefined }
  return { key: `address:${deps.clientAddress(c)}`, budget: rules.anonymousBudget ?? undefined }
}

/** docs/service.md#rate-limits: X-RateLimit-Limit and X-RateLimit-Remaining on the answer. */
export function showBudget(c: Context, rate: { limit: number; remaining: number }): void {
  c.header(HEADERS.rateLimit, String(rate.limit))
  c.header(HEADERS.rateRemaining, String(rate.remaining))
}
