import { useSyncExternalStore } from 'react'
import type { RateLimit } from '../../protocol/headers'
import type { ResponseMeta } from './read-meta'
import { unknownRateLimitWaitSeconds } from './retry-policy'

/**
 * What the always-visible indicators show, fed by every response the api client sees. A
 * snapshot is replaced, never mutated, so useSyncExternalStore notices each change.
 */
export interface ApiStatus {
  /**
   * The last complete, consistent pair of `X-RateLimit-*` headers (whatever limit the service
   * has: 5000 in the spec, 200 an hour for an anonymous caller of the real one); null before any,
   * or after a pair that cannot be right (remaining above the limit), so the meter says "unknown".
   */
  rateLimit: { limit: number; remaining: number } | null
  /** The last `X-OAuth-Scopes` seen; null when no response carried it (fall back to the session). */
  grantedScopes: string[] | null
  /** Epoch ms until which the service asked us to wait (a 429); null when not limited. */
  rateLimitedUntil: number | null
  /** False when a 429 came without `Retry-After` and the wait is our own guess. */
  isRetryAfterKnown: boolean
  /** 429s in a row without `Retry-After`: each doubles the guessed wait (retry-policy.ts). */
  unknownWaitStreak: number
  /** Set when the service rejected the token and the proxy ended the session. */
  sessionEndedAt: number | null
  /**
   * Set when the user disconnected here: the banner says the token stays valid at the service
   * until the app is revoked there (docs/security.md#i3: Yuque documents no revocation endpoint).
   */
  disconnectedAt: number | null
}

const initialStatus: ApiStatus = {
  rateLimit: null,
  grantedScopes: null,
  rateLimitedUntil: null,
  isRetryAfterKnown: false,
  unknownWaitStreak: 0,
  sessionEndedAt: null,
  disconnectedAt: null,
}

/** The pair to show: a consistent one, null (unknown) for one that cannot be right. */
function shownRateLimit({ limit, remaining }: RateLimit): ApiStatus['rateLimit'] {
  if (limit === null || remaining === null || limit === 0 || remaining > limit) return null
  return { limit, remaining }
}

export function createApiStatusStore() {
  let snapshot = initialStatus
  const listeners = new Set<() => void>()

  const set = (next: ApiStatus) => {
    if (next === snapshot) return
    snapshot = next
    for (const listener of listeners) listener()
  }

  return {
    getSnapshot: (): ApiStatus => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Absent or malformed headers keep the previous value: one silent response is no news. */
    recordResponse(response: ResponseMeta, now: number = Date.now()): void {
      let next = snapshot
      const { limit, remaining } = response.rateLimit
      if (limit !== null && remaining !== null) {
        const shown = shownRateLimit(response.rateLimit)
        const current = next.rateLimit
        if (current?.limit !== shown?.limit || current?.remaining !== shown?.remaining) {
          next = { ...next, rateLimit: shown }
        }
      }
      const granted = response.grantedScopes
      if (granted !== null && granted.join(',') !== next.grantedScopes?.join(',')) {
        next = { ...next, grantedScopes: granted }
      }
      if (response.status === 429) {
        const { retryAfter } = response
        const streak = retryAfter === null ? next.unknownWaitStreak + 1 : 0
        const wait = retryAfter ?? unknownRateLimitWaitSeconds(streak)
        next = {
          ...next,
          rateLimitedUntil: now + wait * 1000,
          isRetryAfterKnown: retryAfter !== null,
          unknownWaitStreak: streak,
        }
      } else if (response.status < 400 && next.unknownWaitStreak > 0) {
        next = { ...next, unknownWaitStreak: 0 }
      }
      if (response.status < 400 && next.rateLimitedUntil !== null && now >= next.rateLimitedUntil) {
        next = { ...next, rateLimitedUntil: null }
      }
      set(next)
    },
    clearRateLimited(): void {
      if (snapshot.rateLimitedUntil !== null) set({ ...snapshot, rateLimitedUntil: null })
    },
    markSessionEnded(now: number = Date.now()): void {
      set({ ...snapshot, sessionEndedAt: now, grantedScopes: null })
    },
    clearSessionEnded(): void {
      if (snapshot.sessionEndedAt !== null) set({ ...snapshot, sessionEndedAt: null })
    },
    /** A new session (or none): the previous token's scopes no longer apply. */
    resetForNewSession(): void {
      set({ ...snapshot, grantedScopes: null, sessionEndedAt: null, disconnectedAt: null })
    },
    /** After a new session's reset: the disconnect banner's news. */
    markDisconnected(now: number = Date.now()): void {
      set({ ...snapshot, disconnectedAt: now })
    },
    clearDisconnected(): void {
      if (snapshot.disconnectedAt !== null) set({ ...snapshot, disconnectedAt: null })
    },
  }
}

/** The one store of the app; main.tsx has the api client's onResponse feed it. */
export const apiStatusStore = createApiStatusStore()

export function useApiStatus(): ApiStatus {
  // The server snapshot is the same: the build renders pages' heads on the server
  // (scripts/page-heads/render.tsx), where nothing has been answered yet.
  const { subscribe, getSnapshot } = apiStatusStore
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
