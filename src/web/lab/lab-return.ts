/**
 * The lab's callback page's first act: the return's query, taken from the address bar at once
 * (as src/web/callback/capture-callback.ts does for the login), so that a code never lingers in
 * history, a bookmark or a Referer. Once per page life: a second take finds nothing.
 */
import { LAB_CALLBACK_PATH } from '../../protocol/lab-api'

/**
 * The query the service came back with (without its `?`), now gone from the address bar; null
 * when the address has none (a reload after it was taken, a link).
 */
export function takeLabReturn(
  location: Pick<Location, 'pathname' | 'search'>,
  history: Pick<History, 'replaceState'>,
): string | null {
  if (location.pathname !== LAB_CALLBACK_PATH) return null
  const query = location.search.replace(/^\?/, '')
  if (query === '') return null
  history.replaceState(null, '', LAB_CALLBACK_PATH)
  return query
}
