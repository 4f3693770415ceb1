import { describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../protocol/envelope'
import { TokenResponseSchema } from '../../protocol/schemas'
import { createEmulator, type EmulatorOptions } from '../emulator'
import { tokenFingerprint } from '../secrets'
import { CONTROL_HEADERS } from './test-control'
import { RequestLogAnswerSchema } from '../../testing/control-answers'
import { authorizeThroughPages, redeemCode } from '../../testing/emulator-pages'

const START = Date.parse('2025-01-15T10:00:00.000Z')
const UA = { 'User-Agent': 'control-test/1.0' }

function setup(options: EmulatorOptions = {}) {
  return createEmulator({ clock: () => START, testControl: true, ...options })
}
type App = ReturnType<typeof setup>['app']

const postJson = (app: App, path: string, body: unknown, env?: object) =>
  app.request(path, { method: 'POST', headers: CONTROL_HEADERS, body: JSON.stringify(body) }, env)

async function codeFor(app: App): Promise<string> {
  const params = new URLSearchParams({ client_id: 'playground-web', response_type: 'code' })
  const result = await authorizeThroughPages(app, `/oauth2/authorize?${params.toString()}`, {
    login: 'alice',
  })
  return new URL(result.location ?? '').searchParams.get('code') ?? ''
}

const exchange = (app: App, code: string) => redeemCode(app, code)

async function tokenFor(app: App): Promise<string> {
  const response = await exchange(app, await codeFor(app))
  return TokenResponseSchema.parse(await response.json()).access_token
}

const me = (app: App, token: string) =>
  app.request('/api/v2/user', { headers: { ...UA, 'X-Auth-Token': token } })

describe('the test-control API is gated', () => {
  it.each([
    ['POST', '/__emulator/reset'],
    ['POST', '/__emulator/clock'],
    ['POST', '/__emulator/revoke'],
    ['POST', '/__emulator/faults'],
    ['POST', '/__emulator/pkce'],
    ['POST', '/__emulator/profile'],
    ['POST', '/__emulator/tokens'],
    ['POST', '/__emulator/apps'],
    ['POST', '/__emulator/users'],
    ['GET', '/__emulator/log'],
    ['DELETE', '/__emulator/log'],
    ['DELETE', '/__emulator/faults'],
    ['GET', '/__emulator/settings'],
  ])('answers 404 to %s %s without testControl', async (method, path) => {
    const { app } = createEmulator()
    const response = await app.request(path, { method })
    expect(response.status).toBe(404)
  })

  it('answers 403 to a non-loopback socket', async () => {
    const { app } = setup()
    const env = { incoming: { socket: { remoteAddress: '192.168.1.20', remoteFamily: 'IPv4' } } }
    const response = await app.request('/__emulator/log', { headers: CONTROL_HEADERS }, env)
    expect(response.status).toBe(403)
    expect(ErrorBodySchema.parse(await response.json())).toEqual({
      status: 403,
      message: 'The test-control API answers loopback clients only.',
    })
  })

  describe('with controlFrom (--control-from: a test runner in another container)', () => {
    const CONTAINER_NETWORKS = ['10.0.0.0/8', '172.16.0.0/12', 'fd00::/8']
    const fromPeer = (app: App, address: string, headers: Record<string, string>) =>
      app.request(
        '/__emulator/log',
        { headers },
        { incoming: { socket: { remoteAddress: address } } },
      )

    it.each(['10.1.2.3', '172.18.0.3', '::ffff:172.31.255.254', 'fd00::5'])(
      'answers the listed peer %s, refused without the list',
      async (address) => {
        const listed = setup({ controlFrom: CONTAINER_NETWORKS })
        expect((await fromPeer(listed.app, address, CONTROL_HEADERS)).status).toBe(200)
        const unlisted = setup()
        const refused = await fromPeer(unlisted.app, address, CONTROL_HEADERS)
        expect(refused.status).toBe(403)
        expect(ErrorBodySchema.parse(await refused.json()).message).toBe(
          'The test-control API answers loopback clients only.',
        )
      },
    )

    it.each(['192.168.1.20', '172.32.0.1', '11.0.0.1', '::ffff:192.168.1.20', 'fe80::1'])(
      'refuses the peer %s outside the ranges, saying who it answers',
      async (address) => {
        const { app } = setup({ controlFrom: CONTAINER_NETWORKS })
        const response = await fromPeer(app, address, CONTROL_HEADERS)
        expect(response.status).toBe(403)
        expect(ErrorBodySchema.parse(await response.json())).toEqual({
          status: 403,
          message:
            'The test-control API answers loopback clients and the addresses of --control-from only.',
        })
      },
    )

    it('still answers loopback, and still needs the control header and no foreign Origin from a listed peer', async () => {
      const { app } = setup({ controlFrom: CONTAINER_NETWORKS })
      expect((await fromPeer(app, '127.0.0.1', CONTROL_HEADERS)).status).toBe(200)
      const noHeader = await fromPeer(app, '10.1.2.3', { 'Content-Type': 'application/json' })
      expect(noHeader.status).toBe(403)
      expect(ErrorBodySchema.parse(await noHeader.json()).message).toBe(
        'Every test-control call needs the header X-Emulator-Control: 1.',
      )
      const foreign = await fromPeer(app, '10.1.2.3', {
        ...CONTROL_HEADERS,
        Origin: 'http://attacker.example',
      })
      expect(foreign.status).toBe(403)
      expect(ErrorBodySchema.parse(await foreign.json()).message).toContain('other origins')
    })

    it('is refused at creation when an entry is not an address or a range', () => {
      expect(() => setup({ controlFrom: ['10.0.0.0/8', 'yuque'] })).toThrow(
        'controlFrom: "yuque" is not an IP address or a CIDR range',
      )
    })
  })

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])(
    'answers the loopback address %s',
    async (address) => {
      const { app } = setup()
      const env = { incoming: { socket: { remoteAddress: address } } }
      const response = await app.request('/__emulator/log', { headers: CONTROL_HEADERS }, env)
      expect(response.status).toBe(200)
    },
  )
})

