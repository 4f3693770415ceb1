/**
 * The last calls of this tab (method, path, status, time) and the inputs each was sent with, to
 * reopen one: module state in memory only, with no token, secret or response body. Its paths name
 * the account's data, so a Disconnect drops it (use-forget-account.ts; docs/security.md#i2).
 */
export interface HistoryEntry {
  readonly key: number
  readonly method: string
  readonly servicePath: string
  /** The HTTP status, or null when the call never reached the proxy (offline). */
  readonly status: number | null
  readonly at: Date
  /** The explorer's search params for this call (explorer-state.ts writeInputs). */
  readonly search: string
}

const KEEP = 10

let entries: readonly HistoryEntry[] = []
let next = 1
const listeners = new Set<() => void>()

function changed() {
  for (const listener of listeners) listener()
}

export const historyStore = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  entries: () => entries,
}

export function recordCall(entry: Omit<HistoryEntry, 'key'>): void {
  entries = [{ ...entry, key: next++ }, ...entries].slice(0, KEEP)
  changed()
}

export function forgetHistory(): void {
  if (entries.length === 0) return
  entries = []
  changed()
}
