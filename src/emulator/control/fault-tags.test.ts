/**
 * Tagged faults (`tag` on `POST /__emulator/faults`, the request's `X-Emulator-Fault-Tag`,
 * `DELETE /__emulator/faults?tag=`) and `GET /__emulator/settings`: docs/emulator.md#test-control.
 * In-process for the rules, over a real socket for workers that share one emulator at once.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../protocol/envelope'
import { SettingsAnswerSchema } from '../../testing/control-answers'
import { startTestEmulator, type TestEmulator } from '../../testing/emulator-over-http'
import { createEmulator, type EmulatorOptions } from '../emulator'
import { CONTROL_HEADERS, FAULT_TAG_HEADER } from './test-control'

const START = Date.parse('2025-01-15T10:00:00.000Z')
const UA = { 'User-Agent': 'fault-tags-test/1.0' }
const PATH = '/api/v2/users/alice'

function setup(options: EmulatorOptions = {}) {
  return createEmulator({ clock: () => START, testControl: true, ...options })
}
type App = ReturnType<typeof setup>['app']

const queue = (app: App, fault: object) =>
  app.request('/__emulator/faults', {
    method: 'POST',
    headers: CONTROL_HEADERS,
    body: JSON.stringify(fault),
  })

/** The status of a lookup of alice, with the tag header when `tag` is given. */
async function lookup(app: App, tag?: string): Promise<number> {
  const headers = tag === undefined ? UA : { ...UA, [FAULT_TAG_HEADER]: tag }
  return (await app.request(PATH, { headers })).status
}

