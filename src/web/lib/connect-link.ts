import { formatScopes } from '../../protocol/scopes'

/** The connect page, told where to come back to and (optionally) which scopes to pre-tick. */
export function connectHref(returnTo: string | null, scopes: readonly string[] = []): string {
  const query = new URLSearchParams()
  if (returnTo !== null && returnTo !== '/') query.set('returnTo', returnTo)
  if (scopes.length > 0) query.set('scope', formatScopes(scopes))
  const search = query.toString()
  return search === '' ? '/' : `/?${search}`
}
