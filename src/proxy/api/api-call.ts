/**
 * One API call's answer while its route builds it (api-routes.ts), without a Hono context: the
 * headers its steps set besides the status and body, the Set-Cookie headers the session's
 * functions write (it is their CookieCall), and its trace when it asked for one. Settling a 401
 * writes to it too (scope-failure.ts). A class: its methods cost no closure per call (bench:
 * proxy CPU per forwarded call).
 */
import type { CookieCall } from '../auth/session-cookie'
import { NO_STORE_HEADERS } from '../context'
import type { TraceCollector } from '../flow-trace'

export class ApiCall implements CookieCall {
  /** The answer's headers but Set-Cookie, as set so far: a later value replaces an earlier one. */
  readonly headers: Record<string, string> = { ...NO_STORE_HEADERS }
  readonly setCookies: string[] = []

  constructor(
    /** The request's Cookie header. */
    readonly cookieHeader: string | undefined,
    /** The request's URL, as the adapter built it. */
    readonly url: string,
    /** Absent when the request did not ask for its trace. */
    readonly trace: TraceCollector | undefined,
  ) {}

  setCookie(header: string): void {
    this.setCookies.push(header)
  }
}
