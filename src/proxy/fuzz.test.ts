/**
 * Property-based robustness of the proxy, through `app.request()` against the real
 * emulator in-process: bounded random requests, with and without a real session and a real
 * pending login, never cause a 5xx or an exception; every refusal is the proxy's documented
 * `{status, message, code}` (http-errors.ts) or the service's own `{status, message}` passed on;
 * and nothing off the allow-list ever reaches the service.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { createEmulator } from '../emulator/emulator'
import {
  countStatus,
  createTally,
  describeTally,
  headersArbitrary,
  queryArbitrary,
  requestArbitrary,
  runBounded,
  segmentArbitrary,
  toRequest,
  type FuzzRequest,
  type FuzzTally,
} from '../testing/fuzz-inputs'
import { seedApps } from '../emulator/seed'
import { authorizeThroughPages } from '../testing/emulator-pages'
import { ENDPOINTS } from '../protocol/endpoints'
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  StartLoginResponseSchema,
} from '../protocol/playground-api'
import { ErrorBodySchema } from '../protocol/schemas'
import { loadConfig } from './config'
import { createProxy } from './proxy'
import { connectBrowser, cookieHeader, createBrowser } from '../testing/proxy-browser'
import { createInProcessUpstream } from './api/upstream'

const APP_ORIGIN = 'http://localhost:5173'
const BOUNDS = { numRuns: 1500, timeLimitMs: 8000 }
/** Fewer would prove little; a slow machine still runs far more within the time limit. */
const MIN_RUNS = 200

/**
 * What may reach the service: a path of the endpoint table's templates, every parameter a safe
 * segment (docs/security.md#f1, #f2), and the token endpoint. Built from the templates, not by the
 * proxy's own matcher, so a bug there cannot hide here.
 */
const UPSTREAM_PATHS = [
  ...ENDPOINTS.map(
    (endpoint) =>
      new RegExp(`^/api/v2${endpoint.path.replace(/\{[a-z_]+\}/g, '[A-Za-z0-9_.-]+')}$`),
  ),
  /^\/oauth2\/token$/,
]

const PREFIXES = [
  '/auth/start',
  '/auth/exchange',
  '/auth/session',
  '/auth/logout',
  '/auth/config',
  '/auth/',
  '/auth/client-code/start',
  '/auth/client-code/authorize',
  '/auth/client-code/poll',
  '/auth/client-code/cancel',
  '/api/v2/',
  '/api/v2/user',
  '/api/v2/hello',
  '/api/v2/users/',
  '/api/v2/users/alice',
  '/api/v2/users/1001/repos',
  '/api/v2/users/bob/groups',
  '/api/',
]

const APP_HEADERS = new Set([CSRF_HEADER.toLowerCase(), 'origin', 'content-type', 'cookie'])

const JSON_SAMPLES = [
  { scopes: ['doc', 'repo:read'], returnTo: '/me' },
  { scopes: ['admin'] },
  { code: 'x', state: 'y' },
  { scope: 'doc' },
]

type Stack = ReturnType<typeof setup>
type RealCookies = Awaited<ReturnType<typeof realCookies>>

function setup() {
  const emulator = createEmulator({
    testControl: true,
    apps: seedApps({ webRedirectUri: `${APP_ORIGIN}/callback` }),
    rateLimit: { limit: 1_000_000, windowMs: 3_600_000 },
  })
  const proxy = createProxy({
    // Every exchange is meant to reach the token endpoint: the login limit is not what is fuzzed
    // (login-throttle.test.ts proves it).
    config: loadConfig({
      SESSION_SECRET: 'proxy-fuzz-session-secret-0123456789',
      LOGIN_RATE_LIMIT: '99999',
    }),
    upstream: createInProcessUpstream((request) => emulator.app.request(request)),
  })
  return { emulator, proxy }
}

/** Real cookies, so that random requests also reach the code behind the session checks. */
async function realCookies(stack: Stack) {
  const connected = createBrowser(stack.proxy, APP_ORIGIN)
  await connectBrowser(
    connected,
    async (url) =>
      (await authorizeThroughPages(stack.emulator.app, url, { login: 'alice' })).location,
    ['repo:read'],
  )
  const session = cookieHeader(connected)

  // A pending login whose transaction cookie stays valid: random codes for its state reach
  // the token endpoint.
  const pending = createBrowser(stack.proxy, APP_ORIGIN)
  const pendingStart = await pending.call('POST', '/auth/start', { body: { scopes: [] } })
  const pendingState = StartLoginResponseSchema.parse(await pendingStart.json()).state
  const transaction = cookieHeader(pending)
  expect(session).toMatch(/pg_session=/)
  expect(transaction).toMatch(/pg_tx_/)
  return { session, transaction, pendingState }
}

function expectDocumentedShape(request: Request, response: Response, text: string): void {
  // Dot segments can lead out of /auth and /api (`/api/..` is `/`): those paths are the web
  // app's (web-app.ts), which the proxy does not answer.
  if (!/^\/(auth|api)\//.test(new URL(request.url).pathname)) {
    expect(response.status).toBe(404)
    return
  }
  if (response.status < 400 || request.method === 'HEAD') return
  // The one navigation endpoint (a tab the app opens) answers its refusal as text for the reader.
  if (new URL(request.url).pathname === '/auth/client-code/authorize' && response.status === 400) {
    expect(response.headers.get('Content-Type')).toContain('text/plain')
    return
  }
  expect(response.headers.get('Content-Type')).toContain('application/json')
  // Strict: a key other than status, message and code fails the parse.
  const body = z.strictObject(ErrorBodySchema.shape).parse(JSON.parse(text))
  expect(body).toMatchObject({ status: response.status, message: expect.stringMatching(/\S/) })
}

