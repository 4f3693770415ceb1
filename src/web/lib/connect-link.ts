import { safeReturnTo } from '../../protocol/return-to'
import { formatScopes } from '../../protocol/scopes'

/** The connect page, told where to come back to and (optionally) which scopes to pre-tick. */
export function connectHref(returnTo: string | null, scopes: readonly string[] = []): string {
  const query = new URLSearchParams()
  // docs/security.md#b6: only a path the protocol's guard keeps is passed on (the connect page
  // checks too).
  const safe = safeReturnTo(returnTo)
  if (safe !== null && safe !== '/') query.set('returnTo', safe)
  if (scopes.length > 0) query.set('scope', formatScopes(scopes))
  const search = query.toString()
  return search === '' ? '/' : `/?${search}`
}
