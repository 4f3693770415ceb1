/**
 * The store the server picks, and what its log says of Redis going away and coming back
 * (store-selection.ts): a warning where an outage begins, a line where it ends, each once, and
 * every operation refused meanwhile counted. Against a real redis-server (redis-process.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { startRedisServer, type RedisProcess } from '../proxy/store/redis-process'
import { StoreUnavailableError } from '../proxy/store/state-store'
import { createLogger } from './logger'
import { loadServerConfig } from './server-config'
import { selectStore } from './store-selection'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Waits (at most 10 s: Redis's reconnection backs off up to 1 s) until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not within 10 s')
    await sleep(20)
  }
}

describe('the Redis store in the server log', () => {
  it('says where an outage begins and where it ends, once each, and counts what it refused', async () => {
    // A Redis that keeps what it is given (append-only file), so that start-up says nothing.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'store-selection-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    let redis: RedisProcess = await startRedisServer({ dataDir })
    const lines: string[] = []
    const log = createLogger({
      format: 'text',
      secrets: [],
      destination: { write: (line: string) => void lines.push(line) },
    })
    let refused = 0
    const store = await selectStore(
      loadServerConfig({ REDIS_URL: redis.url }),
      log,
      () => (refused += 1),
    )
    cleanups.push(async () => {
      await store.close()
      await redis.stop()
    })
    await store.set('k', 'v', 10_000)
    expect(lines).toEqual([])

    await redis.stop()
    await until(() => lines.length > 0)
    for (let i = 0; i < 3; i += 1) {
      await expect(store.get('k')).rejects.toBeInstanceOf(StoreUnavailableError)
    }
    expect(refused).toBe(3)

    redis = await startRedisServer({ port: redis.port, dataDir })
    await until(() => lines.some((line) => line.includes('connected again')))
    // Written before the outage, kept by the append-only file, read on the new connection.
    expect(await store.get('k')).toBe('v')
    // One warning for the outage (however many attempts failed), one line for its end.
    expect(lines).toEqual([
      expect.stringMatching(/^warn: redis store: /),
      'redis store: connected again\n',
    ])
    expect(lines.join('')).not.toContain(redis.url)
    expect(refused).toBe(3)
  })
})
