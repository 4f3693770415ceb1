/**
 * Health checks for a load balancer or an orchestrator, mounted by the composition root:
 *
 * - `GET /healthz`: alive (the process answers HTTP). Restart it when this fails.
 * - `GET /readyz`: ready for traffic: the configuration holds together, the service answers
 *   (one cheap request to its origin, short time-out) and the store answers a ping. 503 with
 *   each check's result otherwise, and from the moment a shutdown begins, so that the balancer
 *   stops sending before the listener closes.
 *
 * Nothing secret in either answer: no URL with credentials, no secret value; the service is
 * named by its origin only (config.ts refuses credentials in it). Never cached.
 */
import { Hono, type Context } from 'hono'
import type { Config } from '../proxy/config'
import type { StateStore } from '../proxy/store/state-store'

export interface HealthOptions {
  config: Config
  store: StateStore
  timeoutMs: number
  /** True once SIGTERM/SIGINT arrived. */
  isShuttingDown: () => boolean
  /** Results of the service probe are reused this long: /readyz must not flood the service. */
  probeCacheMs?: number
}

interface Check {
  ok: boolean
  detail: string
}

function configCheck(config: Config, store: StateStore): Check {
  // Several replicas sharing a store must seal cookies with one secret (README, "Deploy it").
  if (store.name !== 'memory' && config.isSessionSecretGenerated) {
    return {
      ok: false,
      detail:
        'SESSION_SECRET is not set while a shared store is: every replica must use the same SESSION_SECRET',
    }
  }
  return { ok: true, detail: 'valid' }
}

async function probeService(origin: string, timeoutMs: number): Promise<Check> {
  const started = performance.now()
  try {
    // Any HTTP answer, even a 404, shows that the service is reachable.
    const response = await fetch(`${origin}/`, {
      method: 'GET',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    await response.body?.cancel()
    const ms = Math.round(performance.now() - started)
    return { ok: true, detail: `${origin} answered HTTP ${response.status} in ${ms} ms` }
  } catch (error) {
    const isTimeout = error instanceof Error && error.name === 'TimeoutError'
    return {
      ok: false,
      detail: isTimeout
        ? `${origin} did not answer within ${timeoutMs} ms`
        : `${origin} is unreachable`,
    }
  }
}

async function storeCheck(store: StateStore): Promise<Check> {
  try {
    await store.ping()
    return { ok: true, detail: `the ${store.name} store answers` }
  } catch {
    return { ok: false, detail: `the ${store.name} store is unavailable` }
  }
}

function noStore(c: Context) {
  c.header('Cache-Control', 'no-store')
  c.header('X-Content-Type-Options', 'nosniff')
}

export function createHealthRoutes(options: HealthOptions): Hono {
  const origin = options.config.authUrl.origin
  const probeCacheMs = options.probeCacheMs ?? 1000
  let lastProbe: { at: number; result: Promise<Check> } | null = null
  const service = () => {
    const now = Date.now()
    if (lastProbe === null || now - lastProbe.at >= probeCacheMs) {
      lastProbe = { at: now, result: probeService(origin, options.timeoutMs) }
    }
    return lastProbe.result
  }

  const app = new Hono()
  app.get('/healthz', (c) => {
    noStore(c)
    return c.json({ status: 'ok' })
  })
  app.get('/readyz', async (c) => {
    noStore(c)
    if (options.isShuttingDown()) {
      return c.json({ status: 'shutting_down', checks: {} }, 503)
    }
    const [serviceResult, storeResult] = await Promise.all([service(), storeCheck(options.store)])
    const checks = {
      config: configCheck(options.config, options.store),
      service: serviceResult,
      store: storeResult,
    }
    const ok = Object.values(checks).every((check) => check.ok)
    return c.json({ status: ok ? 'ready' : 'not_ready', checks }, ok ? 200 : 503)
  })
  return app
}
