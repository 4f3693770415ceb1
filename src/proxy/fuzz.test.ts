/**
 * Property-based robustness of the proxy, through `app.request()` against the real emulator
 * in-process (no socket: thousands of inputs fit in seconds; the header section's size limit,
 * which only a socket has, is src/proxy/fuzz-headers.test.ts's): bounded random requests, with
 * and without a real session and a real pending login, and JSON bodies nested up to thousands
 * of levels deep on every write the proxy takes, never cause a 5xx or an exception; every
 * refusal is the proxy's documented `{status, message, code}` (http-errors.ts) or the service's
 * own `{status, message}` passed on; and nothing off the allow-list ever reaches the service.
 * `FUZZ_SEED=<seed> npx vitest run src/proxy/fuzz.test.ts` replays a run (fuzz-inputs.ts).
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  API_WRITE_SAMPLES,
  apiWriteArbitrary,
  createTally,
  deepBodyArbitrary,
  describeTally,
  headersArbitrary,
  queryArbitrary,
  requestArbitrary,
  runBounded,
  segmentArbitrary,
} from '../testing/fuzz-inputs'
import {
  APP_ORIGIN,
  asApp,
  realCookies,
  sendAndCheck,
  setup,
  type Counts,
  type RealCookies,
  type Stack,
} from '../testing/proxy-fuzz'
import { ENDPOINTS } from '../protocol/endpoints'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../protocol/playground-api'
import { TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE } from '../protocol/trace-request'

/**
 * Each property's bounds: at most `numRuns` inputs, stopped after `timeLimitMs`; fewer than
 * `minRuns` fails the test (a time limit hit too early must not pass as a run that tested
 * little). The minimums add up to 5,300 here, 2,300 in src/proxy/fuzz-headers.test.ts and 4,600
 * in src/emulator/fuzz.test.ts: at least 12,200 inputs a run, 15,900 when none is cut short.
 */
const BOUNDS = {
  anyRequest: { numRuns: 2500, timeLimitMs: 15_000, minRuns: 2000 },
  apiCall: { numRuns: 1500, timeLimitMs: 10_000, minRuns: 1200 },
  exchange: { numRuns: 800, timeLimitMs: 15_000, minRuns: 600 },
  deepBody: { numRuns: 2000, timeLimitMs: 15_000, minRuns: 1500 },
}

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
  '/auth/app',
  '/auth/app/token',
  '/api/v2/',
  '/api/v2/user',
  '/api/v2/hello',
  '/api/v2/users/',
  '/api/v2/users/alice',
  '/api/v2/users/1001/repos',
  '/api/v2/users/bob/groups',
  '/api/',
]

const JSON_SAMPLES = [
  { scopes: ['doc', 'repo:read'], returnTo: '/me' },
  { scopes: ['admin'] },
  { code: 'x', state: 'y' },
  { scope: 'doc' },
]

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
      [TRACE_REQUEST_HEADER]: [TRACE_REQUEST_VALUE],
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
    BOUNDS.anyRequest,
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
  return runBounded(property, BOUNDS.apiCall)
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
  return runBounded(property, BOUNDS.exchange)
}

/**
 * Every write the proxy takes, its body nested from 1 to 10,000 levels deep (alone, in a field
 * of an otherwise valid body, around one, unclosed; docs/security.md#s6): the /auth calls as the
 * app sends them, and every write of the endpoint table with a real session.
 */
async function deepBody(stack: Stack, _cookies: RealCookies, counts: Counts) {
  // A session and a pending login of its own, made now: the properties before may have ended
  // the shared ones (a random logout), and the writes are meant to reach the service.
  const cookies = await realCookies(stack)
  stack.emulator.control.clearLog()
  const auth = fc.constantFrom(
    { path: '/auth/start', cookie: '', sample: { scopes: ['doc'], returnTo: '/me' } },
    {
      path: '/auth/exchange',
      cookie: cookies.transaction,
      sample: { code: 'not-a-code', state: cookies.pendingState },
    },
    // Without the session cookie: a logout would end the session the API writes use.
    { path: '/auth/logout', cookie: '', sample: {} },
    { path: '/auth/client-code/start', cookie: cookies.session, sample: { scopes: ['doc'] } },
    { path: '/auth/client-code/poll', cookie: cookies.session, sample: {} },
    { path: '/auth/client-code/cancel', cookie: cookies.session, sample: {} },
    { path: '/auth/client-code/keep-waiting', cookie: cookies.session, sample: {} },
    {
      path: '/auth/app',
      method: 'PUT',
      cookie: '',
      sample: { service: { kind: 'space', space: 'acme' }, clientId: 'id', clientSecret: 's' },
    },
    {
      path: '/auth/app/token',
      method: 'PUT',
      cookie: '',
      sample: { service: { kind: 'emulator' }, token: 'not-a-token' },
    },
  )
  const api = apiWriteArbitrary.map(({ method, path }) => ({ method, path: `/api/v2${path}` }))
  const inputs = fc.oneof(
    auth.chain(({ path, cookie, sample, ...rest }) =>
      deepBodyArbitrary([sample]).map((body) => ({
        method: 'method' in rest ? rest.method : 'POST',
        path,
        cookie,
        body,
      })),
    ),
    fc
      .tuple(api, deepBodyArbitrary(API_WRITE_SAMPLES))
      .map(([call, body]) => ({ ...call, cookie: cookies.session, body })),
  )
  const property = fc.asyncProperty(inputs, fc.boolean(), ({ method, path, cookie, body }, trace) =>
    sendAndCheck(
      stack,
      counts,
      asApp(
        { method, path, headers: trace ? [[TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE]] : [], body },
        cookie,
      ),
    ),
  )
  return runBounded(property, BOUNDS.deepBody)
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
    ['any request to /auth and /api', anyRequest, BOUNDS.anyRequest],
    ['allow-listed API calls with random keys and queries', apiCall, BOUNDS.apiCall],
    ['code exchanges with random codes', exchange, BOUNDS.exchange],
    ['JSON bodies nested up to 10,000 levels deep on every write', deepBody, BOUNDS.deepBody],
  ] as const)(
    'never answers 5xx or throws, refuses with {status, message}, and forwards only the allow-list: %s',
    async (name, property, bounds) => {
      const counts: Counts = { tally: createTally(), forwarded: 0 }
      const result = await property(stack, cookies, counts)
      console.info(
        `${describeTally(`proxy, ${name}`, counts.tally)}; ${counts.forwarded} reached the service`,
      )
      expect(result.failed, result.report).toBe(false)
      expect(counts.tally.runs).toBeGreaterThanOrEqual(bounds.minRuns)
    },
    // The time limit, and the setup and the slowest input beyond it.
    30_000,
  )
})
