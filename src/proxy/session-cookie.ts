/**
 * Reading the session cookie on every forwarded call, cheaply: how many copies the Cookie header
 * carries (cookie tossing, proxy.ts) and the value hono's getCookie would read. A browser sends
 * the same Cookie header call after call, so both are remembered by the header's exact text, a
 * bounded number of headers (bench: proxy CPU per forwarded call, bench/profile-proxy.ts).
 */
import type { Context } from 'hono'
import { parse as parseCookies } from 'hono/utils/cookie'

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

export function sessionCookieScanner(name: string): (c: Context) => SessionCookieScan {
  const scans = new Map<string, SessionCookieScan>()
  return (c) => {
    const header = c.req.header('Cookie')
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
