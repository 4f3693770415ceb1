/**
 * The fast lane (fast-lane.ts) answers exactly as the full route does: each call goes to one
 * server both ways, through the lane and around it, over real HTTP, against the real emulator,
 * and the two answers must be the same (status, headers, body). Each way gets its own freshly
 * connected browser, since some answers end the session. The lane's own count says which calls
 * it served: only the plain pass-throughs; everything else must have reached the route.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmulator } from '../../emulator/emulator'
import { seedApps } from '../../emulator/seed'
import { authorizeThroughPages } from '../../testing/emulator-pages'
import type { FaultInput } from '../../emulator/control/test-control'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../protocol/playground-api'
import { TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE } from '../../protocol/trace-request'
import { createServerListener, dispatchByPath } from '../../server/dispatch'
import { loadConfig } from '../config'
import { createProxyServer, type ProxyServer } from '../proxy'
import { connectBrowser, cookieHeader, createBrowser } from '../../testing/proxy-browser'
import { createInProcessUpstream } from './upstream'

const UPSTREAM_TIMEOUT_MS = 400
/** Headers of the connection, not of the answer: they differ by time or socket. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive'])

let server: http.Server
let port = 0
let origin = ''
let viaLane = true
let now = Date.parse('2026-11-26T10:00:00Z')
let emulator: ReturnType<typeof createEmulator>
let proxy: ProxyServer

beforeAll(async () => {
  let listener: http.RequestListener = (_req, res) => res.writeHead(503).end()
  server = http.createServer((req, res) => listener(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  origin = `http://localhost:${port}`
  emulator = createEmulator({
    testControl: true,
    apps: seedApps({ webRedirectUri: `${origin}/callback` }),
  })
  proxy = createProxyServer({
    config: loadConfig({
      APP_ORIGIN: origin,
      SESSION_SECRET: 'fast-lane-test-secret-0123456789abcdef',
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
    }),
    upstream: createInProcessUpstream((request) => emulator.app.request(request)),
    clock: () => now,
    log: () => {},
  })
  const pages = new Hono()
  pages.all('*', (c) => c.text('a page', 200))
  const lane = createServerListener(proxy, pages)
  const route = getRequestListener(dispatchByPath(proxy.app, pages))
  listener = (req, res) => (viaLane ? lane(req, res) : void route(req, res))
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** A browser of the playground, connected through the real flow with `repo:read`. */
async function connected() {
  const browser = createBrowser(proxy.app, origin)
  const response = await connectBrowser(
    browser,
    async (url) => (await authorizeThroughPages(emulator.app, url, { login: 'alice' })).location,
    ['repo:read'],
  )
  expect(response.status).toBe(200)
  return browser
}

interface Answer {
  status: number
  headers: Record<string, string | string[]>
  body: string
}

/** Headers as an object, or as raw name/value pairs (a header may come twice). */
type RequestHeaders = Record<string, string> | string[]

function send(method: string, path: string, headers: RequestHeaders): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers, agent: false },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => {
          const kept: Record<string, string | string[]> = {}
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined && !TRANSPORT_HEADERS.has(name)) kept[name] = value
          }
          // A sealed cookie differs by its random nonce: its name and attributes must not.
          if (kept['set-cookie'] !== undefined) {
            kept['set-cookie'] = [res.headers['set-cookie'] ?? []]
              .flat()
              .map((cookie) => cookie.replace(/=[^;]*/, '=…'))
          }
          resolve({ status: res.statusCode ?? 0, headers: kept, body })
        })
      },
    )
    req.on('error', reject)
    req.end()
  })
}

interface Case {
  name: string
  path?: string
  method?: string
  /** The request's headers, given the connected browser's Cookie header and the app's origin. */
  headers?: (cookie: string) => RequestHeaders
  /** Queued on the emulator before each way's call. */
  fault?: FaultInput
  /** The proxy's clock moves this far between connecting and the call. */
  idleMs?: number
  /** Whether the lane itself answers. */
  served: boolean
}

const appHeaders = (cookie: string): Record<string, string> => ({
  Host: new URL(origin).host,
  Cookie: cookie,
  [CSRF_HEADER]: CSRF_HEADER_VALUE,
})