describe('the test-control API validates bodies', () => {
  it.each([
    ['/__emulator/clock', { advanceMs: 'soon' }, 'advanceMs'],
    ['/__emulator/clock', {}, 'advanceMs'],
    ['/__emulator/revoke', { token: '' }, 'token'],
    ['/__emulator/faults', { status: 500 }, 'path'],
    ['/__emulator/faults', { path: 'api/v2/user' }, 'path'],
    ['/__emulator/faults', { path: '/x', status: 99 }, 'status'],
    ['/__emulator/faults', { path: '/x', headers: { 'X-A': 'a\r\nSet-Cookie: b' } }, 'headers'],
    ['/__emulator/faults', { path: '/x', redirectTo: 'http://a b' }, 'redirectTo'],
    ['/__emulator/faults', { path: '/x', surprise: true }, 'surprise'],
  ])('answers 400 naming the problem for POST %s %j', async (path, body, named) => {
    const { app } = setup()
    const response = await postJson(app, path, body)
    expect(response.status).toBe(400)
    const error = ErrorBodySchema.parse(await response.json())
    expect(error.status).toBe(400)
    expect(error.message).toContain(named)
  })

  it('answers 400 for a body that is not JSON', async () => {
    const { app } = setup()
    const response = await app.request('/__emulator/faults', {
      method: 'POST',
      headers: CONTROL_HEADERS,
      body: '{',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ status: 400, message: 'The body must be JSON.' })
  })

  it('refuses a fault body nested too deep to serve, naming the field, rather than queue it and answer 500 when it is served', async () => {
    const { app } = setup()
    // 8,000 levels (two per `[{"a":`), which JSON.stringify cannot write anywhere, 2,000, which
    // it could when queued but not when served (fuzz.test.ts found it), and 258: all refused.
    for (const depth of [4_000, 1_000, 129]) {
      const response = await app.request('/__emulator/faults', {
        method: 'POST',
        headers: CONTROL_HEADERS,
        body: `{"path":"/api/v2/hello","status":200,"body":${'[{"a":'.repeat(depth)}null${'}]'.repeat(depth)}}`,
      })
      expect(response.status, `depth ${depth}`).toBe(400)
      expect(ErrorBodySchema.parse(await response.json()).message).toBe(
        'Invalid body: body: the fault body nests deeper than 256 levels; send a flatter one.',
      )
    }
    // Nothing was queued: the endpoint itself answers (no token: 401).
    expect((await app.request('/api/v2/hello', { headers: UA })).status).toBe(401)
    // 128 levels (two per `[{"a":`) is queued, and served.
    const shallow = `${'[{"a":'.repeat(64)}1${'}]'.repeat(64)}`
    const queued = await app.request('/__emulator/faults', {
      method: 'POST',
      headers: CONTROL_HEADERS,
      body: `{"path":"/api/v2/hello","status":200,"body":${shallow}}`,
    })
    expect(queued.status).toBe(201)
    const served = await app.request('/api/v2/hello', { headers: UA })
    expect(served.status).toBe(200)
    expect(await served.text()).toBe(shallow)
  })

  it('throws from control.queueFault for an invalid fault', () => {
    const { control } = setup()
    expect(() => control.queueFault({ path: 'no-slash' })).toThrow()
  })
})

