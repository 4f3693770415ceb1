/**
 * Fixed-window rate limiting keyed by user (all of a user's tokens share one budget, as the real
 * service does) or by client address for anonymous calls.
 */

export interface RateLimitOptions {
  limit: number
  windowMs: number
}

export interface RateDecision {
  allowed: boolean
  limit: number
  remaining: number
  /** Whole seconds until the window resets (at least 1), for `Retry-After`. */
  retryAfterSeconds: number
}

export interface RateLimiter {
  /**
   * Counts one request. Synchronous on purpose: with no `await` between reading and writing
   * the counter, concurrent requests can never observe the same count.
   */
  consume(key: string, now: number): RateDecision
  reset(): void
}

export function createRateLimiter({ limit, windowMs }: RateLimitOptions): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    consume(key, now) {
      let window = windows.get(key)
      if (window === undefined || now >= window.start + windowMs || now < window.start) {
        window = { start: now, count: 0 }
        windows.set(key, window)
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000))
      if (window.count >= limit) {
        return { allowed: false, limit, remaining: 0, retryAfterSeconds }
      }
      window.count += 1
      return { allowed: true, limit, remaining: limit - window.count, retryAfterSeconds }
    },
    reset() {
      windows.clear()
    },
  }
}
