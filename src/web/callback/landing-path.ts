import { safeReturnTo } from '../../protocol/return-to'

/**
 * Where the callback sends the user after the exchange (and its "Continue" link): the login's
 * `returnTo` once the protocol's guard (checklist B6) has kept it, else the profile.
 */
export function landingPath(returnTo: string | null): string {
  const safe = safeReturnTo(returnTo)
  return safe === null || safe === '/' ? '/me' : safe
}
