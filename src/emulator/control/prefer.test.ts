/**
 * Per-request failure injection (prefer.ts): with test control on, `Prefer: code=…` on an API
 * call answers that status in the API's shape and the profile's, without doing the call or
 * counting it; without test control the header is ignored. Over real HTTP, as CI sends it.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../protocol/schemas'
import { IssuedTokenAnswerSchema } from '../../testing/control-answers'
import { startTestEmulator, type TestEmulator } from '../../testing/emulator-over-http'
import type { EmulatorOptions } from '../emulator'

const START = Date.parse('2025-01-15T10:00:00.000Z')

const running: TestEmulator[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()))
})

async function start(options: EmulatorOptions = {}) {
  const emulator = await startTestEmulator({ clock: () => START, ...options })
  running.push(emulator)
  return emulator
}

async function tokenOf(emulator: TestEmulator, scopes: string[]) {
  const response = await emulator.callControl('POST', '/tokens', { login: 'alice', scopes })
  return IssuedTokenAnswerSchema.parse(await response.json()).access_token
}

const prefer = (code: string) => ({ headers: { Prefer: code } })

/** What a client reads of an error answer: status, body and the headers it acts on. */
async function seen(response: Response) {
  const header = (name: string) => response.headers.get(name)
  return {
    status: response.status,
    body: ErrorBodySchema.parse(await response.json()),
    limit: header('X-RateLimit-Limit'),
    remaining: header('X-RateLimit-Remaining'),
    retryAfter: header('Retry-After'),
  }
}

describe('Prefer: code=… with test control on', () => {
  it.each(['seed', 'observed'] as const)(
    'answers 429 as the rate limit does in the %s profile, and spends nothing',
    async (profile) => {
      const emulator = await start({ profile, rateLimit: { limit: 2, windowMs: 60_000 } })
      const token = await tokenOf(emulator, ['repo:read'])
      const injected = await emulator.api('GET', '/users/alice/repos', {
        token,
        ...prefer('code=429'),
      })
      expect(injected.headers.get('Preference-Applied')).toBe('code=429')
      const asInjected = await seen(injected)
      // Nothing was counted: both calls of the budget are left, then the real 429 comes.
      for (const left of ['1', '0']) {
        const real = await emulator.api('GET', '/users/alice/repos', { token })
        expect(real.status).toBe(200)
        expect(real.headers.get('X-RateLimit-Remaining')).toBe(left)
      }
      const limited = await seen(await emulator.api('GET', '/users/alice/repos', { token }))
      expect(limited.status).toBe(429)
      expect(asInjected).toEqual(limited)
      expect(asInjected.retryAfter).toBe(profile === 'seed' ? '60' : null)
    },
  )

  it.each([
    ['code=500', 500, 'Injected fault (500)'],
    ['code=503', 503, 'Injected fault (503)'],
    ['code=401', 401, 'Unauthorized'],
    ['code=404', 404, 'Injected fault (404)'],
    ['code="502"', 502, 'Injected fault (502)'],
    ['respond-async, code=503; foo=bar', 503, 'Injected fault (503)'],
    ['code=500, code=418', 500, 'Injected fault (500)'],
  ])(
    'answers Prefer: %s with %i in the API’s {status, message}',
    async (header, status, message) => {
      const emulator = await start()
      const response = await emulator.api('GET', '/users/alice', prefer(header))
      expect(response.status).toBe(status)
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
      expect(response.headers.get('X-RateLimit-Limit')).toBe('5000')
      expect(response.headers.get('X-RateLimit-Remaining')).toBe('5000')
      expect(response.headers.get('Retry-After')).toBeNull()
      expect(await response.json()).toEqual({ status, message })
    },
  )

  it('does not do the operation it answers for', async () => {
    const emulator = await start()
    const token = await tokenOf(emulator, ['repo'])
    const create = await emulator.api('POST', '/users/alice/repos', {
      token,
      body: { name: 'Never', slug: 'never' },
      ...prefer('code=503'),
    })
    expect(create.status).toBe(503)
    expect((await emulator.api('GET', '/repos/alice/never', { token })).status).toBe(404)
    const removed = await emulator.api('DELETE', '/repos/20013', { token, ...prefer('code=500') })
    expect(removed.status).toBe(500)
    expect((await emulator.api('GET', '/repos/20013', { token })).status).toBe(200)
  })

  it('marks the call as a fault in the log, with its caller', async () => {
    const emulator = await start()
    const token = await tokenOf(emulator, [])
    await emulator.api('GET', '/user', { token, ...prefer('code=500') })
    expect(emulator.control.requestLog().at(-1)).toMatchObject({
      path: '/api/v2/user',
      status: 500,
      fault: true,
      user: 'alice',
      headerNames: expect.arrayContaining(['prefer']) as unknown,
    })
  })

  it.each(['code=200', 'code=302', 'code=600', 'code=abc', 'code'])(
    'refuses Prefer: %s with 400 naming the header, and does nothing else',
    async (header) => {
      const emulator = await start()
      const response = await emulator.api('GET', '/users/alice', prefer(header))
      expect(response.status).toBe(400)
      const { message } = ErrorBodySchema.parse(await response.json())
      expect(message).toContain(`Prefer: ${header}`)
      expect(message).toContain('400 to 599')
    },
  )

  it('ignores other preferences, and Prefer outside the API', async () => {
    const emulator = await start()
    const other = await emulator.api('GET', '/users/alice', prefer('return=minimal'))
    expect(other.status).toBe(200)
    const page = await fetch(`${emulator.url}/settings/tokens`, { headers: { Prefer: 'code=500' } })
    expect(page.status).toBe(200)
    const token = await fetch(`${emulator.url}/oauth2/token`, {
      method: 'POST',
      headers: { Prefer: 'code=503', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code',
    })
    // The token endpoint's own answer to a request without client_id, not a 503.
    expect(token.status).toBe(401)
    expect(await token.json()).toMatchObject({ error: 'invalid_client' })
  })

  it('still refuses a call without User-Agent first, as the service does', async () => {
    const emulator = await start()
    const response = await fetch(`${emulator.url}/api/v2/users/alice`, {
      headers: { Prefer: 'code=500', 'User-Agent': '' },
    })
    expect(response.status).toBe(403)
    expect(ErrorBodySchema.parse(await response.json()).message).toContain('User-Agent')
  })
})

describe('Prefer: code=… without test control', () => {
  it('is ignored: the call is done and counted as any other', async () => {
    const emulator = await start({ testControl: false })
    const response = await emulator.api('GET', '/users/alice', prefer('code=500'))
    expect(response.status).toBe(200)
    expect(response.headers.get('Preference-Applied')).toBeNull()
    expect(response.headers.get('X-RateLimit-Remaining')).toBe('4999')
    expect(emulator.control.requestLog().at(-1)).toMatchObject({ status: 200, fault: false })
  })
})
