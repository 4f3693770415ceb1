/**
 * The lab's callback page's first act: the return's query, taken from the address bar at once
 * (as src/web/callback/capture-callback.ts does for the login), so that a code never lingers in
 * history, a bookmark or a Referer. Once per page life: a second take finds nothing.
 */
/**
 * The query the service came back with (without its `?`), now gone from the address bar, which
 * keeps its path; null when the address has none (a reload after it was taken, a link). Called
 * by the route of LAB_CALLBACK_PATH alone (src/protocol/lab-api.ts): the path is not imported
 * here, which would put the login's callback's module of it (lab-run.ts) among the lab's chunks.
 */
export function takeLabReturn(
  location: Pick<Location, 'pathname' | 'search'>,
  history: Pick<History, 'replaceState'>,
): string | null {
  const query = location.search.replace(/^\?/, '')
  if (query === '') return null
  history.replaceState(null, '', location.pathname)
  return query
}
