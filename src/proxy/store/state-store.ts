/**
 * Everything the proxy remembers between requests (ended sessions, client-code attempts,
 * throttles) goes through this one interface, so that several replicas can share it. Two
 * implementations: memory-store.ts (one process, the default) and a Redis one when REDIS_URL is
 * set. Every entry has a time to live tied to what it protects: nothing grows without bound.
 *
 * The operations are the few that can be made atomic on Redis without scripts of our own.
 */
export interface StateStore {
  /** `memory` or `redis`: named in errors and in /readyz. */
  readonly name: string
  get(key: string): Promise<string | null>
  /** Sets `key` for `ttlMs`, replacing any value. */
  set(key: string, value: string, ttlMs: number): Promise<void>
  /** Sets `key` for `ttlMs` only when it is absent; true when this call set it (a lock, a claim). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>
  /**
   * Adds one to a counter and answers the new count. The counter expires `ttlMs` after the call
   * that created it (a fixed window); later increments do not extend it.
   */
  increment(key: string, ttlMs: number): Promise<number>
  delete(key: string): Promise<void>
  /** Resolves when the store answers; rejects with StoreUnavailableError otherwise. */
  ping(): Promise<void>
  /**
   * Whether what is written stays written until its time to live: an ended session forgotten
   * by the store (a restart without persistence, an eviction) lets its cookie work again
   * (docs/operations.md#the-store-must-keep-what-it-is-given). The verdict names the setting.
   */
  durability(): Promise<Durability>
  close(): Promise<void>
}

export interface Durability {
  ok: boolean
  detail: string
}

/** The store did not answer: callers that need it fail closed with a 503 that names it. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError'
  constructor(
    readonly store: string,
    options?: { cause?: unknown },
  ) {
    super(`the ${store} store is unavailable`, options)
  }
}