/** Adds what the web app sends; random headers of the same names are left out. */
function asApp(generated: FuzzRequest, cookie: string): FuzzRequest {
  const headers: [string, string][] = [
    [CSRF_HEADER, CSRF_HEADER_VALUE],
    ['Origin', APP_ORIGIN],
    ['Content-Type', 'application/json'],
  ]
  if (cookie !== '') headers.push(['Cookie', cookie])
  const others = generated.headers.filter(([name]) => !APP_HEADERS.has(name.toLowerCase()))
  return { ...generated, headers: [...headers, ...others] }
}

interface Counts {
  tally: FuzzTally
  forwarded: number
}

async function sendAndCheck(stack: Stack, counts: Counts, input: FuzzRequest): Promise<void> {
  const request = toRequest(APP_ORIGIN, input)
  const response = await stack.proxy.request(request)
  const text = await response.text()
  countStatus(counts.tally, response.status)
  const what = `${input.method} ${input.path}: ${text.slice(0, 200)}`
  expect(response.status, what).toBeGreaterThanOrEqual(200)
  expect(response.status, what).toBeLessThan(500)
  expectDocumentedShape(request, response, text)
  const reached = stack.emulator.control.requestLog().map((entry) => entry.path)
  stack.emulator.control.clearLog()
  counts.forwarded += reached.length
  expect(
    reached.filter((path) => !UPSTREAM_PATHS.some((allowed) => allowed.test(path))),
    what,
  ).toEqual([])
}

/** Any method, path, header and body on /auth and /api. */
function anyRequest(stack: Stack, cookies: RealCookies, counts: Counts) {
  const inputs = requestArbitrary({
    prefixes: PREFIXES,
    headers: {
      [CSRF_HEADER]: [CSRF_HEADER_VALUE],
      Origin: [APP_ORIGIN, 'http://evil.test', 'null'],
      'Content-Type': ['application/json', 'application/json; charset=utf-8', 'text/plain'],
      'Sec-Fetch-Site': ['same-origin', 'cross-site', 'same-site', 'none'],
      Cookie: [cookies.session, cookies.transaction, 'pg_session=forged', 'pg_tx_x=y'],
      'X-Auth-Token': ['emu_at_forged'],
      Host: ['evil.test'],
    },
    jsonSamples: [
      ...JSON_SAMPLES,
      { code: 'not-a-code', state: cookies.pendingState },
      { code: '\uD800💩', state: cookies.pendingState },
    ],
  })
  // Most inputs carry what the web app sends, so that they get past the CSRF checks to the
  // routes, the session and the token endpoint; the random headers come on top.
  const sentAs = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(cookies.session, cookies.transaction, '') },
    { weight: 1, arbitrary: fc.constant(null) },
  )
  return runBounded(
    fc.asyncProperty(inputs, sentAs, (input, cookie) =>
      sendAndCheck(stack, counts, cookie === null ? input : asApp(input, cookie)),
    ),
    BOUNDS,
  )
}

/** The forwarder: an allow-listed route with a random key and query, as the app sends it. */
function apiCall(stack: Stack, cookies: RealCookies, counts: Counts) {
  const inputs = fc.record({
    // Every read of the table, each of its path parameters filled with the same key.
    template: fc.constantFrom(
      ...ENDPOINTS.filter((endpoint) => endpoint.method === 'GET').map((e) => e.path),
    ),
    key: fc.oneof(
      fc.constantFrom('alice', '1001', 'nobody', '99999999999999999999'),
      segmentArbitrary,
    ),
    query: queryArbitrary,
    headers: headersArbitrary({ 'X-Auth-Token': ['emu_at_forged'], Accept: ['text/html'] }),
    cookie: fc.constantFrom(cookies.session, ''),
  })
  const property = fc.asyncProperty(inputs, ({ template, key, query, headers, cookie }) =>
    sendAndCheck(
      stack,
      counts,
      asApp(
        {
          method: 'GET',
          path: `/api/v2${template.replace(/\{[a-z_]+\}/g, key)}${query}`,
          headers,
          body: null,
        },
        cookie,
      ),
    ),
  )
  return runBounded(property, BOUNDS)
}

/** The code exchange of a real pending login with random codes: each reaches the token endpoint. */
function exchange(stack: Stack, cookies: RealCookies, counts: Counts) {
  const codes = fc.oneof(segmentArbitrary, fc.string({ unit: 'binary', maxLength: 300 }))
  const property = fc.asyncProperty(codes, (code) =>
    sendAndCheck(
      stack,
      counts,
      asApp(
        {
          method: 'POST',
          path: '/auth/exchange',
          headers: [],
          body: JSON.stringify({ code, state: cookies.pendingState }),
        },
        cookies.transaction,
      ),
    ),
  )
  return runBounded(property, BOUNDS)
}

describe('the proxy under random input (fast-check, real emulator in-process)', () => {
  let stack: Stack
  let cookies: RealCookies
  beforeAll(async () => {
    stack = setup()
    cookies = await realCookies(stack)
    stack.emulator.control.clearLog()
  })

  it.each([
    ['any request to /auth and /api', anyRequest],
    ['allow-listed API calls with random keys and queries', apiCall],
    ['code exchanges with random codes', exchange],
  ])(
    'never answers 5xx or throws, refuses with {status, message}, and forwards only the allow-list: %s',
    async (name, property) => {
      const counts: Counts = { tally: createTally(), forwarded: 0 }
      const result = await property(stack, cookies, counts)
      console.info(
        `${describeTally(`proxy, ${name}`, counts.tally)}; ${counts.forwarded} reached the service`,
      )
      expect(result.failed, result.report).toBe(false)
      expect(counts.tally.runs).toBeGreaterThanOrEqual(MIN_RUNS)
    },
    20_000,
  )
})