describe('the test-control API', () => {
  it('revokes a token', async () => {
    const { app } = setup()
    const token = await tokenFor(app)
    const response = await postJson(app, '/__emulator/revoke', { token })
    expect(await response.json()).toEqual({ revoked: true })
    expect((await me(app, token)).status).toBe(401)
  })

  it('answers revoked: false for a token never issued', async () => {
    const { app } = setup()
    const response = await postJson(app, '/__emulator/revoke', { token: 'emu_at_unknown' })
    expect(await response.json()).toEqual({ revoked: false })
  })

  it('advances the clock, so codes expire', async () => {
    const { app } = setup()
    const code = await codeFor(app)
    const response = await postJson(app, '/__emulator/clock', { advanceMs: 11 * 60_000 })
    expect(await response.json()).toEqual({ now: '2025-01-15T10:11:00.000Z' })
    expect((await exchange(app, code)).status).toBe(400)
  })

  it('resets tokens, codes, rate counters, the log and the clock offset', async () => {
    const { app, control } = setup({ rateLimit: { limit: 5, windowMs: 60_000 } })
    const token = await tokenFor(app)
    const code = await codeFor(app)
    await me(app, token)
    control.advanceClock(60_000)
    control.queueFault({ path: '/api/v2/users/alice', status: 500 })
    expect((await postJson(app, '/__emulator/reset', {})).status).toBe(200)

    expect(control.now()).toBe(START)
    expect(control.requestLog()).toEqual([])
    // The queued fault is gone and the counter starts again.
    const anonymous = await app.request('/api/v2/users/alice', { headers: UA })
    expect(anonymous.status).toBe(200)
    expect(anonymous.headers.get('X-RateLimit-Remaining')).toBe('4')
    expect((await me(app, token)).status).toBe(401)
    expect((await exchange(app, code)).status).toBe(400)
  })

  it('replaces the next matching request with a queued fault, once by default', async () => {
    const { app } = setup()
    await postJson(app, '/__emulator/faults', {
      path: '/oauth2/token',
      status: 500,
      body: 'SENTINEL-upstream-body',
      headers: { 'X-Fault': 'yes' },
    })
    const faulty = await exchange(app, 'whatever')
    expect(faulty.status).toBe(500)
    expect(faulty.headers.get('X-Fault')).toBe('yes')
    expect(await faulty.text()).toBe('SENTINEL-upstream-body')
    const real = await exchange(app, 'whatever')
    expect(real.status).toBe(400)
  })

  it('answers a fault with a JSON body, a given number of times, for the given method only', async () => {
    const { app } = setup()
    await postJson(app, '/__emulator/faults', {
      method: 'get',
      path: '/api/v2/users/alice',
      status: 503,
      body: { status: 503, message: 'Maintenance' },
      times: 2,
    })
    const read = () => app.request('/api/v2/users/alice', { headers: UA })
    const post = await app.request('/api/v2/users/alice', { method: 'POST', headers: UA })
    expect(post.status).toBe(405)
    expect((await read()).status).toBe(503)
    const second = await read()
    expect(await second.json()).toEqual({ status: 503, message: 'Maintenance' })
    expect((await read()).status).toBe(200)
  })

  it('matches the fault path exactly', async () => {
    const { app } = setup()
    await postJson(app, '/__emulator/faults', { path: '/api/v2/user', status: 500 })
    const other = await app.request('/api/v2/users/alice', { headers: UA })
    expect(other.status).toBe(200)
  })

  it('gives a bodiless fault the shape of the endpoint', async () => {
    const { app } = setup()
    await postJson(app, '/__emulator/faults', { path: '/api/v2/users/alice', status: 502 })
    const response = await app.request('/api/v2/users/alice', { headers: UA })
    expect(await response.json()).toEqual({ status: 502, message: 'Injected fault (502)' })
  })

  it('redirects with 302 for a redirect fault', async () => {
    const { app } = setup()
    await postJson(app, '/__emulator/faults', {
      path: '/api/v2/user',
      redirectTo: 'http://127.0.0.1:9/sink',
    })
    const response = await app.request('/api/v2/user', { headers: UA })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('http://127.0.0.1:9/sink')
  })

  it('delays the real answer for a delay fault', async () => {
    const { app } = setup()
    await postJson(app, '/__emulator/faults', { path: '/api/v2/users/alice', delayMs: 120 })
    const started = performance.now()
    const response = await app.request('/api/v2/users/alice', { headers: UA })
    expect(performance.now() - started).toBeGreaterThanOrEqual(100)
    expect(response.status).toBe(200)
  })

  it('serves the request log and clears it', async () => {
    const { app } = setup()
    const token = await tokenFor(app)
    await me(app, token)
    const log = await app.request('/__emulator/log', { headers: CONTROL_HEADERS })
    const { entries } = RequestLogAnswerSchema.parse(await log.json())
    const last = entries.at(-1)
    expect(last).toMatchObject({
      method: 'GET',
      path: '/api/v2/user',
      status: 200,
      user: 'alice',
      hasUserAgent: true,
      hasCookie: false,
      tokenFingerprint: tokenFingerprint(token),
      fault: false,
    })
    expect(last?.headerNames).toContain('x-auth-token')
    expect(entries.some((entry) => entry.path.startsWith('/__emulator'))).toBe(false)

    expect(
      (await app.request('/__emulator/log', { method: 'DELETE', headers: CONTROL_HEADERS })).status,
    ).toBe(200)
    const after = RequestLogAnswerSchema.parse(
      await (await app.request('/__emulator/log', { headers: CONTROL_HEADERS })).json(),
    )
    expect(after.entries).toEqual([])
  })

  it('marks faulted requests in the log', async () => {
    const { app, control } = setup()
    control.queueFault({ path: '/api/v2/users/bob', status: 500 })
    await app.request('/api/v2/users/bob', { headers: UA })
    expect(control.requestLog().at(-1)).toMatchObject({ status: 500, fault: true })
  })

  it('keeps only the last 1000 log entries', async () => {
    const { app, control } = setup({ rateLimit: { limit: 10_000, windowMs: 60_000 } })
    for (let i = 0; i < 1010; i += 1) await app.request(`/api/v2/users/${i + 1}`, { headers: UA })
    const entries = control.requestLog()
    expect(entries).toHaveLength(1000)
    expect(entries[0]?.path).toBe('/api/v2/users/11')
  })

  it('redacts query values other than the public parameters', async () => {
    const { app, control } = setup()
    await app.request(
      '/oauth2/authorize?client_id=playground-web&state=S3CR3T&code=C0DE&sign=S1GN&client_secret=X&token=T&access_token=A&other=O',
    )
    const entry = control.requestLog().at(-1)
    expect(entry?.query).toEqual([
      { name: 'client_id', value: 'playground-web' },
      { name: 'state', value: '[redacted]' },
      { name: 'code', value: '[redacted]' },
      { name: 'sign', value: '[redacted]' },
      { name: 'client_secret', value: '[redacted]' },
      { name: 'token', value: '[redacted]' },
      { name: 'access_token', value: '[redacted]' },
      { name: 'other', value: '[redacted]' },
    ])
    expect(entry?.hasClientSecret).toBe(true)
  })
})

