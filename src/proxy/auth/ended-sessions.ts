/**
 * The ids of sessions ended before their cookies expire (docs/security.md#i1): sessions live in
 * sealed cookies (decision 0003), so ending one means remembering its id until any copy of its
 * cookie would have expired anyway. In the StateStore, so every replica refuses the copy, and each
 * entry lives exactly that long: no other logout can push a live entry out, and memory is
 * bounded by the sessions ended within the last SESSION_ABSOLUTE_SECONDS.
 *
 * A logout while the store is down still ends the session (docs/security.md#s8): the browser's
 * cookie is cleared at once, and the end is kept in this process, refused here at once, and
 * written to the store as soon as it answers again: before this process checks any session
 * against the store, and by a retry every RETRY_MS meanwhile. Otherwise a copy of the cookie
 * would work again once the store was back.
 */
import { StoreUnavailableError, type StateStore } from '../store/state-store'

const endedKey = (sessionId: string) => `ended:${sessionId}`

/** How often ends kept while the store was down are tried again. */
export const RETRY_MS = 1000
/** Ends kept while the store is down, at most; past it the one expiring soonest gives way. */
export const MAX_PENDING_ENDS = 10_000

/**
 * Remembers `sessionId` as ended until `expiresAt` (ms), the cookie's absolute limit. Not its
 * idle limit: whoever holds a copy can keep it active, so only the absolute limit bounds it.
 */
export async function markSessionEnded(
  store: StateStore,
  sessionId: string,
  expiresAt: number,
  now: number,
): Promise<void> {
  if (expiresAt <= now) return
  await store.set(endedKey(sessionId), '1', expiresAt - now)
}

export async function isSessionEnded(store: StateStore, sessionId: string): Promise<boolean> {
  return (await store.get(endedKey(sessionId))) !== null
}

export interface EndedSessions {
  /** `pending`: the store did not answer; the end is kept here until it does. */
  end(sessionId: string, expiresAt: number): Promise<'ended' | 'pending'>
  /** Throws StoreUnavailableError when the store is needed and does not answer. */
  isEnded(sessionId: string): Promise<boolean>
  /** Ends not yet in the store (tests, the memory report). */
  readonly pending: number
}

export function createEndedSessions(store: StateStore, clock: () => number): EndedSessions {
  /** Session id → its cookie's absolute limit, for the ends the store has not taken yet. */
  const pending = new Map<string, number>()
  let timer: ReturnType<typeof setTimeout> | undefined

  /** Writes every pending end; throws (keeping the rest) when the store does not answer. */
  async function flush(): Promise<void> {
    for (const [id, expiresAt] of [...pending]) {
      await markSessionEnded(store, id, expiresAt, clock())
      pending.delete(id)
    }
  }

  function retryLater(): void {
    if (timer !== undefined) return
    timer = setTimeout(() => {
      timer = undefined
      flush().catch(() => retryLater())
    }, RETRY_MS)
    // A retry never keeps the process alive (a shutdown, a test run).
    timer.unref()
  }

  function keep(sessionId: string, expiresAt: number): void {
    if (pending.size >= MAX_PENDING_ENDS && !pending.has(sessionId)) {
      let soonest: [string, number] | undefined
      for (const entry of pending)
        if (soonest === undefined || entry[1] < soonest[1]) soonest = entry
      if (soonest !== undefined) pending.delete(soonest[0])
    }
    pending.set(sessionId, expiresAt)
    retryLater()
  }

  return {
    get pending() {
      return pending.size
    },
    async end(sessionId, expiresAt) {
      try {
        await markSessionEnded(store, sessionId, expiresAt, clock())
        return 'ended'
      } catch (error) {
        if (!(error instanceof StoreUnavailableError)) throw error
        keep(sessionId, expiresAt)
        return 'pending'
      }
    },
    async isEnded(sessionId) {
      if (pending.has(sessionId)) return true
      if (pending.size > 0) await flush()
      return isSessionEnded(store, sessionId)
    },
  }
}
