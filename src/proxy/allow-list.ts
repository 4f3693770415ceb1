/**
 * The explicit allow-list of API calls the proxy forwards (checklist F1, F2): method, path shape
 * and query parameters. Anything else is refused before any request leaves the server.
 */
import { isSafePathSegment } from '../protocol/user-key'

export interface AllowedRoute {
  /** Path pattern below the API base; `:key` is a login or a numeric id. */
  pattern: string
  /** Calls that make no sense without a token are answered locally, sparing the rate limit. */
  needsSession: boolean
  query: readonly string[]
}

export const ALLOWED_ROUTES: readonly AllowedRoute[] = [
  { pattern: 'user', needsSession: true, query: [] },
  { pattern: 'hello', needsSession: true, query: [] },
  { pattern: 'users/:key', needsSession: false, query: [] },
  { pattern: 'users/:key/repos', needsSession: true, query: ['offset', 'limit', 'type'] },
  { pattern: 'users/:key/groups', needsSession: true, query: ['offset', 'role'] },
]

export const ALLOWED_SUMMARY = ALLOWED_ROUTES.map((route) => `GET /${route.pattern}`).join(', ')

const QUERY_VALUE = /^[A-Za-z0-9_-]{0,32}$/

export type RouteMatch =
  | { ok: true; route: AllowedRoute; path: string; search: string }
  | { ok: false; status: 400 | 404 | 405; message: string }

/**
 * Matches a request below the API base. `rawPath` is the URL's pathname as the WHATWG parser
 * left it (dot segments resolved, percent-encoding kept), relative to `/api/v2/`. Every segment
 * must be of the safe alphabet, so `%2e%2e`, `%252e`, `@host`, `\` or CR/LF never get through.
 */
export function matchAllowedRoute(
  method: string,
  rawPath: string,
  query: URLSearchParams,
): RouteMatch {
  const segments = rawPath.split('/')
  const bad = segments.find((segment) => !isSafePathSegment(segment))
  if (bad !== undefined) {
    return {
      ok: false,
      status: 400,
      message: `The path segment "${bad.slice(0, 40)}" is not allowed: segments use letters, digits, "-" and "_" only.`,
    }
  }
  const route = ALLOWED_ROUTES.find((candidate) => {
    const parts = candidate.pattern.split('/')
    return (
      parts.length === segments.length &&
      parts.every((part, i) => part === ':key' || part === segments[i])
    )
  })
  if (route === undefined) {
    return {
      ok: false,
      status: 404,
      message: `The playground does not forward /${segments.join('/')}; it forwards only ${ALLOWED_SUMMARY}.`,
    }
  }
  if (method !== 'GET') {
    return {
      ok: false,
      status: 405,
      message: `Only GET is forwarded for /${route.pattern}, not ${method}.`,
    }
  }
  const forwarded = new URLSearchParams()
  for (const [name, value] of query) {
    if (!route.query.includes(name)) {
      const allowed = route.query.length === 0 ? 'none' : route.query.join(', ')
      return {
        ok: false,
        status: 400,
        message: `The query parameter "${name.slice(0, 40)}" is not allowed here (allowed: ${allowed}).`,
      }
    }
    if (forwarded.has(name) || !QUERY_VALUE.test(value)) {
      return {
        ok: false,
        status: 400,
        message: `The query parameter "${name}" has a bad or repeated value.`,
      }
    }
    forwarded.set(name, value)
  }
  const search = forwarded.size === 0 ? '' : `?${forwarded.toString()}`
  return { ok: true, route, path: segments.join('/'), search }
}

/**
 * Builds the upstream URL on the configured base and checks it stayed there (checklist F2).
 * `base` ends with `/`, e.g. `https://www.yuque.com/api/v2/`.
 */
export function buildUpstreamUrl(base: URL, path: string, search: string): URL {
  const url = new URL(`${path}${search}`, base)
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) {
    throw new Error(`upstream URL left the configured base: ${url.origin}${url.pathname}`)
  }
  return url
}
