/**
 * Reading the session cookie on every forwarded call, cheaply: how many copies the Cookie header
 * carries (cookie tossing, guards.ts) and the value hono's getCookie would read. A browser sends
 * the same Cookie header call after call, so both are remembered by the header's exact text, a
 * bounded number of headers (bench: proxy CPU per forwarded call, bench/profile-proxy.ts). And
 * the paths a tossed copy of the cookie can have, which clearing it must reach, and what the
 * session's functions read and write of a call (CookieCall).
 */
import type { Context } from 'hono'
import { parse as parseCookies } from 'hono/utils/cookie'

/**
 * What the session cookie's functions need of a call: its Cookie header, its URL as sent, and
 * where the answer's Set-Cookie headers go. A Hono context gives one (`cookieCallOf`, the /auth
 * routes); the API's route builds its answer without one (api-routes.ts).
 */
export interface CookieCall {
  readonly cookieHeader: string | undefined
  readonly url: string
  setCookie(header: string): void
}

export function cookieCallOf(c: Context): CookieCall {
  return {
    cookieHeader: c.req.header('Cookie'),
    url: c.req.url,
    setCookie: (header) => c.header('Set-Cookie', header, { append: true }),
  }
}

const COOKIE_SCAN_CACHE_SIZE = 256
/** Longer Cookie headers are scanned each time rather than kept. */
const MAX_CACHED_COOKIE_HEADER = 4096

/** Adds an entry to a bounded cache, the oldest giving way when it is full. */
export function remember<V>(cache: Map<string, V>, key: string, value: V, size: number): void {
  if (cache.size >= size) {
    const oldest = cache.keys().next()
    if (oldest.done !== true) cache.delete(oldest.value)
  }
  cache.set(key, value)
}

/** Counts the cookies named `name` in a Cookie header (RFC 6265 §5.4 allows several). */
function countCookies(header: string, name: string): number {
  let count = 0
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=')
    if (eq !== -1 && pair.slice(0, eq).trim() === name) count += 1
  }
  return count
}

export interface SessionCookieScan {
  count: number
  /** As hono's getCookie reads it. */
  value: string | undefined
}

/** Scans a request's Cookie header (undefined when it has none). */
export function sessionCookieScanner(
  name: string,
): (header: string | undefined) => SessionCookieScan {
  const scans = new Map<string, SessionCookieScan>()
  return (header) => {
    if (header === undefined) return { count: 0, value: undefined }
    const cached = scans.get(header)
    if (cached !== undefined) return cached
    const scan = Object.freeze({
      count: countCookies(header, name),
      value: parseCookies(header, name)[name],
    })
    if (header.length <= MAX_CACHED_COOKIE_HEADER) {
      remember(scans, header, scan, COOKIE_SCAN_CACHE_SIZE)
    }
    return scan
  }
}

/** What a cookie's Path attribute may hold, RFC 6265 §4.1.1 (`path-value`), less the space. */
const COOKIE_PATH_SEGMENT = /^[\x21-\x3a\x3c-\x7e]+$/

/**
 * The paths a tossed session cookie can have and still reach the proxy, as far as they can be
 * known: the proxy's route prefixes and every parent of this request's path. A cookie set for
 * another, deeper path (or with a Domain attribute) is not reached: docs/security.md, P9.
 *
 * `requestPath` is the path as sent, percent-encoded: a browser matches a cookie's path against
 * that form (RFC 6265 §5.1.4), and a decoded one may hold a NUL or a line break, which no
 * Set-Cookie header can carry (fuzz.test.ts found the NUL). The parents stop at a segment that
 * a cookie's path cannot hold (a control character, a space or `;`, RFC 6265 §4.1.1): that `;`
 * would start an attribute of its own (proxy-security.test.ts, "clears the copies under an
 * encoded path as the browser matches it…").
 */
export function tossedCookiePaths(requestPath: string): string[] {
  const paths = new Set(['/auth', '/api', '/api/v2'])
  const segments = requestPath.split('/').filter((segment) => segment !== '')
  for (let end = 1; end <= Math.min(segments.length, 8); end += 1) {
    if (!COOKIE_PATH_SEGMENT.test(segments[end - 1] ?? '')) break
    paths.add(`/${segments.slice(0, end).join('/')}`)
  }
  return [...paths]
}