describe('POST /__emulator/pkce', () => {
  it('switches PKCE to required until a reset restores the mode the emulator started with', async () => {
    const { app } = setup()
    const switched = await postJson(app, '/__emulator/pkce', { mode: 'required' })
    expect(switched.status).toBe(200)
    expect(await switched.json()).toEqual({ pkce: 'required' })
    // Without a challenge the authorize request now goes back with invalid_request.
    const refused = await app.request(
      `/oauth2/authorize?${new URLSearchParams({ client_id: 'playground-web', response_type: 'code' })}`,
      { headers: UA },
    )
    expect(refused.status).toBe(302)
    expect(new URL(refused.headers.get('Location') ?? '').searchParams.get('error')).toBe(
      'invalid_request',
    )

    await app.request('/__emulator/reset', { method: 'POST', headers: CONTROL_HEADERS })
    expect(await codeFor(app)).toMatch(/\S{10,}/)
  })

  it('refuses a mode it does not know, saying which ones it does', async () => {
    const { app } = setup()
    const response = await postJson(app, '/__emulator/pkce', { mode: 'plain' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      status: 400,
      message: expect.stringContaining('"off", "optional" or "required"') as unknown,
    })
  })
})

describe('POST /__emulator/profile', () => {
  const lookup = (app: App) => app.request('/api/v2/users/bob', { headers: UA })
  const reset = (app: App) =>
    app.request('/__emulator/reset', { method: 'POST', headers: CONTROL_HEADERS })

  it('switches to observed for the requests that follow, until a reset restores seed', async () => {
    const { app } = setup()
    expect((await lookup(app)).status).toBe(200)
    const switched = await postJson(app, '/__emulator/profile', { profile: 'observed' })
    expect(switched.status).toBe(200)
    expect(await switched.json()).toEqual({ profile: 'observed' })
    const refused = await lookup(app)
    expect(refused.status).toBe(401)
    expect(ErrorBodySchema.parse(await refused.json())).toEqual({
      status: 401,
      message: 'Unauthorized',
    })
    expect((await reset(app)).status).toBe(200)
    expect((await lookup(app)).status).toBe(200)
  })

  it('resets to the profile the emulator was created with, and switches back to seed on demand', async () => {
    const { app } = setup({ profile: 'observed' })
    expect((await lookup(app)).status).toBe(401)
    await postJson(app, '/__emulator/profile', { profile: 'seed' })
    expect((await lookup(app)).status).toBe(200)
    await reset(app)
    expect((await lookup(app)).status).toBe(401)
  })

  it('is also control.setProfile for in-process tests, and control.reset() restores the start', async () => {
    const { app, control } = setup()
    control.setProfile('observed')
    expect((await lookup(app)).status).toBe(401)
    control.reset()
    expect((await lookup(app)).status).toBe(200)
  })

  it('refuses a profile it does not know, saying which ones it does', async () => {
    const { app } = setup()
    const response = await postJson(app, '/__emulator/profile', { profile: 'real' })
    expect(response.status).toBe(400)
    expect(ErrorBodySchema.parse(await response.json())).toEqual({
      status: 400,
      message: 'Invalid body: profile: profile must be "seed" or "observed"',
    })
    expect((await lookup(app)).status).toBe(200)
  })

  it('refuses a call without X-Emulator-Control, like every test-control call', async () => {
    const { app } = setup()
    const response = await app.request('/__emulator/profile', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ profile: 'observed' }),
    })
    expect(response.status).toBe(403)
    expect(ErrorBodySchema.parse(await response.json()).message).toContain('X-Emulator-Control: 1')
    expect((await lookup(app)).status).toBe(200)
  })
})

