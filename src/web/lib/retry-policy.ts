/**
 * The retry policy of every query (mutations never retry: a code is single-use, and logging in
 * or out twice helps no one).
 *
 * - 4xx: never, except 429. The request was refused; sending it again gets the same answer.
 * - 429: once, and only after `Retry-After` says so, and only when that wait is short
 *   (≤ MAX_RATE_LIMIT_WAIT_SECONDS). A longer or unknown wait is left to the user, who sees a
 *   countdown banner. No retry storm: the whole rate limit is shared by all of a user's tokens.
 * - 429 without `Retry-After` (the real service sends none): never retried by the page; the
 *   banner's own wait doubles with each such 429 in a row, from UNKNOWN_RATE_LIMIT_WAIT_SECONDS up
 *   to MAX_UNKNOWN_RATE_LIMIT_WAIT_SECONDS ("a few minutes"), and the Retry button waits with it.
 * - network failures and 5xx (including the proxy's 502/504 for an unreachable or slow service):
 *   at most MAX_TRANSIENT_RETRIES times, with exponential backoff.
 * - a 2xx in an unexpected shape, or anything that is not an ApiError: never.
 *
 * Recovery: once those retries are spent, a query whose server or service is unreachable (no
 * answer, or the proxy's `upstream_unreachable`) asks again by itself while it is on screen,
 * every 3 s, then 6, 12, 24 and at most every 30 s, so the page recovers when the service is
 * back without anyone pressing Retry. One request at a time: no storm, and nothing is sent for
 * an answer the service did give (a 429 or a 5xx waits for the user).
 */
import { isApiError } from './api-error'

export const MAX_TRANSIENT_RETRIES = 2
export const MAX_RATE_LIMIT_RETRIES = 1
export const MAX_RATE_LIMIT_WAIT_SECONDS = 30
export const UNKNOWN_RATE_LIMIT_WAIT_SECONDS = 60
export const MAX_UNKNOWN_RATE_LIMIT_WAIT_SECONDS = 300
const BASE_DELAY_MS = 1000
const MAX_BACKOFF_MS = 8000
export const UNREACHABLE_REFETCH_BASE_MS = 3000
export const UNREACHABLE_REFETCH_MAX_MS = 30_000

/** No answer came back: the playground server or the service behind it is down. */
export function isUnreachable(error: unknown): boolean {
  return (
    isApiError(error) && (error.kind === 'network' || error.proxyCode === 'upstream_unreachable')
  )
}

/**
 * TanStack Query's `refetchInterval`: ms until the next attempt of a query that failed because
 * nothing answered, or false. `failureCount` is the query's `fetchFailureCount` (retries
 * included, back to 0 on success), so each round of retries doubles the wait.
 */
export function refetchWhileUnreachable(error: unknown, failureCount: number): number | false {
  if (!isUnreachable(error)) return false
  const rounds = Math.max(1, Math.ceil(failureCount / (MAX_TRANSIENT_RETRIES + 1)))
  return Math.min(UNREACHABLE_REFETCH_BASE_MS * 2 ** (rounds - 1), UNREACHABLE_REFETCH_MAX_MS)
}

/** TanStack Query's `retry`: `failureCount` is the number of retries already made (0 first). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (!isApiError(error)) return false
  if (error.kind === 'network') return failureCount < MAX_TRANSIENT_RETRIES
  if (error.kind !== 'http') return false
  if (error.status === 429) {
    const wait = error.retryAfterSeconds
    return (
      failureCount < MAX_RATE_LIMIT_RETRIES && wait !== null && wait <= MAX_RATE_LIMIT_WAIT_SECONDS
    )
  }
  if (error.status >= 500) return failureCount < MAX_TRANSIENT_RETRIES
  return false
}

/** TanStack Query's `retryDelay`, in ms. */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.status === 429) {
    const wait = error.retryAfterSeconds
    // Retry-After: 0 still waits a moment; shouldRetryQuery refuses a missing or long wait.
    return Math.max(wait ?? MAX_RATE_LIMIT_WAIT_SECONDS, 1) * 1000
  }
  return Math.min(BASE_DELAY_MS * 2 ** failureCount, MAX_BACKOFF_MS)
}

/**
 * The wait assumed after the `streak`-th 429 in a row without `Retry-After` (1 for the first):
 * 60 s, 120 s, 240 s, then 300 s for good; a success ends the streak (api-status-store.ts).
 */
export function unknownRateLimitWaitSeconds(streak: number): number {
  const doublings = Math.max(0, Math.min(streak - 1, 10))
  return Math.min(
    UNKNOWN_RATE_LIMIT_WAIT_SECONDS * 2 ** doublings,
    MAX_UNKNOWN_RATE_LIMIT_WAIT_SECONDS,
  )
}
