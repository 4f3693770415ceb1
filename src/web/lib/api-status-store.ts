import { useSyncExternalStore } from 'react'
import type { ResponseMeta } from './read-meta'

/**
 * What the always-visible indicators show, fed by every response the api client sees. A
 * snapshot is replaced, never mutated, so useSyncExternalStore notices each change.
 */
export interface ApiStatus {
  /** The last complete pair of `X-RateLimit-*` headers; null before any. */
  rateLimit: { limit: number; remaining: number } | null
  /** The last `X-OAuth-Scopes` seen; null when no response carried it (fall back to the session). */
  grantedScopes: string[] | null
  /** Epoch ms until which the service asked us to wait (a 429); null when not limited. */
  rateLimitedUntil: number | null
  /** False when a 429 came without `Retry-After` and the wait is our own guess. */
  isRetryAfterKnown: boolean
  /** Set when the service rejected the token and the proxy ended the session. */
  sessionEndedAt: number | null
}

/** Wait assumed when a 429 carries no `Retry-After` (the banner says it is a guess). */
export const DEFAULT_RATE_LIMIT_WAIT_SECONDS = 60

const initialStatus: ApiStatus = {
  rateLimit: null,
  grantedScopes: null,
  rateLimitedUntil: null,
  isRetryAfterKnown: false,
  sessionEndedAt: null,
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
        const current = next.rateLimit
        if (current?.limit !== limit || current.remaining !== remaining) {
          next = { ...next, rateLimit: { limit, remaining } }
        }
      }
      const granted = response.grantedScopes
      if (granted !== null && granted.join(',') !== next.grantedScopes?.join(',')) {
        next = { ...next, grantedScopes: granted }
      }
      if (response.status === 429) {
        const { retryAfter } = response
        const wait = retryAfter ?? DEFAULT_RATE_LIMIT_WAIT_SECONDS
        next = {
          ...next,
          rateLimitedUntil: now + wait * 1000,
          isRetryAfterKnown: retryAfter !== null,
        }
      } else if (
        response.status < 400 &&
        next.rateLimitedUntil !== null &&
        now >= next.rateLimitedUntil
      ) {
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
      set({ ...snapshot, grantedScopes: null, sessionEndedAt: null })
    },
  }
}

/** The one store of the app; main.tsx has the api client's onResponse feed it. */
export const apiStatusStore = createApiStatusStore()

export function useApiStatus(): ApiStatus {
  return useSyncExternalStore(apiStatusStore.subscribe, apiStatusStore.getSnapshot)
}
