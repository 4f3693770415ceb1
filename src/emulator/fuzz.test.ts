/**
 * Property-based robustness of the emulator (the attack, fault and load suite, docs/security.md):
 * bounded random requests, JSON bodies nested up to thousands of levels deep on every write it
 * takes, and header sections of every size never cause a 5xx or an exception, and every refusal
 * comes in the shape its area documents (errors.tsx): `{status, message}` on the API and the
 * test-control API, RFC 6749 §5.2 `{error, error_description}` at the token endpoint, an HTML
 * page everywhere else. Most inputs go through `app.request()` in-process; the header sections
 * also go over real HTTP (startEmulator, as `npm run emulator` serves it), where Node answers
 * 431 itself at its 16 KB limit and the emulator answers below it.
 * `FUZZ_SEED=<seed> npx vitest run src/emulator/fuzz.test.ts` replays a run (fuzz-inputs.ts).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createEmulator } from './emulator'
import { CONTROL_HEADERS } from './control/test-control'
import { startEmulator } from './start'
import {
  API_WRITE_SAMPLES,
  apiWriteArbitrary,
  countStatus,
  createTally,
  deepBodyArbitrary,
  describeTally,
  headerLoadArbitrary,
  requestArbitrary,
  runBounded,
  toRequest,
  type FuzzTally,
} from '../testing/fuzz-inputs'
import { openSignIn, tokenThroughPages } from '../testing/emulator-pages'
import {
  NODE_MAX_HEADER_BYTES,
  headerBytes,
  isNodeHeaderRefusal,
  sendHttp,
} from '../testing/raw-http'

const ORIGIN = 'http://127.0.0.1:4010'
const RATE_LIMIT = { limit: 1_000_000, windowMs: 3_600_000 }

/**
 * Each property's bounds, as in src/proxy/fuzz.test.ts: at most numRuns, at most timeLimitMs,
 * fewer than minRuns fails the test (4,600 in all here).
 */
const BOUNDS = {
  anyRequest: { numRuns: 2500, timeLimitMs: 15_000, minRuns: 2000 },
  deepBody: { numRuns: 1500, timeLimitMs: 15_000, minRuns: 1200 },
  headersInProcess: { numRuns: 1000, timeLimitMs: 10_000, minRuns: 700 },
  headersOverHttp: { numRuns: 1000, timeLimitMs: 10_000, minRuns: 700 },
}

const PREFIXES = [
  '/api/v2/',
  '/api/v2/users/',
  '/api/v2/user',
  '/oauth2/token',
  '/oauth2/authorize',
  '/oauth2/authorize?client_id=playground-web&response_type=code&redirect_uri=http%3A%2F%2Flocalhost%3A5173%2Fcallback&state=s&scope=',
  '/oauth2/authorize/consent',
  '/oauth2/authorize/decision',
  '/session',
  '/settings/tokens',
  '/avatars/',
  '/',
]

const HEADERS = {
  'Content-Type': [
    'application/x-www-form-urlencoded',
    'application/json',
    'multipart/form-data; boundary=x',
    'text/plain',
  ],
  'X-Auth-Token': ['emu_at_forged', ''],
  'User-Agent': ['fuzz/1.0'],
  Cookie: ['emu_session=forged', 'emu_session=', 'emu_session=%FF'],
  Accept: ['application/json', 'text/html', '*/*'],
}

const TOKEN_SAMPLE = {
  grant_type: 'authorization_code',
  client_id: 'playground-web',
  client_secret: 'playground-web-secret',
  code: 'c',
}

const JSON_SAMPLES = [
  TOKEN_SAMPLE,
  { grant_type: 'client_code', client_id: 'playground-cli', code: 'a'.repeat(40) },
  { login: 'alice', password: 'password' },
]

/** The answer as the checks read it, from a Fetch Response or a raw HTTP one. */
interface Answer {
  status: number
  type: string
  text: string
}

function expectDocumentedShape(method: string, pathname: string, answer: Answer): void {
  const { status, type, text } = answer
  if (status < 400 || method === 'HEAD') return
  if (
    pathname === '/api/v2' ||
    pathname.startsWith('/api/v2/') ||
    pathname.startsWith('/__emulator/')
  ) {
    expect(type).toContain('application/json')
    expect(JSON.parse(text)).toEqual({ status, message: expect.stringMatching(/\S/) })
  } else if (pathname === '/oauth2/token') {
    expect(type).toContain('application/json')
    expect(JSON.parse(text)).toEqual({
      error: expect.stringMatching(/^[a-z_]+$/),
      error_description: expect.stringMatching(/\S/),
    })
  } else {
    expect(type).toContain('text/html')
    expect(text).toContain('<!DOCTYPE html>')
  }
}

type App = ReturnType<typeof createEmulator>['app']

async function answerOf(app: App, request: Request): Promise<Answer> {
  const response = await app.request(request)
  return {
    status: response.status,
    type: response.headers.get('Content-Type') ?? '',
    text: await response.text(),
  }
}

