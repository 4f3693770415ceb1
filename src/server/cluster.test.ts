/**
 * Two replicas of the built server behind nginx, one Redis, one emulator
 * (scripts/cluster/start-cluster.ts, what `npm run cluster` starts), on free loopback ports,
 * driven over HTTP as a browser would. Built here into a temporary directory, so a stale dist/
 * proves nothing. What one replica learns (a logout, a cancelled client-code attempt) the other
 * knows, a restart forgets none of it, and a rolling restart under load costs no request. Ready
 * means this instance (a store that keeps logouts), not the service; an overload gets 503 and
 * Retry-After from the replicas, never a broken connection (docs/operations.md).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Hono } from 'hono'
import { createClient } from 'redis'
import { Agent, fetch as undiciFetch } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CONTROL_HEADERS } from '../emulator/control/test-control'
import { startCluster, type Cluster } from '../../scripts/cluster/start-cluster'
import { buildAppInto } from '../testing/built-app'
import { authorizeThroughPages } from '../testing/emulator-pages'
import { ErrorBodySchema } from '../protocol/envelope'
import {
  ClientCodePollResponseSchema,
  ExchangeResponseSchema,
  StartLoginResponseSchema,
} from '../protocol/playground-api'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../protocol/playground-common'
import { UserSchema, envelope } from '../protocol/schemas'
import { createBrowser } from '../testing/proxy-browser'

// The test names repeat these figures.
const REQUESTS = 2000
const CONCURRENCY = 50
/** A client retries a request whose connection failed (none should: nginx retries first). */
const CLIENT_RETRIES = 3
/** The overload: more clients at once than the replicas admit together. */
const OVERLOAD_REQUESTS = 3000
const OVERLOAD_CONCURRENCY = 500
/** Per replica: above the rolling-restart case's CONCURRENCY, far below OVERLOAD_CONCURRENCY. */
const MAX_CONCURRENT_REQUESTS = 60
/** Short, so that the rolling restart below closes a listener while its load still runs. */
const DRAIN_DELAY_MS = 1500

let dir: string
let cluster: Cluster

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cluster-test-'))
  await buildAppInto(dir)
  cluster = await startCluster({
    root: dir,
    port: 0,
    emulatorPort: 0,
    replicas: 2,
    sessionSecret: 'cluster-test-session-secret-0123456789',
    testControl: true,
    replicaEnv: {
      // As deployed: the production guard holds (src/proxy/config.ts).
      NODE_ENV: 'production',
      SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
      MAX_CONCURRENT_REQUESTS: String(MAX_CONCURRENT_REQUESTS),
    },
  })
}, 240_000)

afterAll(async () => {
  await probeDispatcher.close()
  await cluster?.stop()
  await rm(dir, { recursive: true, force: true })
}, 60_000)

/** A Hono app that sends every request on to `base()` over HTTP, redirects not followed. */
function forwardTo(base: () => string): Hono {
  const app = new Hono()
  app.all('*', async (c) => {
    const url = new URL(c.req.url)
    const body = ['GET', 'HEAD'].includes(c.req.method) ? null : await c.req.arrayBuffer()
    return fetch(`${base()}${url.pathname}${url.search}`, {
      method: c.req.method,
      headers: c.req.raw.headers,
      body,
      redirect: 'manual',
    })
  })
  return app
}

interface ClusterBrowser {
  call: ReturnType<typeof createBrowser>['call']
  jar: Map<string, string>
  /** Sends the next calls to `url` (a replica, or the load balancer). */
  via(url: string): ClusterBrowser
}

/** A browser whose requests go to the load balancer, or to one replica when `via` says so. */
function clusterBrowser(): ClusterBrowser {
  const target = { url: cluster.url }
  const browser = createBrowser(
    forwardTo(() => target.url),
    cluster.appOrigin,
  )
  const self: ClusterBrowser = {
    call: browser.call,
    jar: browser.jar,
    via: (url) => {
      target.url = url
      return self
    },
  }
  return self
}

const emulatorPages = () => forwardTo(() => cluster.emulatorUrl)
const [replicaA, replicaB] = [() => cluster.replicas[0]!.url, () => cluster.replicas[1]!.url]

