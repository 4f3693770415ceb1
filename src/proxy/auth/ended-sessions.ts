/**
 * The ids of sessions ended before their cookies expire (docs/security.md#i1): sessions live in
 * sealed cookies (decision 0003), so ending one means remembering its id until any copy of its
 * cookie would have expired anyway. In the StateStore, so every replica refuses the copy, and each
 * entry lives exactly that long: no other logout can push a live entry out, and memory is
 * bounded by the sessions ended within the last SESSION_ABSOLUTE_SECONDS.
 */
import type { StateStore } from '../store/state-store'

const endedKey = (sessionId: string) => `ended:${sessionId}`

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
