/**
 * Two browsers, two apps of their own, one emulator: each login is made with its own browser's
 * app (the emulator's token records say which app each token is of) and neither browser ever
 * sees the other's app, session or account. Once on one proxy with the memory store, once on two
 * proxies (two replicas) sharing a real redis-server, each browser's calls going to either; there
 * the raw Redis values are read too, and hold no secret in plain text.
 */
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createEmulator } from '../../emulator/emulator'
import { seedApps } from '../../emulator/seed'
import { YourAppResponseSchema } from '../../protocol/your-app-api'
import { createBrowser } from '../../testing/proxy-browser'
import {
  OWN_APPS,
  OWN_APP_REGISTRATIONS,
  loginThroughProxy,
  saveOwnApp,
  setupByo,
} from '../../testing/byo-setup'
import { createMemoryStore } from '../store/memory-store'
import { startRedisServer, type RedisProcess } from '../store/redis-process'
import { createRedisStore, type RedisStore } from '../store/redis-store'
import type { Hono } from 'hono'

let redis: RedisProcess
const stores: RedisStore[] = []
beforeAll(async () => {
  redis = await startRedisServer()
})
afterAll(async () => {
  for (const store of stores) await store.close()
  await redis.stop()
})

const PREFIX = 'byo-separation:'

/** The main site's tokens in the emulator's snapshot (one entry per tenant). */
const SnapshotSchema = z.object({
  tenants: z.array(
    z.tuple([
      z.string(),
      z.object({
        store: z.object({
          tokens: z.array(
            z.tuple([
              z.string(),
              z.object({ fingerprint: z.string(), clientId: z.string().nullable() }),
            ]),
          ),
        }),
      }),
    ]),
  ),
})

/** A browser whose calls go to the replicas in turn, as a balancer without stickiness sends them. */
function roundRobin(proxies: readonly Hono[]) {
  const browsers = proxies.map((proxy) => createBrowser(proxy))
  const jar = new Map<string, string>()
  let turn = 0
  return {
    jar,
    async call(...args: Parameters<ReturnType<typeof createBrowser>['call']>) {
      const browser = browsers[turn++ % browsers.length] as ReturnType<typeof createBrowser>
      browser.jar.clear()
      for (const [name, value] of jar) browser.jar.set(name, value)
      const response = await browser.call(...args)
      jar.clear()
      for (const [name, value] of browser.jar) jar.set(name, value)
      return response
    },
  }
}