describe('tagged faults', () => {
  it('exports the header the proxy and other callers name', () => {
    expect(FAULT_TAG_HEADER).toBe('X-Emulator-Fault-Tag')
  })

  it.each([
    ['an empty tag', ''],
    ['a tag of 65 characters', 'a'.repeat(65)],
    ['a space', 'lab run'],
    ['a dot', 'lab.1'],
    ['a letter outside ASCII', 'läb'],
    ['a number', 7],
  ])('refuses %s with a 400 naming the field, and queues nothing', async (_name, tag) => {
    const { app } = setup()
    const response = await queue(app, { path: PATH, status: 503, tag })
    expect(response.status).toBe(400)
    const { message } = ErrorBodySchema.parse(await response.json())
    expect(message).toMatch(/^Invalid body: tag: /)
    expect(await lookup(app, typeof tag === 'string' ? tag : undefined)).toBe(200)
  })

  it('accepts 64 letters, digits, "_" and "-"', async () => {
    const { app } = setup()
    const tag = `Lab_run-7${'x'.repeat(55)}`
    expect((await queue(app, { path: PATH, status: 503, tag })).status).toBe(201)
    expect(await lookup(app, tag)).toBe(503)
  })

  it('serves a tagged fault only to a request carrying its tag, exactly', async () => {
    const { app, control } = setup()
    expect((await queue(app, { path: PATH, status: 503, tag: 'lab-1' })).status).toBe(201)
    // No tag, another tag, another case, a longer one, the tag twice: the real answer each time.
    expect(await lookup(app)).toBe(200)
    expect(await lookup(app, 'lab-2')).toBe(200)
    expect(await lookup(app, 'LAB-1')).toBe(200)
    expect(await lookup(app, 'lab-10')).toBe(200)
    expect(await lookup(app, 'lab-1, lab-1')).toBe(200)
    expect(await lookup(app, 'lab-1')).toBe(503)
    // Taken once (the default `times`): the tag now gets the real answer too.
    expect(await lookup(app, 'lab-1')).toBe(200)
    expect(control.requestLog().map((entry) => entry.fault)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      false,
    ])
  })

  it('lets a tagged request take untagged faults, the first queued that matches method, path and tag', async () => {
    const { app } = setup()
    await queue(app, { path: PATH, status: 502, tag: 'other' })
    await queue(app, { path: PATH, status: 500 })
    await queue(app, { path: PATH, status: 503, tag: 'mine' })
    await queue(app, { method: 'POST', path: PATH, status: 504, tag: 'mine' })
    // The untagged 500 is queued before "mine"'s 503: it is the first that matches.
    expect(await lookup(app, 'mine')).toBe(500)
    expect(await lookup(app, 'mine')).toBe(503)
    // "mine"'s POST fault does not match a GET, nor "other"'s a request tagged "mine".
    expect(await lookup(app, 'mine')).toBe(200)
    expect(await lookup(app)).toBe(200)
    expect(await lookup(app, 'other')).toBe(502)
  })

  it('never serves a tagged fault to an untagged request, which takes the untagged one behind it', async () => {
    const { app } = setup()
    await queue(app, { path: PATH, status: 503, tag: 'lab-1', times: 3 })
    await queue(app, { path: PATH, status: 500 })
    expect(await lookup(app)).toBe(500)
    expect(await lookup(app)).toBe(200)
    expect(await lookup(app, 'lab-1')).toBe(503)
  })

  it('applies to the token endpoint as to the API', async () => {
    const { app } = setup()
    await queue(app, { path: '/oauth2/token', status: 503, tag: 'lab-1' })
    const token = (tag?: string) =>
      app.request('/oauth2/token', {
        method: 'POST',
        headers: {
          ...UA,
          'Content-Type': 'application/x-www-form-urlencoded',
          ...(tag === undefined ? {} : { [FAULT_TAG_HEADER]: tag }),
        },
        body: 'grant_type=authorization_code&code=nope&client_id=playground-web',
      })
    // Another browser's exchange reaches the real endpoint (no client secret: 401 invalid_client).
    expect((await token()).status).toBe(401)
    expect((await token('lab-1')).status).toBe(503)
  })

  it('is ignored without test control: a tagged request takes untagged faults only', async () => {
    const { app, control } = createEmulator({ clock: () => START })
    control.queueFault({ path: PATH, status: 503, tag: 'lab-1' })
    expect(await lookup(app, 'lab-1')).toBe(200)
    control.queueFault({ path: PATH, status: 500 })
    expect(await lookup(app, 'lab-1')).toBe(500)
    expect(await lookup(app, 'lab-1')).toBe(200)
  })

  it('is a fault of the tenant it was queued on (an enterprise space keeps its own)', async () => {
    const { app, control } = setup()
    control.space('acme').queueFault({ path: PATH, status: 503, tag: 'lab-1' })
    expect(await lookup(app, 'lab-1')).toBe(200)
  })

  describe('DELETE /__emulator/faults?tag=', () => {
    const clear = (app: App, query = '') =>
      app.request(`/__emulator/faults${query}`, { method: 'DELETE', headers: CONTROL_HEADERS })

    it("drops only that tag's faults; without a tag, every one", async () => {
      const { app } = setup()
      await queue(app, { path: PATH, status: 501, tag: 'a', times: 5 })
      await queue(app, { path: PATH, status: 502, tag: 'b', times: 5 })
      await queue(app, { path: PATH, status: 503, times: 5 })
      await queue(app, { path: PATH, status: 504, tag: 'a', times: 5 })
      const cleared = await clear(app, '?tag=a')
      expect(cleared.status).toBe(200)
      expect(await cleared.json()).toEqual({ cleared: true, tag: 'a' })
      // "a"'s faults are gone: a request tagged "a" takes the untagged one; "b"'s stays.
      expect(await lookup(app, 'a')).toBe(503)
      expect(await lookup(app, 'b')).toBe(502)
      expect(await lookup(app)).toBe(503)
      expect(await (await clear(app)).json()).toEqual({ cleared: true })
      expect(await lookup(app, 'b')).toBe(200)
      expect(await lookup(app)).toBe(200)
    })

    it.each([['?tag='], ['?tag=a%20b'], [`?tag=${'a'.repeat(65)}`]])(
      'refuses %s with a 400 naming the parameter, and drops nothing',
      async (query) => {
        const { app } = setup()
        await queue(app, { path: PATH, status: 503 })
        const response = await clear(app, query)
        expect(response.status).toBe(400)
        expect(ErrorBodySchema.parse(await response.json())).toEqual({
          status: 400,
          message: 'Invalid query: tag: tag must be 1 to 64 letters, digits, "_" or "-"',
        })
        expect(await lookup(app)).toBe(503)
      },
    )

    it('is control.clearFaults(tag) in-process, which throws for a tag it refuses', async () => {
      const { app, control } = setup()
      control.queueFault({ path: PATH, status: 503, tag: 'a' })
      control.queueFault({ path: PATH, status: 502, tag: 'b' })
      expect(() => control.clearFaults('a b')).toThrow('tag must be 1 to 64 letters')
      control.clearFaults('a')
      expect(await lookup(app, 'a')).toBe(200)
      expect(await lookup(app, 'b')).toBe(502)
    })
  })
})

