/**
 * Counts failed guesses (passwords at sign-in, client secrets at the token endpoint) per key, in
 * a fixed window: after `limit` failures under any of a request's keys (its address, the account
 * or client it tried), that request is refused until the window ends (ASVS 6.3.5; OWASP
 * Authentication CS "Protect against automated attacks"). A success is not counted.
 */

export interface FailureThrottleOptions {
  limit: number
  windowMs: number
}

export interface FailureThrottle {
  /** Whole seconds to wait (at least 1) when any key is over the limit, else null. */
  blockedFor(keys: readonly string[], now: number): number | null
  recordFailure(keys: readonly string[], now: number): void
  reset(): void
}

/** Default: 10 failures per 15 minutes. */
export const GUESS_LIMIT: FailureThrottleOptions = { limit: 10, windowMs: 15 * 60 * 1000 }

/** Each key's window: when it started and the failures counted in it. */
export type GuessWindows = Map<string, { start: number; failures: number }>

/** `windows`: the counts, which the emulator's state owner holds (emulator-state.ts). */
export function createFailureThrottle(
  { limit, windowMs }: FailureThrottleOptions,
  windows: GuessWindows,
): FailureThrottle {
  const live = (key: string, now: number) => {
    const window = windows.get(key)
    if (window === undefined || now >= window.start + windowMs || now < window.start) {
      windows.delete(key)
      return undefined
    }
    return window
  }
  return {
    blockedFor(keys, now) {
      let wait: number | null = null
      for (const key of keys) {
        const window = live(key, now)
        if (window === undefined || window.failures < limit) continue
        const seconds = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000))
        wait = Math.max(wait ?? 0, seconds)
      }
      return wait
    },
    recordFailure(keys, now) {
      for (const key of keys) {
        const window = live(key, now) ?? { start: now, failures: 0 }
        window.failures += 1
        windows.set(key, window)
      }
    },
    reset() {
      windows.clear()
    },
  }
}

/** The 429 message: what happened, counted where, and when to try again. */
export function tooManyGuesses(
  what: string,
  seconds: number,
  where = 'from this address or for this account',
): string {
  const minutes = Math.ceil(seconds / 60)
  return `Too many failed ${what} ${where}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}
