/**
 * The explorer's response in English (response-view.tsx, response-headers.tsx, json-view.tsx):
 * the `response` namespace, apart from the explorer's form (src/web/i18n/catalog.ts says how to
 * write them).
 */
export const responseMessages = {
  response: 'Response',
  milliseconds: (p: { ms: string }) => `${p.ms} ms`,
  noBody: 'No body.',
  copyBody: 'Copy body',
  // The headers (response-headers.tsx).
  headers: 'Headers',
  headerCount: (p: { count: string }) => ` (${p.count})`,
  headersHint:
    'Of the service’s headers, the proxy passes back the rate limit, the scopes and Retry-After; the others here are the proxy’s own.',
  keyHeader: 'key header',
  // The body (json-view.tsx).
  responseBody: 'Response body',
  views: 'View of the body',
  tree: 'Tree',
  raw: 'Raw',
  rawLabel: 'Response body as JSON text',
  expandAll: 'Expand all',
  collapseAll: 'Collapse all',
  searchLabel: 'Search the response body',
  searchPlaceholder: 'Search keys and values',
  matches: (p: { count: number; shown: string }) =>
    p.count === 1 ? '1 match' : `${p.shown} matches`,
  noMatch: (p: { search: string }) => `No match for “${p.search}”.`,
  items: (p: { count: number; shown: string }) => (p.count === 1 ? '1 item' : `${p.shown} items`),
  keys: (p: { count: number; shown: string }) => (p.count === 1 ? '1 key' : `${p.shown} keys`),
  pickRow: 'pick a row',
  selectedPath: 'Path (JavaScript)',
  copyPath: 'Copy path',
  copyValue: 'Copy value',
}
