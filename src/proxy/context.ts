import type { Config } from './config'
import type { RandomBytes } from './auth/oauth'
import type { CookieJar } from './auth/session'
import type { StateStore } from './store/state-store'
import type { Upstream } from './api/upstream'
import type { ServiceProbe } from './service-probe'
import type { Apps } from './byo/effective-app'

/** What the proxy's sub-apps share, built once by createProxy. */
export interface ProxyContext {
  config: Config
  upstream: Upstream
  cookies: CookieJar
  /** Which app a request uses, the operator's or the browser's own (byo/effective-app.ts). */
  apps: Apps
  /** Everything remembered between requests (ended sessions, client-code attempts, throttles). */
  store: StateStore
  clock: () => number
  randomBytes: RandomBytes
  log: (line: string) => void
  /** Whether the service answers (service-probe.ts); null: not asked. */
  serviceProbe: ServiceProbe | null
  /** Sessions opened and ended, for the server's metrics (src/server/metrics.ts). */
  events: ProxyEvents
}

/**
 * What the proxy tells whoever counts (the server's metrics). Sessions live in sealed cookies
 * (decision 0003): these are events, not a count of live sessions, which expire unseen.
 */
export interface ProxyEvents {
  /** A login completed: a session cookie was written, by either flow. */
  sessionOpened(flow: 'authorization_code' | 'client_code'): void
  /** A session ended before its cookie expired: a logout, or a token the service refused. */
  sessionEnded(reason: 'logout' | 'token_refused'): void
}

export const NO_PROXY_EVENTS: ProxyEvents = {
  sessionOpened: () => undefined,
  sessionEnded: () => undefined,
}

/**
 * Upstream answers are capped (docs/security.md#f4): a user record or a page of repos is far
 * smaller.
 */
export const MAX_UPSTREAM_BYTES = 1024 * 1024

/**
 * On every answer of /auth and /api (proxy.ts): nothing of it may be cached or sniffed, and no
 * Referer leaves with the page's next request.
 */
export const NO_STORE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  Pragma: 'no-cache',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
}

/** The type of an API answer passed back: the service's JSON, as it wrote it. */
export const API_ANSWER_TYPE = 'application/json; charset=UTF-8'

/**
 * The log line of an error no route handled: its name only (a message could quote the request),
 * and the request's id, which joins it to the server's line for the request
 * (src/server/request-log.ts). That line, one per request, is the server's, not the proxy's.
 */
export function failureLogLine(
  method: string,
  path: string,
  requestId: string | null,
  error: unknown,
): string {
  const name = error instanceof Error ? error.name : typeof error
  return `proxy error ${method} ${path}${requestId === null ? '' : ` id=${requestId}`}: ${name}`
}