describe('tagged faults over HTTP: workers sharing one emulator', () => {
  let running: TestEmulator | undefined
  afterEach(async () => {
    await running?.close()
    running = undefined
  })

  it('serves each worker its own faults while they call at once, and none to an untagged caller', async () => {
    running = await startTestEmulator()
    const emulator = running
    const WORKERS = 4
    const CALLS = 10
    for (let worker = 0; worker < WORKERS; worker += 1) {
      const queued = await emulator.callControl('POST', '/faults', {
        path: PATH,
        status: 500 + worker,
        tag: `worker-${worker}`,
        times: CALLS,
      })
      expect(queued.status).toBe(201)
    }
    // Every worker and a bystander call at once, interleaved; bounded: 50 calls in all.
    const call = async (tag: string | null) =>
      (
        await emulator.api('GET', '/users/alice', {
          headers: tag === null ? {} : { [FAULT_TAG_HEADER]: tag },
        })
      ).status
    const callers = [...Array.from({ length: WORKERS }, (_, worker) => `worker-${worker}`), null]
    const statuses = await Promise.all(
      callers.map((tag) => Promise.all(Array.from({ length: CALLS }, () => call(tag)))),
    )
    expect(statuses).toEqual([
      ...Array.from({ length: WORKERS }, (_, worker) => Array<number>(CALLS).fill(500 + worker)),
      Array<number>(CALLS).fill(200),
    ])
    // Each took its own exactly `times` times: nothing is left for anyone.
    expect(await call('worker-0')).toBe(200)
  })
})

describe('GET /__emulator/settings', () => {
  const settings = async (app: App) => {
    const response = await app.request('/__emulator/settings', { headers: CONTROL_HEADERS })
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    return SettingsAnswerSchema.parse(await response.json())
  }
  const post = (app: App, path: string, body: unknown) =>
    app.request(`/__emulator${path}`, {
      method: 'POST',
      headers: CONTROL_HEADERS,
      body: JSON.stringify(body),
    })

  it('answers the profile, the PKCE mode and the clock the emulator starts with', async () => {
    expect(await settings(setup().app)).toEqual({
      profile: 'seed',
      pkce: 'off',
      now: '2025-01-15T10:00:00.000Z',
    })
    expect(await settings(setup({ profile: 'observed', pkce: 'required' }).app)).toEqual({
      profile: 'observed',
      pkce: 'required',
      now: '2025-01-15T10:00:00.000Z',
    })
  })

  it('follows the switches and the clock, and a reset restores the start', async () => {
    const { app, control } = setup()
    await post(app, '/profile', { profile: 'observed' })
    await post(app, '/pkce', { mode: 'optional' })
    await post(app, '/clock', { advanceMs: 11 * 60_000 })
    const switched = await settings(app)
    expect(switched).toEqual({
      profile: 'observed',
      pkce: 'optional',
      now: '2025-01-15T10:11:00.000Z',
    })
    expect(control.settings()).toEqual(switched)
    await post(app, '/reset', {})
    expect(await settings(app)).toEqual({
      profile: 'seed',
      pkce: 'off',
      now: '2025-01-15T10:00:00.000Z',
    })
  })

  it('is guarded as every control route is', async () => {
    const { app } = setup()
    const noHeader = await app.request('/__emulator/settings', {
      headers: { 'Content-Type': 'application/json' },
    })
    expect(noHeader.status).toBe(403)
    const foreign = await app.request('/__emulator/settings', {
      headers: { ...CONTROL_HEADERS, Origin: 'http://attacker.example' },
    })
    expect(foreign.status).toBe(403)
    const remote = await app.request(
      '/__emulator/settings',
      { headers: CONTROL_HEADERS },
      { incoming: { socket: { remoteAddress: '192.168.1.20' } } },
    )
    expect(remote.status).toBe(403)
    expect(ErrorBodySchema.parse(await remote.json()).message).toBe(
      'The test-control API answers loopback clients only.',
    )
  })
})
