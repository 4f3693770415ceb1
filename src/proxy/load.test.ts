/**
 * Load through the real proxy to the real emulator, both on loopback sockets, with the node:http
 * upstream the composition root uses (the attack, fault and load suite, docs/security.md): bounded concurrent API calls all succeed, the
 * service counts each exactly once, and a burst past the limit gets 429s with Retry-After and
 * is not retried by the proxy.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedApps } from '../emulator/seed'
import { startEmulator, type RunningEmulator } from '../emulator/start'
import { authorizeThroughPages } from '../testing/emulator-pages'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../protocol/playground-api'
import { loadConfig } from './config'
import { createProxy } from './proxy'
import { connectBrowser, cookieHeader, createBrowser } from '../testing/proxy-browser'
import { createHttpUpstream } from './api/upstream'

const APP_ORIGIN = 'http://localhost:5173'
// The test names repeat these figures.
const REQUESTS = 2000
const CONCURRENCY = 50
/** What is left of the limit after the load: the burst goes this far past it. */
const HEADROOM = 25
const BURST = 100
/** The login's own call: the exchange asks for the profile once (prime-profile.ts). */
const LOGIN_CALLS = 1
const LIMIT = LOGIN_CALLS + REQUESTS + HEADROOM

let emulator: RunningEmulator
let proxyServer: ReturnType<typeof serve>
let proxyUrl: string
const upstream = createHttpUpstream()
const emulatorLines: string[] = []
let sessionCookie = ''

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    options: {
      apps: seedApps({ webRedirectUri: `${APP_ORIGIN}/callback` }),
      rateLimit: { limit: LIMIT, windowMs: 3_600_000 },
      log: (line) => emulatorLines.push(line),
    },
  })
  // The proxy answers its listening address (guards.ts, allowedHosts): built once the port is known.
  const late: { proxy?: ReturnType<typeof createProxy> } = {}
  await new Promise<void>((resolve) => {
    const fetch = (request: Request) =>
      late.proxy === undefined ? new Response(null, { status: 503 }) : late.proxy.fetch(request)
    proxyServer = serve({ fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  const port = (proxyServer.address() as AddressInfo).port
  proxyUrl = `http://127.0.0.1:${port}`
  const config = loadConfig({
    SESSION_SECRET: 'proxy-load-session-secret-0123456789',
    EMULATOR_PORT: new URL(emulator.url).port,
    APP_ORIGIN,
    PORT: String(port),
  })
  const proxy = createProxy({ config, upstream })
  late.proxy = proxy

  // Connect alice as the app does: the exchange goes over the socket to the emulator.
  const browser = createBrowser(proxy, APP_ORIGIN)
  const exchange = await connectBrowser(browser, async (url) => {
    return (await authorizeThroughPages(emulator.app, url, { login: 'alice' })).location
  })
  expect(exchange.status).toBe(200)
  sessionCookie = cookieHeader(browser)
})

afterAll(async () => {
  await new Promise<void>((resolve) => {
    // Keep-alive sockets would otherwise hold close() open.
    if ('closeAllConnections' in proxyServer) proxyServer.closeAllConnections()
    proxyServer.close(() => resolve())
  })
  upstream.close()
  await emulator.close()
})

interface Answer {
  status: number
  remaining: number | null
  retryAfter: string | null
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
afterAll(() => agent.destroy())

/** One GET /api/v2/user through the proxy's socket, as the web app sends it. */
function callUser(): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${proxyUrl}/api/v2/user`,
      {
        agent,
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, Cookie: sessionCookie },
        timeout: 10_000,
      },
      (res) => {
        res.resume()
        res.on('end', () => {
          const remaining = res.headers['x-ratelimit-remaining']
          resolve({
            status: res.statusCode ?? 0,
            remaining: typeof remaining === 'string' ? Number(remaining) : null,
            retryAfter: res.headers['retry-after'] ?? null,
          })
        })
      },
    )
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')))
    req.on('error', reject)
  })
}

/** `total` calls, never more than `concurrency` in flight. */
async function run(total: number, concurrency: number): Promise<Answer[]> {
  const answers: Answer[] = []
  let started = 0
  const worker = async () => {
    while (started < total) {
      started += 1
      answers.push(await callUser())
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return answers
}

const userCallsSeen = () => emulatorLines.filter((line) => / GET \/api\/v2\/user /.test(line))

describe('load through the proxy on loopback sockets', () => {
  it('answers 2,000 calls at concurrency 50 without an error, each counted once by the service', async () => {
    const before = userCallsSeen().length
    const started = performance.now()
    const answers = await run(REQUESTS, CONCURRENCY)
    const seconds = (performance.now() - started) / 1000
    console.info(
      `load: ${answers.length} requests at concurrency ${CONCURRENCY} in ${seconds.toFixed(2)} s`,
    )

    expect(answers.filter((answer) => answer.status !== 200)).toEqual([])
    // Exactly once per request: the remaining counts are those the login left, each seen
    // exactly once (none skipped, none repeated).
    const remaining = answers.map((answer) => answer.remaining).sort((a, b) => (b ?? 0) - (a ?? 0))
    expect(remaining).toEqual(
      Array.from({ length: REQUESTS }, (_, i) => LIMIT - LOGIN_CALLS - 1 - i),
    )
    expect(userCallsSeen().length - before).toBe(REQUESTS)
  }, 60_000)

  it('answers a burst of 100 past the limit with 429 and Retry-After, and retries none', async () => {
    const before = userCallsSeen().length
    const answers = await run(BURST, CONCURRENCY)
    const ok = answers.filter((answer) => answer.status === 200)
    const limited = answers.filter((answer) => answer.status === 429)
    console.info(`burst: ${ok.length} × 200, ${limited.length} × 429`)

    expect(ok).toHaveLength(HEADROOM)
    expect(limited).toHaveLength(BURST - HEADROOM)
    for (const answer of limited) {
      expect(answer.remaining).toBe(0)
      expect(Number(answer.retryAfter)).toBeGreaterThan(0)
    }
    // One upstream call per request: the proxy does not retry a 429.
    expect(userCallsSeen().length - before).toBe(BURST)
    expect(userCallsSeen().filter((line) => / 429 /.test(line))).toHaveLength(BURST - HEADROOM)
  }, 30_000)
})
