/**
 * The explicit allow-list of API calls the proxy forwards (docs/security.md#f1, #f2): the
 * operations of the protocol's endpoint table (src/protocol/endpoints.ts), method, path template
 * and query parameters matched exactly. Anything else is refused before any request leaves the
 * server.
 */
import { endpointPath } from '../../protocol/endpoint-path'
import {
  ENDPOINTS,
  checkQuery,
  matchEndpoint,
  type Endpoint,
  type HttpMethod,
} from '../../protocol/endpoints'

/** How the refusal names what is forwarded: the table's size and where to browse it. */
export const ALLOWED_SUMMARY = `the ${ENDPOINTS.length} operations of the API's endpoint table (the explorer lists them)`

export type ForwardMatch =
  | { ok: true; endpoint: Endpoint; path: string; search: string }
  | { ok: false; status: 400 | 404; message: string }
  | { ok: false; status: 405; allow: readonly HttpMethod[]; message: string }

/**
 * Matches a request below the API base. `path` is the URL's pathname as the WHATWG parser left
 * it (dot segments resolved, percent-encoding kept), relative to `/api/v2`, with its leading `/`.
 * Nothing is decoded: every path parameter must match its pattern as sent, so `%2e%2e`, `%252e`,
 * `@host`, `\` or CR/LF never get through (docs/security.md#f2). `path` of the answer is relative
 * to the base (no leading `/`), rebuilt from the table's template.
 */
export function matchForwardedCall(
  method: string,
  path: string,
  query: URLSearchParams,
): ForwardMatch {
  const match = matchEndpoint(method, path)
  if (!match.ok) {
    if (match.status !== 404) return match
    return {
      ok: false,
      status: 404,
      message: `${match.message} The playground forwards only ${ALLOWED_SUMMARY}.`,
    }
  }
  const checked = checkQuery(match.endpoint, query)
  if (!checked.ok) return checked
  return {
    ok: true,
    endpoint: match.endpoint,
    path: endpointPath(match.endpoint, match.params).slice(1),
    search: checked.search,
  }
}

/**
 * Builds the upstream URL on the configured base and checks it stayed there (docs/security.md#f2).
 * `base` ends with `/`, e.g. `https://www.yuque.com/api/v2/`.
 */
export function buildUpstreamUrl(base: URL, path: string, search: string): URL {
  const url = new URL(`${path}${search}`, base)
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
    throw new Error(`upstream URL left the configured base: ${url.origin}${url.pathname}`)
  }
  return url
}
