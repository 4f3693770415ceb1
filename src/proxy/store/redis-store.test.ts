/**
 * The Redis store when Redis goes away and comes back (the contract itself is in
 * store-contract.test.ts): it fails fast and closed, recovers on its own, and with the
 * append-only file on (as production needs) loses nothing written before a restart.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort, startRedisServer, type RedisProcess } from './redis-process'
import { createRedisStore, type RedisStore } from './redis-store'
import { StoreUnavailableError } from './state-store'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function redisWithStore(options: { dataDir?: string } = {}) {
  let redis: RedisProcess = await startRedisServer(options)
  const store: RedisStore = createRedisStore({ url: redis.url, commandTimeoutMs: 500 })
  cleanups.push(async () => {
    await store.close()
    await redis.stop()
  })
  await store.waitUntilReady(3000)
  return {
    store,
    stop: () => redis.stop(),
    restart: async () => {
      redis = await startRedisServer({ ...options, port: redis.port })
    },
  }
}

async function rejectionTime(operation: () => Promise<unknown>) {
  const started = Date.now()
  const error = await operation().then(
    () => null,
    (reason: unknown) => reason,
  )
  return { error, ms: Date.now() - started }
}

describe('the Redis store', () => {
  it('rejects every operation with StoreUnavailableError within 1 s while Redis is down', async () => {
    const { store, stop } = await redisWithStore()
    await store.set('k', 'v', 10_000)
    await stop()
    const operations = [
      () => store.get('k'),
      () => store.set('k', 'v', 1000),
      () => store.setIfAbsent('k', 'v', 1000),
      () => store.increment('n', 1000),
      () => store.delete('k'),
      () => store.ping(),
    ]
    for (const operation of operations) {
      const { error, ms } = await rejectionTime(operation)
      expect(error).toBeInstanceOf(StoreUnavailableError)
      expect((error as Error).message).toBe('the redis store is unavailable')
      expect(ms).toBeLessThan(1000)
    }
  })

  it('rejects at once when Redis was never reachable, and names no URL', async () => {
    const port = await freePort()
    const store = createRedisStore({ url: `redis://user:hunter2@127.0.0.1:${port}` })
    cleanups.push(() => store.close())
    const { error, ms } = await rejectionTime(() => store.ping())
    expect(error).toBeInstanceOf(StoreUnavailableError)
    expect(String(error)).not.toContain('hunter2')
    expect(ms).toBeLessThan(1000)
    await expect(store.waitUntilReady(200)).rejects.toThrow(StoreUnavailableError)
  })

  it('works again by itself, the same client, when Redis is back', async () => {
    const { store, stop, restart } = await redisWithStore()
    await stop()
    await expect(store.ping()).rejects.toThrow(StoreUnavailableError)
    await restart()
    await store.waitUntilReady(5000)
    await store.set('after', 'yes', 10_000)
    expect(await store.get('after')).toBe('yes')
  })

  it('loses nothing written before a restart of Redis with the append-only file on', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'redis-aof-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const { store, stop, restart } = await redisWithStore({ dataDir })
    await store.set('ended:session-1', '1', 60_000)
    expect(await store.increment('attempts', 60_000)).toBe(1)
    await stop()
    // The client has seen the connection go (else waitUntilReady could answer for the old one).
    await expect(store.ping()).rejects.toThrow(StoreUnavailableError)
    await restart()
    await store.waitUntilReady(5000)
    expect(await store.get('ended:session-1')).toBe('1')
    expect(await store.increment('attempts', 60_000)).toBe(2)
  })
})
