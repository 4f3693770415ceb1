/**
 * What the proxy's fuzz tests share (src/proxy/fuzz.test.ts, src/proxy/fuzz-headers.test.ts):
 * the proxy against the real emulator in-process, a real session and a real pending login, the
 * web app's headers, and the checks every answer must pass: below 500, in the documented shape,
 * and nothing off the allow-list reaching the service.
 */
import { expect } from 'vitest'
import { z } from 'zod/mini'
import { createEmulator } from '../emulator/emulator'
import { seedApps } from '../emulator/seed'
import { ENDPOINTS } from '../protocol/endpoints'
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  StartLoginResponseSchema,
} from '../protocol/playground-api'
import { ErrorBodySchema } from '../protocol/schemas'
import { createInProcessUpstream } from '../proxy/api/upstream'
import { loadConfig } from '../proxy/config'
import { createProxy } from '../proxy/proxy'
import { FieldErrorsAnswerSchema } from './byo-setup'
import { authorizeThroughPages } from './emulator-pages'
import { countStatus, toRequest, type FuzzRequest, type FuzzTally } from './fuzz-inputs'
import { connectBrowser, cookieHeader, createBrowser } from './proxy-browser'

export const APP_ORIGIN = 'http://localhost:5173'

/** Every login is meant to reach the token endpoint: the login limit is not what is fuzzed. */
export const FUZZ_PROXY_ENV = {
  SESSION_SECRET: 'proxy-fuzz-session-secret-0123456789',
  LOGIN_RATE_LIMIT: '99999',
}

/** The emulator's API limit, raised likewise (its own tests prove it). */
export const FUZZ_RATE_LIMIT = { limit: 1_000_000, windowMs: 3_600_000 }

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

const APP_HEADERS = new Set([CSRF_HEADER.toLowerCase(), 'origin', 'content-type', 'cookie'])

export type Stack = ReturnType<typeof setup>
export type RealCookies = Awaited<ReturnType<typeof realCookies>>

export function setup() {
  const emulator = createEmulator({
    testControl: true,
    apps: seedApps({ webRedirectUri: `${APP_ORIGIN}/callback` }),
    rateLimit: FUZZ_RATE_LIMIT,
  })
  const proxy = createProxy({
    config: loadConfig(FUZZ_PROXY_ENV),
    upstream: createInProcessUpstream((request) => emulator.app.request(request)),
  })
  return { emulator, proxy }
}

/** Real cookies, so that random requests also reach the code behind the session checks. */
export async function realCookies(stack: Stack) {
  const connected = createBrowser(stack.proxy, APP_ORIGIN)
  await connectBrowser(
    connected,
    async (url) =>
      (await authorizeThroughPages(stack.emulator.app, url, { login: 'alice' })).location,
    ['group', 'repo', 'doc'],
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

/** An answer as the checks read it, from a Fetch Response or a raw HTTP one. */
export interface Answer {
  status: number
  type: string
  text: string
}

/**
 * Every refusal is the proxy's documented `{status, message, code}` (http-errors.ts) or the
 * service's own `{status, message}` passed on.
 */
export function expectDocumentedShape(method: string, pathname: string, answer: Answer): void {
  // Dot segments can lead out of /auth and /api (`/api/..` is `/`): those paths are the web
  // app's (web-app.ts), which the proxy does not answer.
  if (!/^\/(auth|api)\//.test(pathname)) {
    expect(answer.status).toBe(404)
    return
  }
  if (answer.status < 400 || method === 'HEAD') return
  // The one navigation endpoint (a tab the app opens) answers its refusal as text for the reader.
  if (pathname === '/auth/client-code/authorize' && answer.status === 400) {
    expect(answer.type).toContain('text/plain')
    return
  }
  expect(answer.type).toContain('application/json')
  const json: unknown = JSON.parse(answer.text)
  // A refused body of "your own app" names its fields (src/protocol/your-app-api.ts), strictly.
  if (z.object({ code: z.literal('invalid_request') }).safeParse(json).success) {
    expect(FieldErrorsAnswerSchema.parse(json).status).toBe(answer.status)
    return
  }
  // Strict: a key other than status, message and code fails the parse.
  const body = z.strictObject(ErrorBodySchema.shape).parse(json)
  expect(body).toMatchObject({ status: answer.status, message: expect.stringMatching(/\S/) })
}

/** Adds what the web app sends; random headers of the same names are left out. */
export function asApp(generated: FuzzRequest, cookie: string, origin = APP_ORIGIN): FuzzRequest {
  const headers: [string, string][] = [
    [CSRF_HEADER, CSRF_HEADER_VALUE],
    ['Origin', origin],
    ['Content-Type', 'application/json'],
  ]
  if (cookie !== '') headers.push(['Cookie', cookie])
  const others = generated.headers.filter(([name]) => !APP_HEADERS.has(name.toLowerCase()))
  return { ...generated, headers: [...headers, ...others] }
}

export interface Counts {
  tally: FuzzTally
  forwarded: number
}

/** The paths that reached the service since the last call: all on the allow-list. */
export function expectOnlyAllowListed(
  emulator: Stack['emulator'],
  counts: Counts,
  what: string,
): void {
  const reached = emulator.control.requestLog().map((entry) => entry.path)
  emulator.control.clearLog()
  counts.forwarded += reached.length
  expect(
    reached.filter((path) => !UPSTREAM_PATHS.some((allowed) => allowed.test(path))),
    what,
  ).toEqual([])
}

/** Below 500, in the documented shape, and nothing off the allow-list reaching the service. */
export function expectGoodAnswer(
  stack: Pick<Stack, 'emulator'>,
  counts: Counts,
  input: Pick<FuzzRequest, 'method' | 'path'>,
  pathname: string,
  answer: Answer,
): void {
  countStatus(counts.tally, answer.status)
  const what = `${input.method} ${input.path.slice(0, 200)}: ${answer.text.slice(0, 200)}`
  expect(answer.status, what).toBeGreaterThanOrEqual(200)
  expect(answer.status, what).toBeLessThan(500)
  expectDocumentedShape(input.method, pathname, answer)
  expectOnlyAllowListed(stack.emulator, counts, what)
}

/** Sends `input` in-process (to `origin`, APP_ORIGIN's by default) and checks the answer. */
export async function sendAndCheck(
  stack: Stack,
  counts: Counts,
  input: FuzzRequest,
  origin = APP_ORIGIN,
): Promise<void> {
  const request = toRequest(origin, input)
  const response = await stack.proxy.request(request)
  const answer = {
    status: response.status,
    type: response.headers.get('Content-Type') ?? '',
    text: await response.text(),
  }
  expectGoodAnswer(stack, counts, input, new URL(request.url).pathname, answer)
}
