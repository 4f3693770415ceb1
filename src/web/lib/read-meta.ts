/**
 * A response's headers, parsed once (docs/service.md#scope-headers, #rate-limits): the api client
 * reads them when the answer comes, and the result, the error, the status store and the panels all
 * take these values.
 */
import {
  parseAcceptedScopesHeader,
  parseGrantedScopesHeader,
  parseRateLimit,
  parseRetryAfter,
  type HeaderSource,
  type RateLimit,
} from '../../protocol/headers'
import { SCOPE_FAILURE_HEADER, SESSION_HEADER } from '../../protocol/playground-common'

/** What the response headers said, parsed (absent headers are null or empty, never NaN). */
export interface ResponseMeta {
  status: number
  rateLimit: RateLimit
  /** `X-OAuth-Scopes`: null when absent (fall back to the session's scope). */
  grantedScopes: string[] | null
  /** `X-Accepted-OAuth-Scopes`: the scopes this resource needs. */
  acceptedScopes: string[]
  /** `Retry-After` in seconds from when the answer came; null when absent or malformed. */
  retryAfter: number | null
  /** An upstream 401 made the proxy end the session (`X-Playground-Session: ended`). */
  isSessionEnded: boolean
  /**
   * The proxy found an upstream 401 to be about a scope, not the token (`X-Playground-Scope-Failure`):
   * the scopes it named, [] when the service did not say which; null when it is no scope failure.
   */
  scopeFailure: string[] | null
}

function parseScopeFailure(value: string | null): string[] | null {
  if (value === null) return null
  return value.split(',').flatMap((scope) => (scope.trim() === '' ? [] : [scope.trim()]))
}

export function readMeta(
  response: { status: number; headers: HeaderSource },
  now: number = Date.now(),
): ResponseMeta {
  const { headers } = response
  return {
    status: response.status,
    rateLimit: parseRateLimit(headers),
    grantedScopes: parseGrantedScopesHeader(headers),
    acceptedScopes: parseAcceptedScopesHeader(headers),
    retryAfter: parseRetryAfter(headers, now),
    isSessionEnded: headers.get(SESSION_HEADER)?.trim().toLowerCase() === 'ended',
    scopeFailure: parseScopeFailure(headers.get(SCOPE_FAILURE_HEADER)),
  }
}
