/**
 * `X-Request-Id`: the one id of a request, in the server's log line for it, in its answer and on
 * the proxy's calls to the service, so that an operator can join the lines of one request across
 * replicas, the load balancer and the service (docs/operations.md#logs).
 *
 * An incoming id is kept only when it is plainly safe to write anywhere, a header or a log line:
 * 1 to 128 characters of `A–Z a–z 0–9 . _ : -` (a UUID, nginx's `$request_id`, a trace id all
 * fit). Anything else is replaced by the server (src/server/request-log.ts), and the proxy
 * forwards only an id that passes the same rule (docs/security.md#f3).
 */
import type { HeaderSource } from '../protocol/headers'

export const REQUEST_ID_HEADER = 'X-Request-Id'

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

export function isSafeRequestId(value: string): boolean {
  return SAFE_REQUEST_ID.test(value)
}

/** The request's id when it carries a safe one, else null (nothing to forward). */
export function requestIdOf(headers: HeaderSource): string | null {
  const value = headers.get(REQUEST_ID_HEADER)
  return value !== null && isSafeRequestId(value) ? value : null
}