/** Sends `request` in-process: below 500, in the area's shape. */
async function sendAndCheck(app: App, tally: FuzzTally, request: Request): Promise<Answer> {
  const answer = await answerOf(app, request)
  countStatus(tally, answer.status)
  const { pathname } = new URL(request.url)
  const what = `${request.method} ${pathname.slice(0, 200)}: ${answer.text.slice(0, 200)}`
  expect(answer.status, what).toBeGreaterThanOrEqual(200)
  // The one 5xx that is an answer, not a failure: a path clients call that the emulator says it
  // does not serve (api/not-emulated.ts), in the API's shape. A HEAD gets the GET's answer
  // without its body, so the same request as a GET must say "not emulated".
  const isDeclared =
    isNotEmulated(answer) ||
    (request.method === 'HEAD' &&
      answer.status === 501 &&
      isNotEmulated(await answerOf(app, new Request(request.url, { headers: request.headers }))))
  if (!isDeclared) expect(answer.status, what).toBeLessThan(500)
  expectDocumentedShape(request.method, pathname, answer)
  return answer
}

function isNotEmulated(answer: Answer): boolean {
  return answer.status === 501 && /^\{"status":501,"message":"not emulated: /.test(answer.text)
}

function anyRequest(tally: FuzzTally) {
  const { app } = createEmulator({ rateLimit: RATE_LIMIT })
  const inputs = requestArbitrary({
    prefixes: PREFIXES,
    headers: HEADERS,
    jsonSamples: JSON_SAMPLES,
  })
  const property = fc.asyncProperty(inputs, async (input) => {
    await sendAndCheck(app, tally, toRequest(ORIGIN, input))
  })
  return runBounded(property, BOUNDS.anyRequest)
}

/** Where a fault the test-control samples queue answers: a page of no route. */
const FAULT_PATH = '/fuzz-fault'

/**
 * Every write the emulator takes, its JSON body nested from 1 to 10,000 levels deep: the API's
 * writes with a token of every scope, the token endpoint, the pages' form posts, and the
 * test-control API (a fault it accepts is then served once, and must not fail either).
 */
async function deepBody(tally: FuzzTally) {
  const { app } = createEmulator({ rateLimit: RATE_LIMIT, testControl: true })
  const token = await tokenThroughPages(app, 'alice', 'group,repo,doc')
  const api = fc
    .tuple(apiWriteArbitrary, deepBodyArbitrary(API_WRITE_SAMPLES))
    .map(([{ method, path }, body]) => ({ method, path: `/api/v2${path}`, body }))
  const others = fc
    .constantFrom(
      { path: '/oauth2/token', sample: TOKEN_SAMPLE },
      { path: '/session', sample: { login: 'alice', password: 'password', csrf: 'x' } },
      { path: '/oauth2/authorize/decision', sample: { request: 'x', decision: 'approve' } },
      { path: '/settings/tokens', sample: { name: 'x' } },
      { path: '/__emulator/faults', sample: { path: FAULT_PATH, status: 200, body: { a: 1 } } },
      { path: '/__emulator/clock', sample: { advanceMs: 0 } },
      { path: '/__emulator/revoke', sample: { token: 'emu_at_none' } },
      { path: '/__emulator/profile', sample: { profile: 'seed' } },
      { path: '/__emulator/tokens', sample: { login: 'alice', scopes: ['repo:read'] } },
      {
        path: '/__emulator/apps',
        sample: { clientId: 'fuzz-app', clientSecret: 's', redirectUris: ['http://localhost/cb'] },
      },
      { path: '/__emulator/users', sample: { login: 'fuzz-user', name: 'F', password: 'p' } },
    )
    .chain(({ path, sample }) =>
      deepBodyArbitrary([sample]).map((body) => ({ method: 'POST', path, body })),
    )
  // A fault's body is the one field of the test-control API that takes any JSON: its own share.
  const faults = deepBodyArbitrary([{ body: { a: 1 } }]).map((body) => ({
    method: 'POST',
    path: '/__emulator/faults',
    body: body.startsWith('{') ? `{"path":"${FAULT_PATH}","status":200,${body.slice(1)}` : body,
  }))
  const inputs = fc.oneof(
    { weight: 4, arbitrary: api },
    { weight: 3, arbitrary: others },
    { weight: 1, arbitrary: faults },
  )
  const property = fc.asyncProperty(inputs, async ({ method, path, body }) => {
    const headers = { ...CONTROL_HEADERS, 'User-Agent': 'fuzz/1.0', 'X-Auth-Token': token }
    const answer = await sendAndCheck(
      app,
      tally,
      new Request(`${ORIGIN}${path}`, { method, headers, body }),
    )
    if (path === '/__emulator/faults' && answer.status === 201) {
      await sendAndCheck(app, tally, new Request(`${ORIGIN}${FAULT_PATH}`))
      await app.request('/__emulator/faults', { method: 'DELETE', headers: CONTROL_HEADERS })
    }
  })
  return runBounded(property, BOUNDS.deepBody)
}

/** A signed-in session's cookie (the sign-in page's form, as hardening.test.ts posts it). */
async function signedIn(app: App): Promise<string> {
  const form = await openSignIn(app)
  const response = await app.request('/session', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'User-Agent': 'fuzz/1.0',
      Cookie: form.cookie,
    },
    body: new URLSearchParams([
      ...form.hidden,
      ['login', 'alice'],
      ['password', 'password'],
    ]).toString(),
  })
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('emu_session='))
  expect(cookie).toBeDefined()
  return (cookie ?? '').split(';')[0] ?? ''
}

