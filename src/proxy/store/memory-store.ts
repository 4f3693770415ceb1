/**
 * The in-memory StateStore: one process, the default. Expired entries are dropped when read and
 * by a sweep that runs every `sweepEvery` writes, so memory is bounded by what is still live.
 */
import type { StateStore } from './state-store'

interface Entry {
  value: string
  expiresAt: number
}

export interface MemoryStoreOptions {
  clock?: () => number
  /** Writes between two sweeps of expired entries. */
  sweepEvery?: number
}

export interface MemoryStore extends StateStore {
  /** Live and not yet swept entries: for tests and the memory report. */
  readonly size: number
}

export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  const clock = options.clock ?? Date.now
  const sweepEvery = options.sweepEvery ?? 1000
  const entries = new Map<string, Entry>()
  let writes = 0

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key)
    if (entry === undefined) return undefined
    if (entry.expiresAt <= clock()) {
      entries.delete(key)
      return undefined
    }
    return entry
  }

  const write = (key: string, entry: Entry) => {
    entries.set(key, entry)
    if (++writes % sweepEvery !== 0) return
    const now = clock()
    for (const [name, candidate] of entries) if (candidate.expiresAt <= now) entries.delete(name)
  }

  return {
    name: 'memory',
    get size() {
      return entries.size
    },
    get: async (key) => live(key)?.value ?? null,
    set: async (key, value, ttlMs) => write(key, { value, expiresAt: clock() + ttlMs }),
    setIfAbsent: async (key, value, ttlMs) => {
      if (live(key) !== undefined) return false
      write(key, { value, expiresAt: clock() + ttlMs })
      return true
    },
    increment: async (key, ttlMs) => {
      const entry = live(key)
      const count = entry === undefined ? 1 : Number(entry.value) + 1
      write(key, { value: String(count), expiresAt: entry?.expiresAt ?? clock() + ttlMs })
      return count
    },
    delete: async (key) => {
      entries.delete(key)
    },
    ping: async () => undefined,
    // Nothing is evicted; a restart forgets everything, and with it the sessions themselves
    // when SESSION_SECRET is generated (docs/operations.md#the-store-must-keep-what-it-is-given).
    durability: async () => ({
      ok: true,
      detail: 'the memory store evicts nothing; it is emptied when this process stops',
    }),
    close: async () => entries.clear(),
  }
}
