/**
 * The API's one route (api-routes.ts) over real HTTP, as src/server.ts composes it
 * (createServerListener), against the real emulator. A plain GET reaches the route straight
 * from node:http (api-node.ts), anything else through @hono/node-server and the proxy's app:
 * each case says which door it takes, and the plain ones are sent through the other door too,
 * which must answer the same. These calls are the ones an in-process `app.request` cannot send:
 * a header line twice, an encoded or dotted target, a foreign Host, HEAD. Each case asserts the
 * whole answer: its status, its error code, what reached the service, what became of the
 * session, and the headers and the one log line every answer gets (the server's, written around
 * both doors: src/server/request-log.ts).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmulator } from '../../emulator/emulator'
import { seedApps } from '../../emulator/seed'
import { authorizeThroughPages } from '../../testing/emulator-pages'
import { FAULT_TAG_HEADER, type FaultInput } from '../../emulator/control/test-control'
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  PROXY_ERROR_HEADER,
  SESSION_HEADER,
  StartLoginResponseSchema,
} from '../../protocol/playground-api'
import { TRACE_HEADER, parseTraceHeader } from '../../protocol/trace'
import { TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE } from '../../protocol/trace-request'
import { createServerListener, dispatchByPath } from '../../server/dispatch'
import { createLogger } from '../../server/logger'
import { observeRequests } from '../../server/request-log'
import { createRouteLabeler, proxyAuthPaths } from '../../server/route-label'
import { loadConfig } from '../config'
import { createProxyServer, type ProxyServer } from '../proxy'
import { connectBrowser, cookieHeader, createBrowser } from '../../testing/proxy-browser'
import { createInProcessUpstream, type UpstreamRequest } from './upstream'
import type { ProxyErrorCode } from './http-errors'

const UPSTREAM_TIMEOUT_MS = 400

let server: http.Server
let origin = ''
let now = Date.parse('2026-11-26T10:00:00Z')
let emulator: ReturnType<typeof createEmulator>
let proxy: ProxyServer
/** The calls the proxy sent to the service's API, and the server's log lines. */
const sent: UpstreamRequest[] = []
const logged: string[] = []
const log = createLogger({
  format: 'text',
  secrets: [],
  instance: 'test-1',
  destination: { write: (line: string) => void logged.push(line) },
})
/** Calls the route took straight from node:http; false sends every call through the app. */
let nodeDoor = 0
let isNodeDoorOpen = true