const CASES: Case[] = [
  { name: 'a plain read', served: true },
  { name: 'the service refuses a scope (403)', path: '/api/v2/users/1001/groups', served: true },
  { name: 'the service has no such user (404)', path: '/api/v2/users/nobody-here', served: true },
  { name: 'a query the allow-list refuses', path: '/api/v2/user?x=1', served: false },
  {
    name: 'the token is dead (401): the route ends the session',
    fault: { path: '/api/v2/user', status: 401, body: { status: 401, message: 'Unauthorized' } },
    served: false,
  },
  {
    name: 'the service fails (500)',
    fault: { path: '/api/v2/user', status: 500, body: { status: 500, message: 'boom' } },
    served: false,
  },
  {
    name: 'the service redirects',
    fault: { path: '/api/v2/user', redirectTo: 'https://elsewhere.example/' },
    served: false,
  },
  {
    name: 'the service does not answer in time',
    fault: { path: '/api/v2/user', delayMs: UPSTREAM_TIMEOUT_MS * 3 },
    served: false,
  },
  { name: 'a session due for a touch', idleMs: 6 * 60_000, served: false },
  {
    name: 'the trace is asked for',
    headers: (cookie) => ({ ...appHeaders(cookie), [TRACE_REQUEST_HEADER]: TRACE_REQUEST_VALUE }),
    served: false,
  },
  {
    name: 'a cross-site call',
    headers: (cookie) => ({ ...appHeaders(cookie), 'Sec-Fetch-Site': 'cross-site' }),
    served: false,
  },
  {
    name: 'another Origin',
    headers: (cookie) => ({ ...appHeaders(cookie), Origin: 'http://evil.example' }),
    served: false,
  },
  {
    name: 'another Host',
    headers: (cookie) => ({ ...appHeaders(cookie), Host: 'evil.example' }),
    served: false,
  },
  {
    name: 'no CSRF header',
    headers: (cookie) => ({ Host: new URL(origin).host, Cookie: cookie }),
    served: false,
  },
  {
    name: 'two session cookies',
    headers: (cookie) => ({ ...appHeaders(`pg_session=tossed; ${cookie}`) }),
    served: false,
  },
  {
    name: 'two Cookie headers',
    // Two header lines: Node joins them for its own reading, the adapter may read the first.
    headers: (cookie) => [...Object.entries(appHeaders(cookie)).flat(), 'Cookie', 'other=1'],
    served: false,
  },
  { name: 'no session cookie', headers: () => appHeaders(''), served: false },
  { name: 'an encoded path', path: '/api/v2/%75ser', served: false },
  { name: 'a dot segment', path: '/api/v2/users/../user', served: false },
  { name: 'HEAD', method: 'HEAD', served: false },
  { name: 'a write', method: 'DELETE', path: '/api/v2/repos/1', served: false },
]

describe('the fast lane', () => {
  it.each(CASES)('answers as the route does: $name', async (call) => {
    const answers: Answer[] = []
    const servedBefore = proxy.fastLane.served
    for (const lane of [true, false]) {
      now = Date.parse('2026-11-26T10:00:00Z')
      const browser = await connected()
      now += call.idleMs ?? 0
      if (call.fault !== undefined) emulator.control.queueFault(call.fault)
      viaLane = lane
      const cookie = cookieHeader(browser)
      answers.push(
        await send(
          call.method ?? 'GET',
          call.path ?? '/api/v2/user',
          (call.headers ?? appHeaders)(cookie),
        ),
      )
      emulator.control.clearFaults()
    }
    const [throughLane, aroundLane] = answers
    // A trace carries the call's time, and the rate limit counts down across both ways: their
    // form is compared, not their text.
    for (const answer of answers) {
      const { headers } = answer
      if (headers['x-playground-trace'] !== undefined) headers['x-playground-trace'] = 'present'
      const remaining = headers['x-ratelimit-remaining']
      if (typeof remaining === 'string')
        headers['x-ratelimit-remaining'] = remaining.replace(/\d+/, 'n')
    }
    expect(throughLane).toEqual(aroundLane)
    expect(proxy.fastLane.served - servedBefore).toBe(call.served ? 1 : 0)
  })

  it('answers with the passed headers and the no-store ones, as the route', async () => {
    viaLane = true
    const browser = await connected()
    const answer = await send('GET', '/api/v2/user', appHeaders(cookieHeader(browser)))
    expect(answer.status).toBe(200)
    expect(answer.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-type': 'application/json; charset=UTF-8',
      'x-ratelimit-remaining': expect.stringMatching(/^\d+$/),
    })
  })
})
