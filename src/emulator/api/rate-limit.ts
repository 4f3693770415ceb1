/**
 * Fixed-window rate limiting keyed by user (all of a user's tokens share one budget, as the real
 * service does) or by client address for anonymous calls. Each call may name its own budget:
 * the profile decides the anonymous one (profiles.ts, `anonymousBudget`).
 */
import type { Budget } from '../profiles'

export type RateLimitOptions = Budget

/** docs/service.md#rate-limit-per-user: 5000 requests per hour per user, unless configured. */
export const DEFAULT_RATE_LIMIT: Budget = { limit: 5000, windowMs: 3_600_000 }

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
  consume(key: string, now: number, budget?: Budget): RateDecision
  /**
   * The budget as it stands, without counting (docs/service.md#rate-limits: answers that are not
   * counted show it too).
   */
  peek(key: string, now: number, budget?: Budget): RateDecision
  reset(): void
}

/** Each key's window: when it started and the calls counted in it. */
export type RateWindows = Map<string, { start: number; count: number }>

/** `windows`: the counts, which the emulator's state owner holds (emulator-state.ts). */
export function createRateLimiter(
  defaultBudget: RateLimitOptions,
  windows: RateWindows,
): RateLimiter {
  const windowOf = (key: string, now: number, windowMs: number) => {
    const window = windows.get(key)
    if (window === undefined || now >= window.start + windowMs || now < window.start) {
      return { start: now, count: 0 }
    }
    return window
  }
  const decide = (
    window: { start: number; count: number },
    now: number,
    { limit, windowMs }: Budget,
  ): RateDecision => ({
    allowed: window.count < limit,
    limit,
    remaining: Math.max(0, limit - window.count),
    retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)),
  })
  return {
    consume(key, now, budget = defaultBudget) {
      const window = windowOf(key, now, budget.windowMs)
      windows.set(key, window)
      if (window.count >= budget.limit) return decide(window, now, budget)
      window.count += 1
      return { ...decide(window, now, budget), allowed: true }
    },
    peek(key, now, budget = defaultBudget) {
      return decide(windowOf(key, now, budget.windowMs), now, budget)
    },
    reset() {
      windows.clear()
    },
  }
}