describe('the test-control API refuses calls a page in the same browser could make', () => {
  const refusal = async (response: Response) => ErrorBodySchema.parse(await response.json())

  it('refuses a no-cors text/plain POST without the custom header (a cross-site page can send one)', async () => {
    const { app } = setup()
    const response = await app.request('/__emulator/faults', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ path: '/settings/tokens', status: 200, body: '<script>1</script>' }),
    })
    expect(response.status).toBe(403)
    expect((await refusal(response)).message).toBe(
      'Every test-control call needs the header X-Emulator-Control: 1.',
    )
    expect((await app.request('/settings/tokens')).status).toBe(200)
  })

  it('refuses the custom header without Content-Type application/json', async () => {
    const { app } = setup()
    const response = await app.request('/__emulator/reset', {
      method: 'POST',
      headers: { 'X-Emulator-Control': '1', 'Content-Type': 'text/plain' },
    })
    expect(response.status).toBe(403)
    expect((await refusal(response)).message).toBe(
      'Every test-control call needs Content-Type: application/json.',
    )
  })

  it('refuses a call carrying another Origin, even with the header', async () => {
    const { app } = setup()
    const response = await app.request('/__emulator/log', {
      headers: { ...CONTROL_HEADERS, Origin: 'http://127.0.0.1:9999' },
    })
    expect(response.status).toBe(403)
    expect((await refusal(response)).message).toContain(
      'refuses calls from pages of other origins (Origin "http://127.0.0.1:9999")',
    )
  })

  it("accepts a call carrying the emulator's own Origin", async () => {
    const { app } = setup({ origin: 'http://127.0.0.1:4203' })
    const response = await app.request('/__emulator/log', {
      headers: { ...CONTROL_HEADERS, Origin: 'http://127.0.0.1:4203' },
    })
    expect(response.status).toBe(200)
  })

  it('serves an injected HTML fault with a CSP that runs no script, whatever headers it asked for', async () => {
    const { app } = setup()
    const queued = await postJson(app, '/__emulator/faults', {
      path: '/settings/tokens',
      status: 200,
      body: '<script>fetch("/settings/tokens")</script>',
      headers: {
        'Content-Type': 'text/html',
        'Content-Security-Policy': "script-src 'unsafe-inline'",
      },
    })
    expect(queued.status).toBe(201)
    const response = await app.request('/settings/tokens')
    expect(response.headers.get('Content-Type')).toBe('text/html')
    expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox")
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
  })

  it('serves a bodiless injected fault page with the same CSP', async () => {
    const { app } = setup()
    await postJson(app, '/__emulator/faults', { path: '/settings/tokens', status: 500 })
    const response = await app.request('/settings/tokens')
    expect(response.status).toBe(500)
    expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox")
  })
})
