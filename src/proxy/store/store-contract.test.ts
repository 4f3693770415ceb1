/**
 * One contract, two stores: the same table of cases runs against the in-memory store and the
 * Redis store (a real redis-server on a free loopback port), so that a replica behind a load
 * balancer behaves exactly as the single process does.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStore } from './memory-store'
import { startRedisServer, type RedisProcess } from './redis-process'
import { createRedisStore } from './redis-store'
import type { StateStore } from './state-store'

let redis: RedisProcess
let prefixes = 0

beforeAll(async () => {
  redis = await startRedisServer()
})
afterAll(async () => {
  await redis.stop()
})

const stores: { name: string; make: () => Promise<StateStore> }[] = [
  { name: 'memory', make: async () => createMemoryStore() },
  {
    name: 'redis',
    make: async () => {
      // A prefix per case: no case sees another's keys.
      const store = createRedisStore({ url: redis.url, keyPrefix: `contract-${++prefixes}:` })
      await store.waitUntilReady(3000)
      return store
    },
  },
]

describe.each(stores)('the $name store', ({ name, make }) => {
  const withStore = (run: (store: StateStore) => Promise<void>) => async () => {
    const store = await make()
    try {
      await run(store)
    } finally {
      await store.close()
    }
  }

  it(
    'is named for errors and /readyz, and answers a ping',
    withStore(async (store) => {
      expect(store.name).toBe(name)
      await expect(store.ping()).resolves.toBeUndefined()
    }),
  )

  it(
    'answers null for a key never set, and the value of one set',
    withStore(async (store) => {
      expect(await store.get('absent')).toBeNull()
      await store.set('k', 'v1', 10_000)
      await store.set('k', 'v2', 10_000)
      expect(await store.get('k')).toBe('v2')
    }),
  )

  it(
    'forgets an entry once its time to live has passed',
    withStore(async (store) => {
      await store.set('short', 'v', 150)
      expect(await store.get('short')).toBe('v')
      await sleep(300)
      expect(await store.get('short')).toBeNull()
    }),
  )

  it(
    'sets a key only once while it lives, and again after it expired',
    withStore(async (store) => {
      expect(await store.setIfAbsent('lock', 'a', 150)).toBe(true)
      expect(await store.setIfAbsent('lock', 'b', 150)).toBe(false)
      expect(await store.get('lock')).toBe('a')
      await sleep(300)
      expect(await store.setIfAbsent('lock', 'c', 150)).toBe(true)
    }),
  )

  it(
    'lets exactly one of many concurrent claims win',
    withStore(async (store) => {
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.setIfAbsent('claim', String(i), 10_000)),
      )
      expect(claims.filter(Boolean)).toHaveLength(1)
    }),
  )

  it(
    'counts concurrent increments exactly, in a window that later increments do not extend',
    withStore(async (store) => {
      const counts = await Promise.all(
        Array.from({ length: 50 }, () => store.increment('window', 400)),
      )
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
      await sleep(250)
      expect(await store.increment('window', 400)).toBe(51)
      await sleep(250)
      // 500 ms after the first increment: the window of 400 ms has closed.
      expect(await store.increment('window', 400)).toBe(1)
    }),
  )

  it(
    'deletes a key, and deleting an absent key is no error',
    withStore(async (store) => {
      await store.set('gone', 'v', 10_000)
      await store.delete('gone')
      await store.delete('never-there')
      expect(await store.get('gone')).toBeNull()
    }),
  )
})
