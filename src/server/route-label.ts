/**
 * A request's `route`: the name its metrics are counted under and its log line carries, taken
 * from a short fixed list, never the raw path. A label value per distinct path would make a new
 * time series for every address anyone sends, without bound (Prometheus, "Instrumentation",
 * "Use labels" and "Do not overuse labels"). The list (docs/operations.md#metrics):
 *
 * - an API call: its operation's path template in the endpoint table, the proxy's allow-list
 *   (src/protocol/endpoints.ts), as `/api/v2/repos/{book_id}/toc`; anything else under `/api`
 *   is `/api/*`;
 * - a proxy route under `/auth` by its own path (`/auth/start`), from the proxy's routes; any
 *   other `/auth` path is `/auth/*`;
 * - `health` (`/healthz`, `/readyz`), `metrics` (the public port's refusal, src/server/metrics.ts),
 *   `asset` (under `/assets/`, or a file name with an extension) and `page` (everything else:
 *   the single-page app answers it).
 *
 * From the target as sent, without decoding: an encoded path the router would decode still gets
 * a name from the list.
 */
import { matchEndpoint } from '../protocol/endpoints'
import { API_BASE } from '../proxy/api/api-routes'
import { remember } from '../proxy/auth/session-cookie'

export type RouteLabeler = (method: string, path: string) => string

/** The health checks' paths (src/server/health.ts). */
export function isHealthPath(path: string): boolean {
  return path === '/healthz' || path === '/readyz'
}

/** API labels remembered: a page asks for the same few calls again and again. */
const API_LABELS_SIZE = 256

function isUnder(path: string, area: string): boolean {
  return path.startsWith(area) && (path.length === area.length || path[area.length] === '/')
}

/** The endpoint table's template for a path below the API base, whatever the method. */
function apiTemplate(method: string, path: string): string | null {
  const below = path.slice(API_BASE.length)
  const match = matchEndpoint(method, below)
  if (match.ok) return `${API_BASE}${match.endpoint.path}`
  if (match.status !== 405) return null
  // Another method's operation: the path is still that template's.
  const allowed = match.allow[0]
  const other = allowed === undefined ? null : matchEndpoint(allowed, below)
  return other?.ok === true ? `${API_BASE}${other.endpoint.path}` : null
}

/**
 * `authPaths`: the proxy's concrete routes under `/auth` (its Hono app's, see proxyAuthPaths).
 */
export function createRouteLabeler(authPaths: Iterable<string>): RouteLabeler {
  const auth = new Set(authPaths)
  const apiLabels = new Map<string, string>()
  return (method, path) => {
    if (isUnder(path, API_BASE)) {
      const key = `${method} ${path}`
      const known = apiLabels.get(key)
      if (known !== undefined) return known
      const label = apiTemplate(method, path) ?? '/api/*'
      // Long paths are labelled each time rather than kept (they are no page's calls).
      if (key.length <= 512) remember(apiLabels, key, label, API_LABELS_SIZE)
      return label
    }
    if (isUnder(path, '/api')) return '/api/*'
    if (isUnder(path, '/auth')) return auth.has(path) ? path : '/auth/*'
    if (isHealthPath(path)) return 'health'
    if (path === '/metrics') return 'metrics'
    if (path.startsWith('/assets/')) return 'asset'
    const name = path.slice(path.lastIndexOf('/') + 1)
    return name.includes('.') && name !== 'index.html' ? 'asset' : 'page'
  }
}

/** The concrete paths of a Hono app's routes under `/auth` (no wildcard, no parameter). */
export function proxyAuthPaths(routes: readonly { path: string }[]): string[] {
  return routes
    .map((route) => route.path)
    .filter((path) => isUnder(path, '/auth') && !/[*:]/.test(path))
}
