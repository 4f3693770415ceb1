/**
 * Property-based robustness of the emulator (the attack, fault and load suite, docs/security.md): bounded random requests never cause a 5xx
 * or an exception, and every refusal comes in the shape its area documents (errors.tsx):
 * `{status, message}` on the API, RFC 6749 §5.2 `{error, error_description}` at the token
 * endpoint, an HTML page everywhere else.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createEmulator } from './emulator'
import {
  countStatus,
  createTally,
  describeTally,
  requestArbitrary,
  runBounded,
  toRequest,
  type FuzzTally,
} from '../testing/fuzz-inputs'

const ORIGIN = 'http://127.0.0.1:4010'
const NUM_RUNS = 1500
const TIME_LIMIT_MS = 8000
/** Fewer would prove little; a slow machine still runs far more within the time limit. */
const MIN_RUNS = 200

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

const JSON_SAMPLES = [
  { grant_type: 'authorization_code', client_id: 'playground-web', client_secret: 'x', code: 'c' },
  { grant_type: 'client_code', client_id: 'playground-cli', code: 'a'.repeat(40) },
  { login: 'alice', password: 'password' },
]

function expectDocumentedShape(request: Request, response: Response, text: string): void {
  const { status } = response
  const type = response.headers.get('Content-Type') ?? ''
  if (status < 400 || request.method === 'HEAD') return
  const { pathname } = new URL(request.url)
  if (pathname === '/api/v2' || pathname.startsWith('/api/v2/')) {
    expect(type).toContain('application/json')
    const body = JSON.parse(text) as unknown
    expect(body).toEqual({ status, message: expect.stringMatching(/\S/) })
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

function fuzzEmulator(tally: FuzzTally) {
  const { app } = createEmulator({ rateLimit: { limit: 1_000_000, windowMs: 3_600_000 } })
  return fc.asyncProperty(
    requestArbitrary({ prefixes: PREFIXES, headers: HEADERS, jsonSamples: JSON_SAMPLES }),
    async (input) => {
      const request = toRequest(ORIGIN, input)
      const response = await app.request(request)
      const text = await response.text()
      countStatus(tally, response.status)
      expect(response.status, `${input.method} ${input.path}`).toBeGreaterThanOrEqual(200)
      expect(response.status, `${input.method} ${input.path}: ${text.slice(0, 200)}`).toBeLessThan(
        500,
      )
      expectDocumentedShape(request, response, text)
    },
  )
}

describe('the emulator under random input (fast-check)', () => {
  it('never answers 5xx or throws, and refuses in the shape of each area', async () => {
    const tally = createTally()
    const result = await runBounded(fuzzEmulator(tally), {
      numRuns: NUM_RUNS,
      timeLimitMs: TIME_LIMIT_MS,
    })
    console.info(describeTally('emulator', tally))
    expect(result.failed, result.report).toBe(false)
    expect(tally.runs).toBeGreaterThanOrEqual(MIN_RUNS)
  }, 20_000)
})
