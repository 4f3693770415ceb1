import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startEmulator, type RunningEmulator } from '../emulator/start'
import { loadConfig } from '../proxy/config'
import { createMemoryStore } from '../proxy/store/memory-store'
import { freePort, startRedisServer } from '../proxy/store/redis-process'
import { createRedisStore } from '../proxy/store/redis-store'
import type { StateStore } from '../proxy/store/state-store'
import { createHttpUpstream } from '../proxy/api/upstream'
import { createHealthRoutes } from './health'

const SESSION_SECRET = 'health-test-session-secret-0123456789'
const Check = z.object({ ok: z.boolean(), detail: z.string() })
const Readiness = z.object({
  status: z.enum(['ready', 'not_ready', 'shutting_down']),
  checks: z.object({ config: Check, store: Check }).partial(),
  reported: z.object({ service: Check }).optional(),
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
  options: {
    emulatorPort?: string
    store?: StateStore
    env?: Record<string, string>
    isDurabilityChecked?: boolean
  } = {},
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
    isDurabilityChecked: options.isDurabilityChecked ?? true,
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
  it('answers 200 when the configuration and the store are fine, and reports the service', async () => {
    const { app } = health()
    const { status, body } = await readiness(app)
    expect(status).toBe(200)
    expect(body.status).toBe('ready')
    expect(body.checks).toEqual({
      config: { ok: true, detail: 'valid' },
      store: {
        ok: true,
        detail:
          'the memory store answers; the memory store evicts nothing; it is emptied when this process stops',
      },
    })
    // The first call starts the probe without waiting for it; a later one reports its answer.
    await expect
      .poll(async () => (await readiness(app)).body.reported?.service.detail, { timeout: 10_000 })
      .toMatch(new RegExp(`^${emulator.url} answered HTTP \\d+ in \\d+ ms$`))
  })

  it('stays ready while the service is unreachable, and reports it', async () => {
    const port = String(await freePort())
    const { app } = health({ emulatorPort: port })
    await expect
      .poll(async () => (await readiness(app)).body.reported?.service, { timeout: 10_000 })
      .toEqual({ ok: false, detail: `http://127.0.0.1:${port} is unreachable` })
    const { status, body } = await readiness(app)
    expect(status).toBe(200)
    expect(body.status).toBe('ready')
  })

  it('answers at once while the service hangs, without waiting for its time-out', async () => {
    // A service that accepts connections and never answers: the probe waits out its 500 ms.
    const hanging = createServer(() => undefined)
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve))
    const port = String((hanging.address() as AddressInfo).port)
    try {
      const { app } = health({ emulatorPort: port })
      const { status, body } = await readiness(app)
      expect(status).toBe(200)
      expect(body.reported?.service).toEqual({ ok: false, detail: 'not probed yet' })
      await expect
        .poll(async () => (await readiness(app)).body.reported?.service.detail, { timeout: 10_000 })
        .toBe(`http://127.0.0.1:${port} did not answer within 500 ms`)
      expect((await readiness(app)).status).toBe(200)
    } finally {
      hanging.closeAllConnections()
      hanging.close()
    }
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

  describe('a Redis that can lose a logout', () => {
    const cases = [
      {
        name: 'RDB snapshots only (Debian’s default persistence)',
        args: ['--save', '3600 1', '--appendonly', 'no'],
        problem:
          /^Redis keeps no append-only file \(appendonly no\), so a restart of Redis forgets logouts: set appendonly yes$/,
      },
      {
        name: 'an append-only file but allkeys-lru eviction',
        args: ['--appendonly', 'yes', '--maxmemory-policy', 'allkeys-lru'],
        problem:
          /^Redis may evict keys \(maxmemory-policy allkeys-lru\), and an evicted logout lets its session work again: set maxmemory-policy noeviction$/,
      },
      {
        name: 'volatile-ttl eviction (every key the proxy writes has a time to live)',
        args: ['--appendonly', 'yes', '--maxmemory-policy', 'volatile-ttl'],
        problem: /maxmemory-policy volatile-ttl/,
      },
    ]
    it.each(cases)('is not ready with $name, naming the setting', async ({ args, problem }) => {
      const dir = await mkdtemp(path.join(tmpdir(), 'health-redis-'))
      const redis = await startRedisServer({ extraArgs: ['--dir', dir, ...args] })
      const store = createRedisStore({ url: redis.url })
      try {
        await store.waitUntilReady(3000)
        const { status, body } = await readiness(health({ store }).app)
        expect(status).toBe(503)
        expect(body.status).toBe('not_ready')
        expect(body.checks.store?.ok).toBe(false)
        expect(body.checks.store?.detail).toMatch(problem)
        // The operator who vouches for an equivalent guarantee can say so.
        const vouched = await readiness(health({ store, isDurabilityChecked: false }).app)
        expect(vouched.status).toBe(200)
        expect(vouched.body.checks.store?.detail).toContain('REDIS_DURABILITY_CHECK=off')
      } finally {
        await store.close()
        await redis.stop()
        await rm(dir, { recursive: true, force: true })
      }
    })

    it('is ready with an append-only file and noeviction', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'health-redis-'))
      const redis = await startRedisServer({ dataDir: dir })
      const store = createRedisStore({ url: redis.url })
      try {
        await store.waitUntilReady(3000)
        const { status, body } = await readiness(health({ store }).app)
        expect(status).toBe(200)
        expect(body.checks.store).toEqual({
          ok: true,
          detail: 'the redis store answers; Redis keeps an append-only file and evicts nothing',
        })
      } finally {
        await store.close()
        await redis.stop()
        await rm(dir, { recursive: true, force: true })
      }
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