/** Login started on `startOn`, the service's pages, the code exchanged on `exchangeOn`. */
async function login(browser: ClusterBrowser, user: string, startOn: string, exchangeOn: string) {
  const start = await browser.via(startOn).call('POST', '/auth/start', { body: { scopes: [] } })
  expect(start.status).toBe(200)
  const { authorizeUrl, state } = StartLoginResponseSchema.parse(await start.json())
  const approval = await authorizeThroughPages(emulatorPages(), authorizeUrl, { login: user })
  const code = new URL(approval.location ?? '').searchParams.get('code')
  const exchange = await browser
    .via(exchangeOn)
    .call('POST', '/auth/exchange', { body: { code, state } })
  expect(exchange.status).toBe(200)
  ExchangeResponseSchema.parse(await exchange.json())
}

/** A second browser holding a copy of `browser`'s cookies, taken now. */
function copyOf(browser: ClusterBrowser): ClusterBrowser {
  const thief = clusterBrowser()
  for (const [name, value] of browser.jar) thief.jar.set(name, value)
  return thief
}

async function userStatus(browser: ClusterBrowser, via: string) {
  const response = await browser.via(via).call('GET', '/api/v2/user')
  const body: unknown = await response.json()
  return { status: response.status, body }
}

const Readiness = z.object({
  status: z.string(),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), detail: z.string() })),
  reported: z.object({ service: z.object({ ok: z.boolean(), detail: z.string() }) }).optional(),
})

/**
 * A new connection for every probe, as a balancer's or an orchestrator's probe opens: a kept-alive
 * one may be closed by a replica that is stopping just as the next probe is sent on it.
 */
const probeDispatcher = new Agent({ pipelining: 0 })

/**
 * `/readyz` of one replica: its status code and body; `refused` when nothing listens; `reset`
 * when the connection was closed before an answer (a replica that is stopping closes a
 * connection that has not sent its request yet; a balancer counts that as a failed probe).
 */
async function readiness(url: string) {
  const response = await undiciFetch(`${url}/readyz`, {
    dispatcher: probeDispatcher,
    signal: AbortSignal.timeout(5000),
  }).catch((error: unknown) => {
    const cause = error instanceof TypeError ? String(error.cause) : ''
    if (/ECONNREFUSED/.test(cause)) return 'refused' as const
    if (/ECONNRESET|UND_ERR_SOCKET|other side closed|EPIPE/.test(cause)) return 'reset' as const
    throw error
  })
  if (typeof response === 'string') return { status: response, body: null }
  return { status: response.status, body: Readiness.parse(await response.json()) }
}

/** Sets Redis options at run time, as an operator (or a managed service's defaults) would. */
async function configureRedis(settings: Record<string, string>) {
  const client = createClient({ url: cluster.redisUrl })
  await client.connect()
  try {
    for (const [name, value] of Object.entries(settings)) await client.configSet(name, value)
  } finally {
    await client.close()
  }
}

