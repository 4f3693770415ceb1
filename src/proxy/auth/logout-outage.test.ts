/**
 * Logout while the store is down (docs/security.md#s8), over real HTTP against a real Redis
 * that is stopped and started again: the browser's cookie is cleared at once and the answer
 * says the server-side end is pending; once Redis is back, a copy of the cookie taken before
 * the logout is refused, and the end lands in Redis without any further request.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { SessionResponseSchema } from '../../protocol/session-schemas'
import { parseSetCookie } from '../../testing/proxy-browser'
import { startProxyOverHttp, type ProxyOverHttp } from '../../testing/proxy-over-http'
import { startRedisServer, type RedisProcess } from '../store/redis-process'
import { createRedisStore, type RedisStore } from '../store/redis-store'
import type { StateStore } from '../store/state-store'
import { RETRY_MS } from './ended-sessions'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function stackWithRedis() {
  let redis: RedisProcess = await startRedisServer()
  const store: RedisStore = createRedisStore({ url: redis.url, commandTimeoutMs: 500 })
  cleanups.push(async () => {
    await store.close()
    await redis.stop()
  })
  await store.waitUntilReady(3000)
  // The keys the proxy wrote, to see an end land without asking through the proxy.
  const written: string[] = []
  const watched: StateStore = {
    ...store,
    set: async (key, value, ttlMs) => {
      await store.set(key, value, ttlMs)
      written.push(key)
    },
  }
  const server: ProxyOverHttp = await startProxyOverHttp({}, { store: watched })
  cleanups.push(() => server.close())
  return {
    server,
    store,
    written,
    stop: async () => {
      await redis.stop()
      // The client has seen the connection go (as redis-store.test.ts waits for it).
      await expect(store.ping()).rejects.toThrow()
    },
    restart: async () => {
      redis = await startRedisServer({ port: redis.port })
      await store.waitUntilReady(5000)
    },
  }
}

const sessionOf = async (server: ProxyOverHttp, cookie: string) =>
  server.send({ path: '/auth/session', headers: server.appHeaders({ Cookie: cookie }) })

describe('logout while the store is down', () => {
  it('clears the cookie and says the end is pending; once Redis is back, a copy is refused', async () => {
    const { server, stop, restart } = await stackWithRedis()
    const cookie = await server.connect(['repo:read'])
    expect(
      SessionResponseSchema.parse(JSON.parse((await sessionOf(server, cookie)).body)),
    ).toMatchObject({
      connected: true,
    })
    await stop()

    const logout = await server.send({
      method: 'POST',
      path: '/auth/logout',
      headers: server.appHeaders({ Cookie: cookie }),
      body: '{}',
    })
    expect(logout.status).toBe(200)
    expect(JSON.parse(logout.body)).toMatchObject({ loggedOut: true, serverSideEnd: 'pending' })
    const cleared = [logout.headers['set-cookie'] ?? []]
      .flat()
      .map(parseSetCookie)
      .find((set) => set.name === 'pg_session')
    expect(cleared?.attributes.get('max-age')).toBe('0')

    await restart()
    // The copy of the cookie taken before the logout (a thief's) no longer works.
    const copy = await sessionOf(server, cookie)
    expect(copy.status).toBe(200)
    expect(SessionResponseSchema.parse(JSON.parse(copy.body))).toEqual({ connected: false })
  })

  it('writes the pending end to Redis by itself once it is back, with no request to prompt it', async () => {
    const { server, store, written, stop, restart } = await stackWithRedis()
    const cookie = await server.connect(['repo:read'])
    await stop()
    const logout = await server.send({
      method: 'POST',
      path: '/auth/logout',
      headers: server.appHeaders({ Cookie: cookie }),
      body: '{}',
    })
    expect(logout.status).toBe(200)
    await restart()
    // Bounded: a few retry periods at most.
    const deadline = Date.now() + 5 * RETRY_MS + 2000
    const ended = () => written.filter((key) => key.startsWith('ended:'))
    while (Date.now() < deadline && ended().length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(ended()).toHaveLength(1)
    expect(await store.get(ended()[0] ?? '')).toBe('1')
  })
})