async function twoBrowsers(proxies: readonly Hono[], emulator: ReturnType<typeof createEmulator>) {
  const alice = roundRobin(proxies)
  const bob = roundRobin([...proxies].reverse())
  expect((await saveOwnApp(alice, OWN_APPS.alice)).status).toBe(200)
  expect((await saveOwnApp(bob, OWN_APPS.bob)).status).toBe(200)
  const aliceLogin = await loginThroughProxy(alice, emulator, 'alice')
  const bobLogin = await loginThroughProxy(bob, emulator, 'bob')
  expect(aliceLogin.authorizeUrl.searchParams.get('client_id')).toBe('alice-own-app')
  expect(bobLogin.authorizeUrl.searchParams.get('client_id')).toBe('bob-own-app')
  expect(aliceLogin.exchange.status).toBe(200)
  expect(bobLogin.exchange.status).toBe(200)

  // Each account's calls, on either replica, with its own token of its own app.
  for (let round = 0; round < 2; round += 1) {
    expect(await (await alice.call('GET', '/api/v2/user')).json()).toMatchObject({
      data: { login: 'alice' },
    })
    expect(await (await bob.call('GET', '/api/v2/user')).json()).toMatchObject({
      data: { login: 'bob' },
    })
  }
  const tokens = new Map(
    SnapshotSchema.parse(emulator.control.snapshot())
      .tenants.filter(([tenant]) => tenant === 'main')
      .flatMap(([, world]) => world.store.tokens)
      .map(([, record]) => [record.fingerprint, record.clientId]),
  )
  const appsByUser = new Map<string, Set<string | null | undefined>>()
  for (const entry of emulator.control.requestLog()) {
    if (entry.path !== '/api/v2/user' || entry.user === null) continue
    const apps = appsByUser.get(entry.user) ?? new Set()
    apps.add(tokens.get(entry.tokenFingerprint ?? ''))
    appsByUser.set(entry.user, apps)
  }
  expect(appsByUser).toEqual(
    new Map([
      ['alice', new Set(['alice-own-app'])],
      ['bob', new Set(['bob-own-app'])],
    ]),
  )
  const tokenClients = emulator.control
    .requestLog()
    .filter((entry) => entry.path === '/oauth2/token')
    .map((entry) => entry.clientId)
  expect(tokenClients).toEqual(['alice-own-app', 'bob-own-app'])

  // Each sees its own app only.
  const aliceState = YourAppResponseSchema.parse(
    await (await alice.call('GET', '/auth/app')).json(),
  )
  const bobState = YourAppResponseSchema.parse(await (await bob.call('GET', '/auth/app')).json())
  expect(aliceState.current?.app?.clientId).toBe('alice-own-app')
  expect(bobState.current?.app?.clientId).toBe('bob-own-app')

  // Bob with Alice's vault cookie and his own session: his session is not of her app.
  const mixed = roundRobin(proxies)
  mixed.jar.set('pg_session', bob.jar.get('pg_session') ?? '')
  mixed.jar.set('pg_app', alice.jar.get('pg_app') ?? '')
  expect(await (await mixed.call('GET', '/auth/session')).json()).toEqual({ connected: false })
  expect((await mixed.call('GET', '/api/v2/user')).status).toBe(401)

  // Alice forgets her app on one replica: on every replica her session is over, Bob's is not.
  const forget = await alice.call('DELETE', '/auth/app', {
    headers: { 'Content-Type': 'application/json' },
  })
  expect(forget.status).toBe(204)
  for (let round = 0; round < 2; round += 1) {
    expect((await alice.call('GET', '/api/v2/user')).status).toBe(401)
    expect((await bob.call('GET', '/api/v2/user')).status).toBe(200)
  }
}

const emulatorWithOwnApps = () =>
  createEmulator({
    testControl: true,
    apps: [
      ...seedApps({ webRedirectUri: 'http://localhost:5173/callback' }),
      ...OWN_APP_REGISTRATIONS,
    ],
  })

describe('two browsers with their own apps', () => {
  it('stay apart on one proxy with the memory store', async () => {
    const emulator = emulatorWithOwnApps()
    const { proxy } = setupByo({ emulator, store: createMemoryStore() })
    await twoBrowsers([proxy], emulator)
  })

  it('stay apart on two proxies sharing a real Redis, which holds no secret in plain text', async () => {
    const emulator = emulatorWithOwnApps()
    const replicas = [0, 1].map(() => {
      const store = createRedisStore({ url: redis.url, keyPrefix: PREFIX })
      stores.push(store)
      return setupByo({ emulator, store }).proxy
    })
    for (const store of stores) await store.waitUntilReady(3000)
    await twoBrowsers(replicas, emulator)

    const client = createClient({ url: redis.url })
    await client.connect()
    try {
      const keys = await client.keys(`${PREFIX}app:*`)
      // Alice's vault is forgotten; Bob's is there.
      expect(keys).toHaveLength(1)
      for (const key of keys) {
        const raw = (await client.get(key)) ?? ''
        expect(raw.split('.')).toHaveLength(5)
        for (const secret of [OWN_APPS.bob.clientSecret, OWN_APPS.bob.clientId]) {
          expect(raw).not.toContain(secret)
        }
        // Its time to live: at most 24 h.
        const ttl = await client.pTTL(key)
        expect(ttl).toBeGreaterThan(23 * 60 * 60 * 1000)
        expect(ttl).toBeLessThanOrEqual(24 * 60 * 60 * 1000)
      }
    } finally {
      await client.close()
    }
  })
})
