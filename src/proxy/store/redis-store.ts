/**
 * The Redis StateStore: what the proxy remembers, shared by every replica (REDIS_URL). Each
 * operation is one atomic command, or one MULTI for the fixed-window counter, so two replicas
 * never race on a check-then-set.
 *
 * Failing closed and fast: the offline queue is off and every command has a time-out, so while
 * Redis is down an operation rejects with StoreUnavailableError at once instead of queueing
 * without bound; the client keeps reconnecting on its own and the same store works again when
 * Redis is back (redis-store.test.ts).
 */
import { createClient } from 'redis'
import { StoreUnavailableError, type Durability, type StateStore } from './state-store'

export interface RedisStoreOptions {
  /** `redis://` or `rediss://` (TLS), credentials allowed: never logged or shown. */
  url: string
  /** Every key is prefixed, so that one Redis can hold several deployments' state. */
  keyPrefix?: string
  /** Longest wait for one command's answer. */
  commandTimeoutMs?: number
  /** Longest wait for a connection to be made. */
  connectTimeoutMs?: number
  /** Connection trouble, once per outage: the message only, never the URL. */
  onError?: (message: string) => void
  /** The connection is back after an outage that onError reported: once per outage. */
  onRecovered?: (message: string) => void
  /** An operation refused with StoreUnavailableError (the server counts them). */
  onUnavailable?: () => void
}

export interface RedisStore extends StateStore {
  /** Resolves once connected, or rejects with StoreUnavailableError after `timeoutMs`. */
  waitUntilReady(timeoutMs: number): Promise<void>
}

const STORE_NAME = 'redis'

/** `field:value` of an INFO section (the lines of https://redis.io/docs/latest/commands/info/). */
function infoField(info: string, field: string): string | undefined {
  return new RegExp(`^${field}:(.*)$`, 'm').exec(info)?.[1]?.trim()
}

/**
 * The verdict on INFO's persistence and memory sections. INFO rather than CONFIG GET: managed
 * Redis services often refuse CONFIG but answer INFO.
 *
 * - Only the append-only file keeps a write made just before a crash: RDB snapshots (Debian's
 *   default) lose every write since the last one, and no persistence loses them all.
 * - Every key the proxy writes has a time to live, so any eviction policy but `noeviction`,
 *   the `volatile-*` ones included, may drop an ended session under memory pressure.
 */
export function durabilityOf(persistence: string, memory: string): Durability {
  const problems: string[] = []
  if (infoField(persistence, 'aof_enabled') !== '1') {
    problems.push(
      'Redis keeps no append-only file (appendonly no), so a restart of Redis forgets logouts: set appendonly yes',
    )
  }
  const policy = infoField(memory, 'maxmemory_policy') ?? 'unknown'
  if (policy !== 'noeviction') {
    problems.push(
      `Redis may evict keys (maxmemory-policy ${policy}), and an evicted logout lets its session work again: set maxmemory-policy noeviction`,
    )
  }
  if (problems.length > 0) return { ok: false, detail: problems.join('; ') }
  return { ok: true, detail: 'Redis keeps an append-only file and evicts nothing' }
}

export function createRedisStore(options: RedisStoreOptions): RedisStore {
  const prefix = options.keyPrefix ?? 'pg:'
  const commandTimeoutMs = options.commandTimeoutMs ?? 1000
  const client = createClient({
    url: options.url,
    disableOfflineQueue: true,
    commandOptions: { timeout: commandTimeoutMs },
    socket: {
      connectTimeout: options.connectTimeoutMs ?? 2000,
      // Back off up to 1 s between attempts, forever: Redis coming back is the normal case.
      reconnectStrategy: (retries) => Math.min(50 * 2 ** Math.min(retries, 5), 1000),
    },
  })
  let isReporting = true
  client.on('error', (error: unknown) => {
    if (!isReporting) return
    isReporting = false
    options.onError?.(`redis store: ${error instanceof Error ? error.message : String(error)}`)
  })
  client.on('ready', () => {
    // Ready again after a reported outage (not the first connection): said once, so that the
    // log shows where the outage ended as well as where it began.
    if (!isReporting) options.onRecovered?.('redis store: connected again')
    isReporting = true
  })
  // Not awaited: a server may start while Redis is still coming up (/readyz says so meanwhile).
  const connecting = client.connect().catch(() => undefined)

  const unavailable = (cause?: unknown) => {
    options.onUnavailable?.()
    return new StoreUnavailableError(STORE_NAME, cause === undefined ? undefined : { cause })
  }
  const run = async <T>(operation: () => Promise<T>): Promise<T> => {
    if (!client.isReady) throw unavailable()
    try {
      return await operation()
    } catch (error) {
      throw unavailable(error)
    }
  }
  const key = (name: string) => `${prefix}${name}`
  const px = (ttlMs: number) => ({ type: 'PX' as const, value: Math.max(1, Math.ceil(ttlMs)) })

  return {
    name: STORE_NAME,
    get: (name) => run(() => client.get(key(name))),
    set: (name, value, ttlMs) =>
      run(async () => {
        await client.set(key(name), value, { expiration: px(ttlMs) })
      }),
    setIfAbsent: (name, value, ttlMs) =>
      run(async () => {
        const answer = await client.set(key(name), value, {
          expiration: px(ttlMs),
          condition: 'NX',
        })
        return answer === 'OK'
      }),
    // A fixed window: PEXPIRE NX sets the time to live only on the increment that created the
    // counter (Redis ≥ 7.0), so later increments do not extend it.
    increment: (name, ttlMs) =>
      run(async () => {
        const [count] = await client
          .multi()
          .incr(key(name))
          .pExpire(key(name), px(ttlMs).value, 'NX')
          .exec()
        if (typeof count !== 'number') throw new Error(`INCR answered ${String(count)}`)
        return count
      }),
    delete: (name) =>
      run(async () => {
        await client.del(key(name))
      }),
    ping: () =>
      run(async () => {
        await client.ping()
      }),
    durability: () =>
      run(async () => durabilityOf(await client.info('persistence'), await client.info('memory'))),
    waitUntilReady: async (timeoutMs) => {
      const deadline = Date.now() + timeoutMs
      while (!client.isReady) {
        if (Date.now() >= deadline) throw new StoreUnavailableError(STORE_NAME)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    close: async () => {
      if (client.isReady) await client.close()
      else if (client.isOpen) client.destroy()
      await connecting
    },
  }
}
