/**
 * Health checks for a load balancer or an orchestrator, mounted by the composition root:
 *
 * - `GET /healthz`: alive (the process answers HTTP). Restart it when this fails.
 * - `GET /readyz`: ready for traffic: the configuration holds together, and the store answers
 *   and keeps what it is given (store/state-store.ts, `durability`). 503 with each check's
 *   result otherwise, and from the moment a shutdown begins, so that the balancer stops sending
 *   before the listener closes (the drain delay, src/server.ts).
 *
 *   The service's health is reported beside the checks (`reported.service`, the last probe's
 *   result; it never waits for one) but is not one of them: readiness is about this instance.
 *   A slow or failing service would otherwise take every replica out of the pool at once, a
 *   total outage that also hides the app's own "service unavailable" answers
 *   (docs/operations.md#health-checks).
 *
 * Nothing secret in either answer: no URL with credentials, no secret value; the service is
 * named by its origin only (config.ts refuses credentials in it). Never cached.
 */
import { Hono, type Context } from 'hono'
import type { Config } from '../proxy/config'
import type { Upstream } from '../proxy/api/upstream'
import { createServiceProbe } from '../proxy/service-probe'
import type { StateStore } from '../proxy/store/state-store'

export interface HealthOptions {
  config: Config
  store: StateStore
  /** The proxy's own client: the probe takes the way its calls take (an outbound proxy too). */
  upstream: Upstream
  timeoutMs: number
  /** True once SIGTERM/SIGINT arrived. */
  isShuttingDown: () => boolean
  /** REDIS_DURABILITY_CHECK: false when the operator vouches for the store (server-config.ts). */
  isDurabilityChecked?: boolean
  /**
   * Results of the service probe are reused this long: /readyz, which a balancer may ask every
   * second on every replica, must not flood the service, and it only reports it.
   */
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

async function storeCheck(store: StateStore, isDurabilityChecked: boolean): Promise<Check> {
  try {
    await store.ping()
    if (!isDurabilityChecked) {
      return {
        ok: true,
        detail: `the ${store.name} store answers; whether it keeps what it is given is not checked (REDIS_DURABILITY_CHECK=off)`,
      }
    }
    const durability = await store.durability()
    return durability.ok
      ? { ok: true, detail: `the ${store.name} store answers; ${durability.detail}` }
      : durability
  } catch {
    return { ok: false, detail: `the ${store.name} store is unavailable` }
  }
}

function noStore(c: Context) {
  c.header('Cache-Control', 'no-store')
  c.header('X-Content-Type-Options', 'nosniff')
}

export function createHealthRoutes(options: HealthOptions): Hono {
  const probeCacheMs = options.probeCacheMs ?? 10_000
  // The same probe the login routes ask (proxy/service-probe.ts), with a cache of its own.
  const service = createServiceProbe({
    config: options.config,
    upstream: options.upstream,
    timeoutMs: options.timeoutMs,
    okForMs: probeCacheMs,
    downForMs: probeCacheMs,
  })

  const isDurabilityChecked = options.isDurabilityChecked ?? true
  // The last probe's answer, refreshed in the background at most once per probeCacheMs: a
  // /readyz never waits for the service (a probe's time-out would fail the balancer's own).
  let serviceReport: Check = { ok: false, detail: 'not probed yet' }
  const refreshServiceReport = () => {
    void service().then((result) => (serviceReport = result))
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
    refreshServiceReport()
    const checks = {
      config: configCheck(options.config, options.store),
      store: await storeCheck(options.store, isDurabilityChecked),
    }
    const ok = Object.values(checks).every((check) => check.ok)
    return c.json(
      { status: ok ? 'ready' : 'not_ready', checks, reported: { service: serviceReport } },
      ok ? 200 : 503,
    )
  })
  return app
}
