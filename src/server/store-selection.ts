/**
 * Which StateStore the proxy remembers things in: Redis when REDIS_URL is set (several
 * replicas share it, README "Deploy it"), else this process's memory.
 */
import { createMemoryStore } from '../proxy/store/memory-store'
import { createRedisStore } from '../proxy/store/redis-store'
import type { StateStore } from '../proxy/store/state-store'
import type { Logger } from './logger'
import type { ServerConfig } from './server-config'

/** How long start-up waits for Redis before starting anyway (not ready until it answers). */
const REDIS_STARTUP_WAIT_MS = 5000

/**
 * An outage of Redis is logged where it begins (a warning, once) and where it ends (a line, once);
 * every operation it refused meanwhile is counted by `onUnavailable` (the metrics' store errors).
 */
export async function selectStore(
  config: ServerConfig,
  log: Logger,
  onUnavailable?: () => void,
): Promise<StateStore> {
  if (config.redisUrl === null) return createMemoryStore()
  const store = createRedisStore({
    url: config.redisUrl,
    onError: (message) => log.warn(message),
    onRecovered: (message) => log.info(message),
    ...(onUnavailable === undefined ? {} : { onUnavailable }),
  })
  try {
    await store.waitUntilReady(REDIS_STARTUP_WAIT_MS)
  } catch {
    log.warn(
      `Redis (REDIS_URL) did not answer within ${REDIS_STARTUP_WAIT_MS} ms: starting anyway; /readyz answers 503 and calls that need the store fail until it does.`,
    )
    return store
  }
  // Said at start as well as in /readyz (health.ts), where the operator looks first.
  if (config.isRedisDurabilityChecked) {
    const durability = await store.durability().catch(() => null)
    if (durability !== null && !durability.ok) {
      log.error(
        `${durability.detail}. This instance stays not ready (/readyz answers 503) until Redis keeps what it is given; REDIS_DURABILITY_CHECK=off if you vouch for an equivalent guarantee (docs/operations.md).`,
      )
    }
  }
  return store
}
