/**
 * The server's own settings (how it runs, not what the proxy does), parsed once from the
 * injected environment in the style of src/proxy/config.ts: every bad variable named at once,
 * with what to do instead, and no secret quoted back.
 */
import { z } from 'zod'
import { port, positiveMs, wholeNumber } from '../proxy/config-values'

export interface ServerConfig {
  /** `text`: one readable line per event (the default); `json`: one JSON object per line. */
  logFormat: 'text' | 'json'
  /** A shared store for several replicas; null keeps the proxy's state in this process. */
  redisUrl: string | null
  /**
   * REDIS_DURABILITY_CHECK: `on` (the default) keeps the instance unready while Redis may lose
   * a logout (store/redis-store.ts, durabilityOf); `off` for an operator who vouches for an
   * equivalent guarantee the check cannot see.
   */
  isRedisDurabilityChecked: boolean
  /**
   * After SIGTERM, how long /readyz answers 503 while the listener still accepts, so that a load
   * balancer sees not-ready and stops sending before anything is refused (docs/operations.md).
   */
  drainDelayMs: number
  /** How long SIGTERM/SIGINT waits for requests in flight before closing their connections. */
  shutdownTimeoutMs: number
  /** MAX_CONCURRENT_REQUESTS: requests in flight beyond this get 503 and Retry-After (load-shedding.ts). */
  maxConcurrentRequests: number
  /** The readiness check's time-out for one request to the service. */
  readinessTimeoutMs: number
  /**
   * The port of the Prometheus metrics' own listener, on the app's HOST; null: no metrics at all
   * (docs/operations.md#metrics).
   */
  metricsPort: number | null
  /** This replica's name in the log; null: the host's name and the process id. */
  instanceId: string | null
}

/** The defaults, exported for the deployment examples' tests (deploy/). */
export const DEFAULT_DRAIN_DELAY_MS = 5000
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000
/**
 * Far above what one instance serves at its best pace (`npm run bench -- --only=proxy`), so
 * that only an overload meets it, and low enough that what is admitted still finishes well
 * within the service's time-out (docs/operations.md#overload).
 */
export const DEFAULT_MAX_CONCURRENT_REQUESTS = 256

export class ServerConfigError extends Error {
  override readonly name = 'ServerConfigError'
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
  }
}

/** The URL is not quoted back: it may carry a password. */
const redisUrl = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return null
    let url: URL | null = null
    try {
      url = new URL(value)
    } catch {
      // Reported below.
    }
    if (url === null || (url.protocol !== 'redis:' && url.protocol !== 'rediss:')) {
      ctx.addIssue({
        code: 'custom',
        message:
          'REDIS_URL must be a redis:// or rediss:// (TLS) URL such as redis://127.0.0.1:6379, or unset to keep state in this process',
      })
      return z.NEVER
    }
    if (url.hostname === '') {
      ctx.addIssue({
        code: 'custom',
        message: 'REDIS_URL must name a host, e.g. redis://redis:6379',
      })
      return z.NEVER
    }
    return value
  })

/**
 * Written into every log line as it is: a short name of plain characters. At most 31: the log
 * takes a longer run of them for a token and would write `[redacted]` (src/server/logger.ts).
 */
const instanceId = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return null
    if (!/^[A-Za-z0-9._-]{1,31}$/.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `INSTANCE_ID must be 1 to 31 letters, digits, ".", "_" or "-" (e.g. web-1), got "${value.slice(0, 80)}"`,
      })
      return z.NEVER
    }
    return value
  })

const ServerEnvSchema = z.object({
  LOG_FORMAT: z
    .enum(['text', 'json'], {
      error: (issue) =>
        `LOG_FORMAT must be text (readable lines, the default) or json (one JSON object per line), got "${String(issue.input)}"`,
    })
    .optional(),
  REDIS_URL: redisUrl,
  REDIS_DURABILITY_CHECK: z
    .enum(['on', 'off'], {
      error: (issue) =>
        `REDIS_DURABILITY_CHECK must be on (the default: not ready while Redis may lose a logout) or off (you vouch for your Redis), got "${String(issue.input)}"`,
    })
    .optional(),
  SHUTDOWN_DRAIN_DELAY_MS: wholeNumber({
    fallback: DEFAULT_DRAIN_DELAY_MS,
    min: 0,
    max: 300_000,
    says: (value) =>
      `SHUTDOWN_DRAIN_DELAY_MS must be a number of milliseconds from 0 to 300000 (0: close at once), got "${value}"`,
  }),
  SHUTDOWN_TIMEOUT_MS: positiveMs('SHUTDOWN_TIMEOUT_MS', DEFAULT_SHUTDOWN_TIMEOUT_MS),
  MAX_CONCURRENT_REQUESTS: wholeNumber({
    fallback: DEFAULT_MAX_CONCURRENT_REQUESTS,
    min: 1,
    max: 999_999,
    says: (value) =>
      `MAX_CONCURRENT_REQUESTS must be a whole number from 1 to 999999 (requests in flight in this instance), got "${value}"`,
  }),
  READINESS_TIMEOUT_MS: positiveMs('READINESS_TIMEOUT_MS', 2_000),
  METRICS_PORT: port('METRICS_PORT', undefined),
  INSTANCE_ID: instanceId,
})

/**
 * `appPort`: the port the app listens on (src/proxy/config.ts), when its configuration parsed;
 * the metrics cannot share it.
 */
export function loadServerConfig(
  env: Record<string, string | undefined>,
  appPort?: number,
): ServerConfig {
  const parsed = ServerEnvSchema.safeParse(env)
  // Every message above names its variable.
  if (!parsed.success)
    throw new ServerConfigError(parsed.error.issues.map((issue) => issue.message))
  const vars = parsed.data
  const metricsPort = vars.METRICS_PORT ?? null
  if (metricsPort !== null && metricsPort === appPort) {
    throw new ServerConfigError([
      `METRICS_PORT must differ from the app's port (${appPort}, from PORT or APP_ORIGIN): metrics are served on a listener of their own, kept off the public port`,
    ])
  }
  return {
    logFormat: vars.LOG_FORMAT ?? 'text',
    redisUrl: vars.REDIS_URL,
    isRedisDurabilityChecked: vars.REDIS_DURABILITY_CHECK !== 'off',
    drainDelayMs: vars.SHUTDOWN_DRAIN_DELAY_MS,
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    maxConcurrentRequests: vars.MAX_CONCURRENT_REQUESTS,
    readinessTimeoutMs: vars.READINESS_TIMEOUT_MS,
    metricsPort,
    instanceId: vars.INSTANCE_ID,
  }
}
