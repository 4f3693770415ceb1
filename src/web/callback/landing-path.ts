import { safeReturnTo } from '../../protocol/return-to'
import { connectHref } from '../lib/connect-link'
import type { LoginRequest } from '../session/pending-states'

/**
 * Where the callback sends the user after the exchange (and its "Continue" link): the login's
 * `returnTo` once the protocol's guard (docs/security.md#b6) has kept it, else the profile.
 */
export function landingPath(returnTo: string | null): string {
  const safe = safeReturnTo(returnTo)
  return safe === null || safe === '/' ? '/me' : safe
}

/**
 * The callback's "Start again": back to the connect page with the scopes that login ticked and
 * the path it was to return to, so a retry asks for the same thing (docs/security.md#b6 guards the
 * path in connectHref). Without a remembered login, the plain connect page.
 */
export function startAgainHref(request: LoginRequest | null): string {
  return connectHref(request?.returnTo ?? null, request?.scopes ?? [])
}
