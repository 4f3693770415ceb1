/**
 * The server's record of each client-code attempt, in the StateStore (docs/security.md#j3). The
 * sealed cookie only names the attempt: a copy of it, replayed or kept past Cancel, finds the
 * record that says how many polls were used, when the last one left, and whether the attempt ended.
 * One poll at a time holds the attempt's lock (a second concurrent poll is refused), so one
 * cookie can never make two token requests at once.
 */
import { z } from 'zod'
import type { StateStore } from '../store/state-store'

const AttemptRecordSchema = z.object({
  polls: z.number().int().nonnegative(),
  /** Cancelled, connected, denied, failed or out of polls: never polled again. */
  ended: z.boolean(),
  lastPollAt: z.number().nullable(),
  /** Polls allowed so far: one budget at the start, one more per "Keep waiting". */
  budget: z.number().int().positive(),
})
export type AttemptRecord = z.infer<typeof AttemptRecordSchema>

const recordKey = (id: string) => `cc:attempt:${id}`
const lockKey = (id: string) => `cc:lock:${id}`

export function createAttemptRecords(store: StateStore, clock: () => number) {
  /** Until the attempt's own end (`expiresAt`, ms): the record never outlives the code. */
  const write = async (id: string, record: AttemptRecord, expiresAt: number) => {
    const ttlMs = expiresAt - clock()
    if (ttlMs > 0) await store.set(recordKey(id), JSON.stringify(record), ttlMs)
  }
  /** The record, or null when it is gone (expired) or unreadable. */
  const read = async (id: string): Promise<AttemptRecord | null> => {
    const value = await store.get(recordKey(id))
    if (value === null) return null
    try {
      const parsed = AttemptRecordSchema.safeParse(JSON.parse(value))
      return parsed.success ? parsed.data : null
    } catch {
      return null
    }
  }
  return {
    open: (id: string, expiresAt: number, budget: number) =>
      write(id, { polls: 0, ended: false, lastPollAt: null, budget }, expiresAt),
    write,
    read,
    async end(id: string, expiresAt: number): Promise<void> {
      const record = await read(id)
      const polls = record?.polls ?? 0
      await write(id, { polls, ended: true, lastPollAt: null, budget: polls }, expiresAt)
    },
    /** True when this call holds the lock; it expires by itself after `ttlMs` if never released. */
    lock: (id: string, ttlMs: number) => store.setIfAbsent(lockKey(id), '1', ttlMs),
    unlock: (id: string) => store.delete(lockKey(id)),
  }
}