/** The calls the header sections come with: the API, the token endpoint and the pages. */
const CALLS: [string, string, string | null][] = [
  ['GET', '/api/v2/user', null],
  ['GET', '/api/v2/users/alice', null],
  ['GET', '/api/v2/repos/20011/docs', null],
  ['POST', '/oauth2/token', new URLSearchParams(TOKEN_SAMPLE).toString()],
  ['GET', '/oauth2/authorize?client_id=playground-web&response_type=code&scope=doc', null],
  ['GET', '/settings/tokens', null],
  ['POST', '/session', 'login=alice&password=wrong'],
  ['GET', '/', null],
]

async function headerInputs(app: App, hostsMustParse: boolean) {
  const session = await signedIn(app)
  const token = await tokenThroughPages(app, 'alice', 'group,repo,doc')
  const loads = headerLoadArbitrary([session]).filter(
    (load) => !hostsMustParse || load.host === null || URL.canParse(`http://${load.host}/`),
  )
  return fc.record({
    call: fc.constantFrom(...CALLS),
    token: fc.constantFrom(token, 'emu_at_forged', null),
    load: loads,
  })
}

/** The headers of a call: a form's type, a User-Agent, the token if any, then the load's. */
function callHeaders(
  token: string | null,
  load: { headers: [string, string][] },
): [string, string][] {
  return [
    ['Content-Type', 'application/x-www-form-urlencoded'],
    ['User-Agent', 'fuzz/1.0'],
    ...(token === null ? [] : ([['X-Auth-Token', token]] as [string, string][])),
    ...load.headers,
  ]
}

async function headersInProcess(tally: FuzzTally) {
  const { app } = createEmulator({ rateLimit: RATE_LIMIT })
  const inputs = await headerInputs(app, true)
  const property = fc.asyncProperty(inputs, async ({ call: [method, path, body], token, load }) => {
    const headers = callHeaders(token, load)
    if (load.host !== null) headers.push(['Host', load.host])
    await sendAndCheck(app, tally, toRequest(ORIGIN, { method, path, headers, body }))
  })
  return runBounded(property, BOUNDS.headersInProcess)
}

async function headersOverHttp(tally: FuzzTally) {
  const running = await startEmulator({ port: 0, options: { rateLimit: RATE_LIMIT } })
  const { host, port } = new URL(running.url)
  let over = 0
  try {
    const inputs = await headerInputs(running.app, false)
    const property = fc.asyncProperty(
      inputs,
      async ({ call: [method, path, body], token, load }) => {
        const headers = ['Host', load.host ?? host, ...callHeaders(token, load).flat()]
        const bytes = headerBytes(path, headers, body !== null)
        if (bytes >= NODE_MAX_HEADER_BYTES) over += 1
        const answer = await sendHttp(Number(port), host, {
          method,
          path,
          headers,
          ...(body === null ? {} : { body }),
          timeoutMs: 10_000,
        })
        const what = `${method} ${path} with ${load.family}, ${bytes} bytes of headers`
        if (isNodeHeaderRefusal(answer, bytes, what)) return countStatus(tally, 431)
        countStatus(tally, answer.status)
        expect(answer.status, `${what}: ${answer.body.slice(0, 200)}`).toBeLessThan(500)
        expectDocumentedShape(method, path.split('?')[0] ?? '', {
          status: answer.status,
          type: answer.headers['content-type'] ?? '',
          text: answer.body,
        })
      },
    )
    const result = await runBounded(property, BOUNDS.headersOverHttp)
    // The limit was really reached: a run that never crossed it would test only the emulator.
    expect(over).toBeGreaterThan(0)
    return result
  } finally {
    await running.close()
  }
}

describe('the emulator under random input (fast-check)', () => {
  it.each([
    ['any request', anyRequest, BOUNDS.anyRequest],
    ['JSON bodies nested up to 10,000 levels deep on every write', deepBody, BOUNDS.deepBody],
    ['header sections of every size, in-process', headersInProcess, BOUNDS.headersInProcess],
    ['header sections of every size, over HTTP', headersOverHttp, BOUNDS.headersOverHttp],
  ] as const)(
    'never answers 5xx or throws, and refuses in the shape of each area: %s',
    async (name, property, bounds) => {
      const tally = createTally()
      const result = await property(tally)
      console.info(describeTally(`emulator, ${name}`, tally))
      expect(result.failed, result.report).toBe(false)
      expect(tally.runs).toBeGreaterThanOrEqual(bounds.minRuns)
    },
    // The time limit, and the setup and the slowest input beyond it.
    30_000,
  )
})
