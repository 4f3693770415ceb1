import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startEmulator, type RunningEmulator } from '../emulator/start'
import { loadConfig } from '../proxy/config'
import { createMemoryStore } from '../proxy/store/memory-store'
import { freePort } from '../proxy/store/redis-process'
import { createRedisStore } from '../proxy/store/redis-store'
import type { StateStore } from '../proxy/store/state-store'
import { createHttpUpstream } from '../proxy/api/upstream'
import { createHealthRoutes } from './health'

const SESSION_SECRET = 'health-test-session-secret-0123456789'
const Check = z.object({ ok: z.boolean(), detail: z.string() })
const Readiness = z.object({
  status: z.enum(['ready', 'not_ready', 'shutting_down']),
  checks: z.object({ config: Check, service: Check, store: Check }).partial(),
})

let emulator: RunningEmulator
const upstream = createHttpUpstream()
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 })
})
afterAll(async () => {
  upstream.close()
  await emulator.close()
})

function health(
  options: { emulatorPort?: string; store?: StateStore; env?: Record<string, string> } = {},
) {
  const config = loadConfig({
    SESSION_SECRET,
    EMULATOR_PORT: options.emulatorPort ?? new URL(emulator.url).port,
    ...options.env,
  })
  let shuttingDown = false
  const app = createHealthRoutes({
    config,
    store: options.store ?? createMemoryStore(),
    upstream,
    timeoutMs: 500,
    isShuttingDown: () => shuttingDown,
  })
  return { app, shutDown: () => (shuttingDown = true) }
}

async function readiness(app: ReturnType<typeof health>['app']) {
  const response = await app.request('/readyz')
  expect(response.headers.get('Cache-Control')).toBe('no-store')
  return { status: response.status, body: Readiness.parse(await response.json()) }
}

describe('GET /healthz', () => {
  it('answers 200 {status: "ok"}, never cached', async () => {
    const response = await health().app.request('/healthz')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(z.object({ status: z.literal('ok') }).parse(await response.json())).toEqual({
      status: 'ok',
    })
  })
})

describe('GET /readyz', () => {
  it('answers 200 when the configuration, the service and the store are all fine', async () => {
    const { status, body } = await readiness(health().app)
    expect(status).toBe(200)
    expect(body.status).toBe('ready')
    expect(body.checks.service?.detail).toMatch(
      new RegExp(`^${emulator.url} answered HTTP \\d+ in \\d+ ms$`),
    )
    expect(body.checks.store).toEqual({ ok: true, detail: 'the memory store answers' })
  })

  it('answers 503 naming the service when it is unreachable', async () => {
    const port = String(await freePort())
    const { status, body } = await readiness(health({ emulatorPort: port }).app)
    expect(status).toBe(503)
    expect(body.status).toBe('not_ready')
    expect(body.checks.service).toEqual({
      ok: false,
      detail: `http://127.0.0.1:${port} is unreachable`,
    })
    expect(body.checks.store?.ok).toBe(true)
  })

  it('answers 503 when the store does not answer, without the store URL or its password', async () => {
    const store = createRedisStore({ url: `redis://:hunter2@127.0.0.1:${await freePort()}` })
    try {
      const response = await health({ store }).app.request('/readyz')
      const text = await response.text()
      expect(response.status).toBe(503)
      expect(Readiness.parse(JSON.parse(text)).checks.store).toEqual({
        ok: false,
        detail: 'the redis store is unavailable',
      })
      expect(text).not.toMatch(/hunter2|redis:\/\//)
      expect(text).not.toContain(SESSION_SECRET)
    } finally {
      await store.close()
    }
  })

  it('answers 503 when a shared store is used with a generated session secret', async () => {
    const store = createMemoryStore()
    const shared: StateStore = { ...store, name: 'redis' }
    const config = loadConfig({ EMULATOR_PORT: new URL(emulator.url).port })
    const app = createHealthRoutes({
      config,
      store: shared,
      upstream,
      timeoutMs: 500,
      isShuttingDown: () => false,
    })
    const { status, body } = await readiness(app)
    expect(status).toBe(503)
    expect(body.checks.config).toEqual({
      ok: false,
      detail:
        'SESSION_SECRET is not set while a shared store is: every replica must use the same SESSION_SECRET',
    })
  })

  it('answers 503 from the moment a shutdown begins', async () => {
    const { app, shutDown } = health()
    expect((await readiness(app)).status).toBe(200)
    shutDown()
    const { status, body } = await readiness(app)
    expect(status).toBe(503)
    expect(body.status).toBe('shutting_down')
  })
})