describe('two replicas behind nginx with one Redis', () => {
  it('completes a login started on one replica on the other, then serves it through nginx', async () => {
    const browser = clusterBrowser()
    await login(browser, 'alice', replicaA(), replicaB())
    for (const via of [cluster.url, cluster.url, replicaA(), replicaB()]) {
      const { status, body } = await userStatus(browser, via)
      expect(status).toBe(200)
      expect(envelope(UserSchema).parse(body).data.login).toBe('alice')
    }
  }, 60_000)

  it('refuses on the other replica a copy of the session cookie taken before a logout on one', async () => {
    const browser = clusterBrowser()
    await login(browser, 'alice', cluster.url, cluster.url)
    const thief = copyOf(browser)
    expect((await userStatus(thief, replicaB())).status).toBe(200)
    expect((await browser.via(replicaA()).call('POST', '/auth/logout', { body: {} })).status).toBe(
      204,
    )
    const replayed = await userStatus(thief, replicaB())
    expect(replayed.status).toBe(401)
    expect(ErrorBodySchema.parse(replayed.body).code).toBe('not_connected')
  }, 60_000)

  it('cannot redeem on one replica a client-code attempt cancelled on the other', async () => {
    const browser = clusterBrowser().via(replicaA())
    const start = await browser.call('POST', '/auth/client-code/start', {
      body: { scopes: [] },
    })
    expect(start.status).toBe(200)
    const authorize = await browser.call('GET', '/auth/client-code/authorize', { bare: true })
    const authorizeUrl = authorize.headers.get('Location') ?? ''
    const thief = copyOf(browser)
    expect((await browser.call('POST', '/auth/client-code/cancel', { body: {} })).status).toBe(204)
    // The user approves anyway (another tab): the cancelled attempt must still not connect.
    expect(
      (await authorizeThroughPages(emulatorPages(), authorizeUrl, { login: 'bob' })).status,
    ).toBe(200)
    const poll = await thief.via(replicaB()).call('POST', '/auth/client-code/poll', { body: {} })
    const body: unknown = await poll.json()
    expect(ClientCodePollResponseSchema.safeParse(body).data?.status).not.toBe('connected')
    expect(poll.status).toBe(400)
    expect(ErrorBodySchema.parse(body).code).toBe('no_client_code')
  }, 60_000)

  it('takes every replica out of the pool while Redis could lose a logout, naming the setting', async () => {
    for (const replica of cluster.replicas) expect((await readiness(replica.url)).status).toBe(200)
    const cases = [
      { settings: { appendonly: 'no' }, names: 'appendonly no' },
      {
        settings: { appendonly: 'yes', 'maxmemory-policy': 'allkeys-lru' },
        names: 'maxmemory-policy allkeys-lru',
      },
    ]
    try {
      for (const { settings, names } of cases) {
        await configureRedis(settings)
        for (const replica of cluster.replicas) {
          const { status, body } = await readiness(replica.url)
          expect(status).toBe(503)
          expect(body?.checks.store).toEqual({ ok: false, detail: expect.stringContaining(names) })
        }
      }
    } finally {
      await configureRedis({ appendonly: 'yes', 'maxmemory-policy': 'noeviction' })
    }
    for (const replica of cluster.replicas) expect((await readiness(replica.url)).status).toBe(200)
  }, 60_000)

  it('keeps every replica ready while the service is slow, and reports it', async () => {
    const faults = `${cluster.emulatorUrl}/__emulator/faults`
    // The probe asks the service's origin (src/proxy/service-probe.ts): hold those answers 5 s,
    // past the probe's 2 s time-out (READINESS_TIMEOUT_MS).
    const slow = await fetch(faults, {
      method: 'POST',
      headers: CONTROL_HEADERS,
      body: JSON.stringify({ path: '/', method: 'GET', delayMs: 5000, times: 1000 }),
    })
    expect(slow.status).toBeLessThan(300)
    try {
      for (const replica of cluster.replicas) {
        await expect
          // The last report is reused 10 s (health.ts), then the probe waits out its 2 s.
          .poll(async () => (await readiness(replica.url)).body?.reported?.service.detail, {
            timeout: 30_000,
          })
          .toMatch(/did not answer within 2000 ms$/)
        const { status, body } = await readiness(replica.url)
        expect(status).toBe(200)
        expect(body?.status).toBe('ready')
      }
    } finally {
      await fetch(faults, { method: 'DELETE', headers: CONTROL_HEADERS })
    }
  }, 60_000)

  it('forgets no logout when both replicas restart', async () => {
    const browser = clusterBrowser()
    await login(browser, 'wangxiaoming', cluster.url, cluster.url)
    const thief = copyOf(browser)
    expect((await browser.call('POST', '/auth/logout', { body: {} })).status).toBe(204)
    for (const replica of cluster.replicas) await replica.restart()
    for (const via of [replicaA(), replicaB(), cluster.url]) {
      const replayed = await userStatus(thief, via)
      expect(replayed.status).toBe(401)
      expect(ErrorBodySchema.parse(replayed.body).code).toBe('not_connected')
    }
  }, 120_000)

  it('keeps two browsers with two apps of their own apart across the replicas', async () => {
    const apps = ['north', 'south'].map((name) => ({
      clientId: `cluster-${name}-app`,
      clientSecret: `cluster-${name}-secret-${Math.random().toString(36).slice(2)}`,
    }))
    for (const app of apps) {
      const registered = await fetch(`${cluster.emulatorUrl}/__emulator/apps`, {
        method: 'POST',
        headers: CONTROL_HEADERS,
        body: JSON.stringify({ ...app, redirectUris: [`${cluster.appOrigin}/callback`] }),
      })
      expect(registered.status, await registered.text()).toBe(201)
    }
    const browsers = [clusterBrowser(), clusterBrowser()]
    // Each saves its app on one replica, starts its login on that one, finishes it on the other.
    for (const [index, browser] of browsers.entries()) {
      const [saveOn, exchangeOn] = index === 0 ? [replicaA(), replicaB()] : [replicaB(), replicaA()]
      const saved = await browser.via(saveOn).call('PUT', '/auth/app', {
        // The replicas' configured service (the cluster's emulator) is offered as a host.
        body: {
          service: { kind: 'host', host: new URL(cluster.emulatorUrl).origin },
          ...apps[index],
        },
      })
      expect(saved.status, await saved.text()).toBe(200)
      const start = await browser.call('POST', '/auth/start', { body: { scopes: [] } })
      const { authorizeUrl, state } = StartLoginResponseSchema.parse(await start.json())
      expect(new URL(authorizeUrl).searchParams.get('client_id')).toBe(apps[index]!.clientId)
      const approval = await authorizeThroughPages(emulatorPages(), authorizeUrl, {
        login: 'alice',
      })
      const code = new URL(approval.location ?? '').searchParams.get('code')
      const exchange = await browser
        .via(exchangeOn)
        .call('POST', '/auth/exchange', { body: { code, state } })
      expect(exchange.status, await exchange.text()).toBe(200)
    }
    // Through the balancer and each replica, each browser sees its own app and nothing else.
    for (const [index, browser] of browsers.entries()) {
      for (const via of [cluster.url, replicaA(), replicaB()]) {
        const answer = await (await browser.via(via).call('GET', '/auth/app')).text()
        expect(answer).toContain(apps[index]!.clientId)
        expect(answer).not.toContain(apps[1 - index]!.clientId)
        for (const app of apps) expect(answer).not.toContain(app.clientSecret)
        expect((await userStatus(browser, via)).status).toBe(200)
      }
    }
    // The service issued one token to each app: each exchange used its browser's own secret.
    const log = await fetch(`${cluster.emulatorUrl}/__emulator/log`, { headers: CONTROL_HEADERS })
    const tokenCalls = z
      .object({ entries: z.array(z.object({ path: z.string(), clientId: z.string().nullish() })) })
      .parse(await log.json())
      .entries.filter((entry) => entry.path === '/oauth2/token')
      .map((entry) => entry.clientId)
    for (const app of apps) expect(tokenCalls).toContain(app.clientId)
  }, 60_000)

  it(`answers ${REQUESTS} API calls at concurrency ${CONCURRENCY} through nginx while a replica restarts: no error, every X-RateLimit-Remaining value seen once`, async () => {
    const browser = clusterBrowser()
    // A user no other case calls the API as: the service's count starts at the limit, less the
    // login's own call (the exchange asks for the profile once: src/proxy/auth/prime-profile.ts).
    await login(browser, 'carol', cluster.url, cluster.url)
    const loginCalls = 1
    const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE, Cookie: cookie }

    interface Answer {
      status: number
      limit: number
      remaining: number
      servedBy: string
      ms: number
      retries: number
      /** The body of an answer other than 200, to say what went wrong. */
      error?: string
    }
    const answers: Answer[] = []
    let networkErrors = 0
    const networkFailures = new Set<string>()
    const callOnce = async (): Promise<Answer> => {
      for (let attempt = 0; ; attempt++) {
        const started = performance.now()
        try {
          const response = await fetch(`${cluster.url}/api/v2/user`, {
            headers,
            signal: AbortSignal.timeout(15_000),
          })
          const error =
            response.status === 200
              ? undefined
              : `${await response.text()} trace: ${response.headers.get('X-Playground-Trace')}`
          if (error === undefined) await response.body?.cancel()
          return {
            ...(error === undefined ? {} : { error }),
            status: response.status,
            limit: Number(response.headers.get('X-RateLimit-Limit')),
            remaining: Number(response.headers.get('X-RateLimit-Remaining')),
            servedBy: response.headers.get('X-Served-By') ?? '',
            ms: performance.now() - started,
            retries: attempt,
          }
        } catch (error) {
          if (attempt >= CLIENT_RETRIES) throw error
          networkErrors++
          networkFailures.add(error instanceof Error ? String(error.cause ?? error) : String(error))
        }
      }
    }

    // What a balancer polling /readyz sees of the replica being stopped: 503 while it still
    // accepts, before anything is refused (the drain delay, src/server.ts).
    const stopping = cluster.replicas[0]!
    const seen: string[] = []
    const watchStopping = async () => {
      while (seen.at(-1) !== 'refused') {
        const { status } = await readiness(stopping.url)
        if (status !== 'reset' && seen.at(-1) !== String(status)) seen.push(String(status))
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    }
    let watching: Promise<void> | null = null

    let next = 0
    let restart: Promise<void> | null = null
    const restartWindow = { from: 0, to: 0 }
    const began = performance.now()
    const worker = async () => {
      while (next < REQUESTS) {
        next++
        if (next === REQUESTS / 4 && restart === null) {
          restartWindow.from = performance.now()
          watching = watchStopping()
          restart = stopping.restart().then(() => {
            restartWindow.to = performance.now()
          })
        }
        answers.push(await callOnce())
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    const elapsedMs = performance.now() - began
    await restart
    await watching

    const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b)
    const servedBy = new Map<string, number>()
    for (const answer of answers)
      servedBy.set(answer.servedBy, (servedBy.get(answer.servedBy) ?? 0) + 1)
    console.log(
      `cluster load: ${REQUESTS} calls, concurrency ${CONCURRENCY}, ${Math.round(elapsedMs)} ms, ` +
        `${Math.round((REQUESTS / elapsedMs) * 1000)} req/s, p50 ${sorted[REQUESTS / 2]?.toFixed(1)} ms, ` +
        `p99 ${sorted[Math.floor(REQUESTS * 0.99)]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms; ` +
        `replica restart took ${Math.round(restartWindow.to - restartWindow.from)} ms; ` +
        `client retries ${networkErrors}; served by ${JSON.stringify(Object.fromEntries(servedBy))}`,
    )

    expect(answers).toHaveLength(REQUESTS)
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([])
    // No connection through nginx failed, so no client had to retry.
    expect(
      networkErrors,
      `client retries (${[...networkFailures].join('; ')}); readiness seen: ${seen.join(' ')}`,
    ).toBe(0)
    // The first look may already meet the signal.
    expect(seen.join(' ')).toMatch(/^(200 )?503 refused$/)
    const limit = answers[0]!.limit
    const remaining = answers.map((answer) => answer.remaining).sort((a, b) => b - a)
    expect(remaining).toEqual(
      Array.from({ length: REQUESTS }, (_, i) => limit - loginCalls - 1 - i),
    )
    // The restart happened while the load ran, and both replicas served part of it.
    expect(restartWindow.to).toBeGreaterThan(restartWindow.from)
    expect(restartWindow.from).toBeLessThan(elapsedMs + began)
    expect(servedBy.size).toBeGreaterThanOrEqual(2)
  }, 180_000)

  it(`sheds an overload of ${OVERLOAD_CONCURRENCY} clients at once with 503 and Retry-After, never a broken connection`, async () => {
    const browser = clusterBrowser()
    // A user no other case calls the API as.
    await login(browser, 'bob', cluster.url, cluster.url)
    const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE, Cookie: cookie }
    // One connection per client, as that many browsers would hold.
    const dispatcher = new Agent({ connections: OVERLOAD_CONCURRENCY })
    const outcomes = new Map<string, number>()
    const count = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
    let next = 0
    const client = async () => {
      while (next < OVERLOAD_REQUESTS) {
        next++
        try {
          const response = await undiciFetch(`${cluster.url}/api/v2/user`, {
            headers,
            dispatcher,
            signal: AbortSignal.timeout(30_000),
          })
          const body = await response.text()
          if (response.status === 200) count('200')
          else if (
            response.status === 503 &&
            response.headers.get('Retry-After') === '1' &&
            body.includes('This playground server is busy')
          )
            count('503 busy, Retry-After: 1')
          else count(`${response.status} ${body.slice(0, 120)}`)
        } catch (error) {
          count(`no answer: ${error instanceof Error ? (error.cause ?? error).toString() : error}`)
        }
      }
    }
    const began = performance.now()
    try {
      await Promise.all(Array.from({ length: OVERLOAD_CONCURRENCY }, client))
    } finally {
      await dispatcher.close()
    }
    console.log(
      `cluster overload: ${OVERLOAD_REQUESTS} calls, concurrency ${OVERLOAD_CONCURRENCY}, ` +
        `${Math.round(performance.now() - began)} ms: ${JSON.stringify(Object.fromEntries(outcomes))}`,
    )
    expect([...outcomes.keys()].sort()).toEqual(['200', '503 busy, Retry-After: 1'])
    // The replicas still serve what they admit, and the balancer's probes pass meanwhile.
    expect(outcomes.get('200')).toBeGreaterThan(0)
    for (const replica of cluster.replicas) expect((await readiness(replica.url)).status).toBe(200)
  }, 120_000)
})