beforeAll(async () => {
  let listener: http.RequestListener = (_req, res) => res.writeHead(503).end()
  server = http.createServer((req, res) => listener(req, res))
  // A port below 60000: @hono/node-server joins such a Host to the target without a URL parser,
  // the condition of the node:http door (api-node.ts); an ephemeral port may be above it.
  let port = 60_000
  while (port >= 60_000) {
    if (server.listening) await new Promise((resolve) => server.close(resolve))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  }
  origin = `http://localhost:${port}`
  emulator = createEmulator({
    testControl: true,
    apps: seedApps({ webRedirectUri: `${origin}/callback` }),
  })
  const toEmulator = createInProcessUpstream((request) => emulator.app.request(request))
  proxy = createProxyServer({
    config: loadConfig({
      APP_ORIGIN: origin,
      SESSION_SECRET: 'api-over-http-test-secret-0123456789abcdef',
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      // Every case connects anew on a clock that stands still (login-throttle.test.ts has the limit).
      LOGIN_RATE_LIMIT: '99999',
    }),
    upstream: (request) => {
      if (request.url.pathname.startsWith('/api/')) sent.push(request)
      return toEmulator(request)
    },
    clock: () => now,
    log: (line) => log.error(line),
  })
  const pages = new Hono()
  pages.all('*', (c) => c.text('a page', 200))
  const { app, api } = proxy
  const counted: ProxyServer['api'] = (request, path) => {
    nodeDoor += 1
    return api(request, path)
  }
  const composed = createServerListener({ app, api: counted }, pages)
  const throughApp = getRequestListener(dispatchByPath(app, pages))
  listener = observeRequests(
    (req, res) => (isNodeDoorOpen ? composed(req, res) : void throughApp(req, res)),
    { log, metrics: null, routeOf: createRouteLabeler(proxyAuthPaths(app.routes)) },
  )
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
  headers: http.IncomingHttpHeaders
  body: string
}

/** Headers as an object, or as raw name/value pairs (a header may come twice). */
type RequestHeaders = Record<string, string> | string[]

function send(method: string, path: string, headers: RequestHeaders): Promise<Answer> {
  const { port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers, agent: false, setHost: false },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

const appHeaders = (cookie: string): Record<string, string> => ({
  Host: new URL(origin).host,
  Cookie: cookie,
  [CSRF_HEADER]: CSRF_HEADER_VALUE,
})

/** What became of the session cookie: untouched, written anew, or cleared (and ended). */
type SessionOutcome = 'kept' | 'renewed' | 'cleared' | 'ended'

interface Case {
  name: string
  path?: string
  method?: string
  /** The request's headers, given the connected browser's Cookie header. */
  headers?: (cookie: string) => RequestHeaders
  /** Queued on the emulator before the call. */
  fault?: FaultInput
  /** The proxy's clock moves this far between connecting and the call. */
  idleMs?: number
  status: number
  /** The answer's PROXY_ERROR_HEADER; none for an answer of the service. */
  error?: ProxyErrorCode
  /** Words of the answer's message. */
  says?: string
  /** Calls of the service's API this one made. */
  reached: number
  session: SessionOutcome
  /** Whether the route takes it straight from node:http (a plain GET under /api). */
  plain: boolean
}

const CASES: Case[] = [
  { name: 'passes a plain read through', status: 200, reached: 1, session: 'kept', plain: true },
  {
    name: 'passes the service’s scope refusal (403) through',
    path: '/api/v2/users/1001/groups',
    status: 403,
    says: 'group:read',
    reached: 1,
    session: 'kept',
    plain: true,
  },
  {
    name: 'passes the service’s 404 through',
    path: '/api/v2/users/nobody-here',
    status: 404,
    says: 'User not found',
    reached: 1,
    session: 'kept',
    plain: true,
  },
  {
    name: 'refuses a query the allow-list does not name, before the service',
    path: '/api/v2/user?x=1',
    status: 400,
    error: 'not_allowed',
    says: 'The query parameter "x" is not allowed',
    reached: 0,
    session: 'kept',
    plain: true,
  },
  {
    name: 'ends the session on a dead token (401) and passes the 401 on',
    fault: { path: '/api/v2/user', status: 401, body: { status: 401, message: 'Unauthorized' } },
    status: 401,
    says: 'Unauthorized',
    reached: 1,
    session: 'ended',
    plain: true,
  },
  {
    name: 'answers 502 when the service fails (500)',
    fault: { path: '/api/v2/user', status: 500, body: { status: 500, message: 'boom' } },
    status: 502,
    error: 'upstream_error',
    says: 'The service failed (HTTP 500)',
    reached: 1,
    session: 'kept',
    plain: true,
  },
  {
    name: 'answers 502 to a redirect and does not follow it',
    fault: { path: '/api/v2/user', redirectTo: 'https://elsewhere.example/' },
    status: 502,
    error: 'upstream_invalid',
    says: 'redirect',
    reached: 1,
    session: 'kept',
    plain: true,
  },
  {
    name: 'answers 504 when the service does not answer in time',
    fault: { path: '/api/v2/user', delayMs: UPSTREAM_TIMEOUT_MS * 3 },
    status: 504,
    error: 'upstream_timeout',
    says: 'did not answer within 0.4 s',
    reached: 1,
    session: 'kept',
    plain: true,
  },
  {
    name: 'renews a session due for a touch',
    idleMs: 6 * 60_000,
    status: 200,
    reached: 1,
    session: 'renewed',
    plain: true,
  },
  {
    name: 'answers with the trace when it is asked for',
    headers: (cookie) => ({ ...appHeaders(cookie), [TRACE_REQUEST_HEADER]: TRACE_REQUEST_VALUE }),
    status: 200,
    reached: 1,
    session: 'kept',
    plain: true,
  },
  {
    name: 'refuses a cross-site call',
    headers: (cookie) => ({ ...appHeaders(cookie), 'Sec-Fetch-Site': 'cross-site' }),
    status: 403,
    error: 'csrf',
    says: 'Sec-Fetch-Site: cross-site',
    reached: 0,
    session: 'kept',
    plain: true,
  },
  {
    name: 'refuses another Origin',
    headers: (cookie) => ({ ...appHeaders(cookie), Origin: 'http://evil.example' }),
    status: 403,
    error: 'csrf',
    says: 'Origin: http://evil.example',
    reached: 0,
    session: 'kept',
    plain: true,
  },
  {
    name: 'refuses another Host (DNS rebinding) with 421',
    headers: (cookie) => ({ ...appHeaders(cookie), Host: 'evil.example' }),
    status: 421,
    error: 'bad_request',
    says: 'Host: evil.example',
    reached: 0,
    session: 'kept',
    plain: true,
  },
  {
    name: 'refuses a call without the CSRF header',
    headers: (cookie) => ({ Host: new URL(origin).host, Cookie: cookie }),
    status: 403,
    error: 'csrf',
    says: `Missing the ${CSRF_HEADER}`,
    reached: 0,
    session: 'kept',
    plain: true,
  },
  {
    name: 'refuses two session cookies and clears every copy it can reach',
    headers: (cookie) => ({ ...appHeaders(`pg_session=tossed; ${cookie}`) }),
    status: 400,
    error: 'bad_request',
    says: 'two pg_session cookies',
    reached: 0,
    session: 'cleared',
    plain: true,
  },
  {
    // Two header lines: Node joins them ("; "), and the joined header holds one session cookie.
    name: 'reads two Cookie header lines as one header',
    headers: (cookie) => [...Object.entries(appHeaders(cookie)).flat(), 'Cookie', 'other=1'],
    status: 200,
    reached: 1,
    session: 'kept',
    plain: true,
  },
  {
    name: 'refuses two session cookies sent on two Cookie header lines',
    headers: (cookie) => [...Object.entries(appHeaders(cookie)).flat(), 'Cookie', 'pg_session=x'],
    status: 400,
    error: 'bad_request',
    reached: 0,
    session: 'cleared',
    plain: true,
  },
  {
    name: 'answers 401 without a session cookie, before the service',
    headers: () => appHeaders(''),
    status: 401,
    error: 'not_connected',
    says: 'GET /user needs a connected account',
    reached: 0,
    session: 'kept',
    plain: true,
  },
  {
    name: 'matches an encoded path as sent, and refuses it',
    path: '/api/v2/%75ser',
    status: 404,
    error: 'not_allowed',
    says: 'No operation of the API matches /%75ser',
    reached: 0,
    session: 'kept',
    plain: false,
  },
  {
    name: 'forwards a dotted path as the URL parser resolves it',
    path: '/api/v2/users/../user',
    status: 200,
    reached: 1,
    session: 'kept',
    plain: false,
  },
  {
    name: 'answers HEAD as the allow-list does (405, Allow: GET), without a body',
    method: 'HEAD',
    status: 405,
    error: 'not_allowed',
    reached: 0,
    session: 'kept',
    plain: false,
  },
  {
    name: 'refuses a write without an Origin',
    method: 'DELETE',
    path: '/api/v2/repos/1',
    status: 403,
    error: 'csrf',
    says: 'State-changing calls must come from',
    reached: 0,
    session: 'kept',
    plain: false,
  },
  {
    name: 'answers 404 below /api but outside the forwarded API',
    path: '/api/v1/user',
    status: 404,
    error: 'not_allowed',
    says: 'GET /api/v1/user is not a playground endpoint.',
    reached: 0,
    session: 'kept',
    plain: true,
  },
]

/** The Set-Cookie headers of an answer, each as its name, value and Max-Age. */
function setCookies(answer: Answer) {
  return (answer.headers['set-cookie'] ?? []).map((header) => ({
    name: header.slice(0, header.indexOf('=')),
    value: header.slice(header.indexOf('=') + 1, header.indexOf(';')),
    maxAge: /Max-Age=(\d+)/.exec(header)?.[1],
    path: /Path=([^;]*)/.exec(header)?.[1],
  }))
}

function expectSession(answer: Answer, outcome: SessionOutcome) {
  const cookies = setCookies(answer)
  if (outcome === 'kept') {
    expect(cookies).toEqual([])
    return
  }
  const session = cookies.filter((cookie) => cookie.name === 'pg_session')
  const hint = cookies.filter((cookie) => cookie.name === 'pg_connected')
  if (outcome === 'renewed') {
    expect(session).toHaveLength(1)
    expect(session[0]?.value).not.toBe('')
    expect(Number(session[0]?.maxAge)).toBeGreaterThan(0)
    expect(hint.map((cookie) => cookie.value)).toEqual(['1'])
    return
  }
  // Cleared: the cookie at Path=/ and the copies a tossed cookie could have (session-cookie.ts).
  expect(session.every((cookie) => cookie.value === '' && cookie.maxAge === '0')).toBe(true)
  expect(session.map((cookie) => cookie.path)).toEqual(
    expect.arrayContaining(['/', '/auth', '/api', '/api/v2']),
  )
  expect(hint.map((cookie) => cookie.maxAge)).toEqual(['0'])
  expect(answer.headers[SESSION_HEADER.toLowerCase()]).toBe(
    outcome === 'ended' ? 'ended' : undefined,
  )
}

/** A freshly connected browser sends the case's call, through the doors that are open. */
async function sendCase(call: Case): Promise<Answer> {
  now = Date.parse('2026-11-26T10:00:00Z')
  const browser = await connected()
  now += call.idleMs ?? 0
  if (call.fault !== undefined) emulator.control.queueFault(call.fault)
  sent.length = 0
  logged.length = 0
  const headers = (call.headers ?? appHeaders)(cookieHeader(browser))
  const answer = await send(call.method ?? 'GET', call.path ?? '/api/v2/user', headers)
  emulator.control.clearFaults()
  return answer
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Headers of the connection and values of the moment (a sealed cookie, a count) left out. */
function comparable(answer: Answer) {
  const headers: Record<string, unknown> = { ...answer.headers }
  for (const name of ['date', 'connection', 'keep-alive', 'x-request-id']) delete headers[name]
  if (headers['x-ratelimit-remaining'] !== undefined) headers['x-ratelimit-remaining'] = 'n'
  if (headers[TRACE_HEADER.toLowerCase()] !== undefined) headers[TRACE_HEADER.toLowerCase()] = '…'
  const cookies = answer.headers['set-cookie']
  if (cookies !== undefined) headers['set-cookie'] = cookies.map((c) => c.replace(/=[^;]*/, '=…'))
  return { status: answer.status, headers, body: answer.body }
}

describe('the API over HTTP', () => {
  it.each(CASES)('$name', async (call) => {
    const method = call.method ?? 'GET'
    const path = call.path ?? '/api/v2/user'
    const before = nodeDoor
    const answer = await sendCase(call)
    expect(nodeDoor - before).toBe(call.plain ? 1 : 0)

    expect(answer.status).toBe(call.status)
    expect(answer.headers[PROXY_ERROR_HEADER.toLowerCase()]).toBe(call.error)
    if (method === 'HEAD') expect(answer.body).toBe('')
    else {
      const body = JSON.parse(answer.body) as { status?: number; code?: string; message?: string }
      if (call.error !== undefined)
        expect(body).toMatchObject({ status: call.status, code: call.error })
      if (call.says !== undefined) expect(body.message).toContain(call.says)
    }
    if (call.status === 405) expect(answer.headers.allow).toBe('GET')
    // What every /api answer carries, refusals included (context.ts, NO_STORE_HEADERS).
    expect(answer.headers).toMatchObject({
      'cache-control': 'no-store',
      pragma: 'no-cache',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    })
    expect(sent).toHaveLength(call.reached)
    expectSession(answer, call.session)
    // One line, whichever door: the path as sent, without its query; a 5xx at error level.
    const id = answer.headers['x-request-id']
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const level = call.status >= 500 ? 'error: ' : ''
    const head = escapeRegExp(`${level}${method} ${path.split('?')[0]} ${call.status} `)
    const tail = escapeRegExp(` ms id=${id} instance=test-1\n`)
    expect(logged).toEqual([expect.stringMatching(new RegExp(`^${head}\\d+${tail}$`))])
  })

  it.each(CASES.filter((call) => call.plain))(
    'answers through the app as straight from node:http: $name',
    async (call) => {
      const straight = comparable(await sendCase(call))
      isNodeDoorOpen = false
      try {
        expect(comparable(await sendCase(call))).toEqual(straight)
      } finally {
        isNodeDoorOpen = true
      }
    },
  )

  it('passes the service’s JSON and its rate-limit headers through, in the API’s type', async () => {
    const browser = await connected()
    const answer = await send('GET', '/api/v2/user', appHeaders(cookieHeader(browser)))
    expect(answer.status).toBe(200)
    expect(answer.headers).toMatchObject({
      'content-type': 'application/json; charset=UTF-8',
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': expect.stringMatching(/^\d+$/),
      'x-oauth-scopes': 'repo:read',
    })
    expect(JSON.parse(answer.body)).toMatchObject({ data: { login: 'alice' } })
  })

  it('traces the call as it was sent, its token as a placeholder only', async () => {
    const browser = await connected()
    const cookie = cookieHeader(browser)
    // The login's own call of /user (prime-profile.ts) is not the one traced.
    sent.length = 0
    const answer = await send('GET', '/api/v2/user', {
      ...appHeaders(cookie),
      [TRACE_REQUEST_HEADER]: TRACE_REQUEST_VALUE,
    })
    const header = answer.headers[TRACE_HEADER.toLowerCase()]
    const trace = parseTraceHeader(typeof header === 'string' ? header : null)
    expect(trace?.call).toMatchObject({ method: 'GET', path: '/api/v2/user', status: 200 })
    const step = trace?.steps.find((candidate) => candidate.kind === 'api')
    expect(step?.request?.url).toBe(sent[0]?.url.href)
    expect(step?.request?.headers.map((field) => field.name)).toEqual(
      Object.keys(sent[0]?.headers ?? {}),
    )
    expect(step?.response?.status).toBe(200)
    const token = sent[0]?.headers['X-Auth-Token'] ?? ''
    expect(token).not.toBe('')
    expect(header).not.toContain(token)
    expect(header).not.toContain(browser.jar.get('pg_session'))
  })

  it('never forwards Prefer, so a page cannot make the emulator inject a failure (docs/emulator.md)', async () => {
    // This emulator has test control on: Prefer: code=… reaching it would be honoured.
    const direct = await emulator.app.request('/api/v2/user', {
      headers: { 'User-Agent': 'api-over-http/1.0', Prefer: 'code=500' },
    })
    expect(direct.status).toBe(500)
    const browser = await connected()
    sent.length = 0
    for (const door of [true, false]) {
      isNodeDoorOpen = door
      try {
        for (const prefer of ['code=500', 'code=429', 'respond-async, code=503']) {
          const headers = { ...appHeaders(cookieHeader(browser)), Prefer: prefer }
          const answer = await send('GET', '/api/v2/user', headers)
          expect(answer.status, `${prefer}, node door ${door}`).toBe(200)
          expect(answer.headers['preference-applied']).toBeUndefined()
        }
      } finally {
        isNodeDoorOpen = true
      }
    }
    expect(sent).toHaveLength(6)
    for (const request of sent) {
      expect(Object.keys(request.headers).map((name) => name.toLowerCase())).not.toContain('prefer')
    }
    const log = emulator.control.requestLog().slice(-6)
    expect(
      log.map((entry) => [entry.status, entry.fault, entry.headerNames.includes('prefer')]),
    ).toEqual(Array.from({ length: 6 }, () => [200, false, false]))
  })

  it("never forwards X-Emulator-Fault-Tag, so a page cannot take another browser's fault (docs/emulator.md)", async () => {
    // This emulator has test control on: the tag reaching it would be honoured (the end below).
    const tagged = { [FAULT_TAG_HEADER]: 'lab-1' }
    for (const path of ['/api/v2/user', '/oauth2/token']) {
      emulator.control.queueFault({ path, status: 503, tag: 'lab-1' })
    }
    emulator.control.clearLog()
    try {
      // The token exchange: the browser's tag goes no further than the proxy.
      const browser = createBrowser(proxy.app, origin)
      const start = await browser.call('POST', '/auth/start', { body: { scopes: ['repo:read'] } })
      const { authorizeUrl, state } = StartLoginResponseSchema.parse(await start.json())
      const approved = await authorizeThroughPages(emulator.app, authorizeUrl, { login: 'alice' })
      const code = new URL(approved.location ?? '').searchParams.get('code')
      const exchanged = await browser.call('POST', '/auth/exchange', {
        body: { code, state },
        headers: tagged,
      })
      expect(exchanged.status).toBe(200)
      // The API call, through both doors.
      sent.length = 0
      for (const door of [true, false]) {
        isNodeDoorOpen = door
        try {
          const answer = await send('GET', '/api/v2/user', {
            ...appHeaders(cookieHeader(browser)),
            ...tagged,
          })
          expect(answer.status, `node door ${door}`).toBe(200)
        } finally {
          isNodeDoorOpen = true
        }
      }
      expect(sent).toHaveLength(2)
      for (const request of sent) {
        const names = Object.keys(request.headers).map((name) => name.toLowerCase())
        expect(names).not.toContain('x-emulator-fault-tag')
      }
      const log = emulator.control.requestLog()
      expect(log.filter((entry) => entry.path === '/oauth2/token')).toHaveLength(1)
      expect(log.some((entry) => entry.headerNames.includes('x-emulator-fault-tag'))).toBe(false)
      expect(log.some((entry) => entry.fault)).toBe(false)
      // Both faults are still queued, and the tag sent straight to the emulator takes them.
      const direct = await emulator.app.request('/api/v2/user', {
        headers: { 'User-Agent': 'api-over-http/1.0', ...tagged },
      })
      expect(direct.status).toBe(503)
      const token = await emulator.app.request('/oauth2/token', { method: 'POST', headers: tagged })
      expect(token.status).toBe(503)
    } finally {
      emulator.control.clearFaults()
    }
  })

  it('sends nothing twice: a dead token is asked once, and the 401 ends the session', async () => {
    const browser = await connected()
    emulator.control.queueFault({
      path: '/api/v2/user',
      status: 401,
      body: { status: 401, message: 'Unauthorized' },
    })
    sent.length = 0
    const answer = await send('GET', '/api/v2/user', appHeaders(cookieHeader(browser)))
    emulator.control.clearFaults()
    expect(answer.status).toBe(401)
    // GET /user itself was refused: no probe follows (scope-failure.ts).
    expect(sent.map((request) => request.url.pathname)).toEqual(['/api/v2/user'])
    const again = await send('GET', '/api/v2/user', appHeaders(cookieHeader(browser)))
    expect(again.status).toBe(401)
    expect(again.headers[PROXY_ERROR_HEADER.toLowerCase()]).toBe('not_connected')
  })
})
