import http from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { IDLE_CONNECTION_MS } from '../server/keep-alive'
import { UserSchema, envelope } from '../protocol/schemas'
import { startEmulator, type RunningEmulator } from './start'
import { CONTROL_HEADERS } from './control/test-control'
import { inFlightGet } from '../testing/in-flight'

let running: RunningEmulator | undefined

afterEach(async () => {
  await running?.close()
  running = undefined
})

describe('startEmulator', () => {
  it('listens on 127.0.0.1 with a free port, answers a real request and closes', async () => {
    running = await startEmulator({ port: 0 })
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const response = await fetch(`${running.url}/api/v2/users/alice`, {
      headers: { 'User-Agent': 'start-test/1.0' },
    })
    expect(response.status).toBe(200)
    const body = envelope(UserSchema).parse(await response.json())
    expect(body.data.avatar_url).toBe(`${running.url}/avatars/alice.svg`)
    await running.close()
    running = undefined
  })

  it('answers as its public URL and to the loopback names of its port, and 421 to any other Host', async () => {
    // A public origin that is not the bound address: a container network's name for it.
    const probe = await startEmulator({ port: 0 })
    const port = new URL(probe.url).port
    await probe.close()
    running = await startEmulator({
      port: Number(port),
      host: '127.0.0.1',
      options: { origin: `http://yuque.test:${port}` },
    })
    /** GET /api/v2/users/alice over a real socket with `Host: host`. */
    const lookup = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.get(
          {
            host: '127.0.0.1',
            port,
            path: '/api/v2/users/alice',
            headers: { Host: host, 'User-Agent': 'start-test/1.0' },
          },
          (response) => {
            let body = ''
            response.on('data', (chunk: Buffer) => (body += chunk.toString()))
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
          },
        )
        request.on('error', reject)
      })
    const named = await lookup(`yuque.test:${port}`)
    expect(named.status).toBe(200)
    expect(envelope(UserSchema).parse(JSON.parse(named.body)).data.avatar_url).toBe(
      `http://yuque.test:${port}/avatars/alice.svg`,
    )
    for (const loopback of [`localhost:${port}`, `127.0.0.1:${port}`, `LOCALHOST:${port}`]) {
      expect((await lookup(loopback)).status, loopback).toBe(200)
    }
    for (const other of [`attacker.example:${port}`, `yuque.test`, `localhost:1`]) {
      expect((await lookup(other)).status, other).toBe(421)
    }
  })

  it('keeps an idle connection 65 s and says so, longer than its clients keep theirs', async () => {
    running = await startEmulator({ port: 0 })
    const response = await fetch(`${running.url}/api/v2/users/alice`, {
      headers: { 'User-Agent': 'start-test/1.0' },
    })
    await response.body?.cancel()
    // src/server/keep-alive.ts: Node's 5 s met a client that reused its connection at 6 s.
    expect(response.headers.get('Keep-Alive')).toBe(`timeout=${IDLE_CONNECTION_MS / 1000}`)
    expect(IDLE_CONNECTION_MS).toBeGreaterThan(60_000)
  })

  it('counts anonymous calls from one socket address together', async () => {
    running = await startEmulator({
      port: 0,
      options: { rateLimit: { limit: 50, windowMs: 60_000 } },
    })
    await fetch(`${running.url}/api/v2/users/alice`, { headers: { 'User-Agent': 't' } })
    await fetch(`${running.url}/api/v2/users/alice`, { headers: { 'User-Agent': 't' } })
    const log = running.control.requestLog()
    expect(log).toHaveLength(2)
    const third = await fetch(`${running.url}/api/v2/users/alice`, {
      headers: { 'User-Agent': 't' },
    })
    expect(third.headers.get('X-RateLimit-Remaining')).toBe('47')
  })

  it('serves the test-control API to a loopback client when enabled', async () => {
    running = await startEmulator({ port: 0, options: { testControl: true } })
    const response = await fetch(`${running.url}/__emulator/log`, { headers: CONTROL_HEADERS })
    expect(response.status).toBe(200)
  })

  it('still serves the test-control API to a loopback client when --control-from lists other peers only', async () => {
    running = await startEmulator({
      port: 0,
      options: { testControl: true, controlFrom: ['10.0.0.0/8', '172.16.0.0/12'] },
    })
    const response = await fetch(`${running.url}/__emulator/log`, { headers: CONTROL_HEADERS })
    expect(response.status).toBe(200)
  })

  it('closes the connection without an answer for a drop fault, until the faults are cleared', async () => {
    running = await startEmulator({ port: 0, options: { testControl: true } })
    const queued = await fetch(`${running.url}/__emulator/faults`, {
      method: 'POST',
      headers: CONTROL_HEADERS,
      body: JSON.stringify({ path: '/api/v2/users/alice', drop: true, times: 100 }),
    })
    expect(queued.status).toBe(201)
    const get = () =>
      fetch(`${running!.url}/api/v2/users/alice`, { headers: { 'User-Agent': 't' } })
    await expect(get()).rejects.toThrow(TypeError)
    await expect(get()).rejects.toThrow(TypeError)

    const cleared = await fetch(`${running.url}/__emulator/faults`, {
      method: 'DELETE',
      headers: CONTROL_HEADERS,
    })
    expect(await cleared.json()).toEqual({ cleared: true })
    expect((await get()).status).toBe(200)
    expect(running.control.requestLog().map((entry) => [entry.status, entry.fault])).toEqual([
      [444, true],
      [444, true],
      [200, false],
    ])
  })

  it('applies the configured profile, and rejects an unknown one before binding a port', async () => {
    running = await startEmulator({ port: 0, profile: 'observed' })
    const response = await fetch(`${running.url}/api/v2/users/alice`, {
      headers: { 'User-Agent': 'start-test/1.0' },
    })
    expect(response.status).toBe(401)
    await expect(startEmulator({ port: 0, profile: 'real' })).rejects.toThrow(
      'EMULATOR_PROFILE must be "seed" or "observed", not "real".',
    )
  })

  it('keeps options.profile when the configured profile is unset or empty', async () => {
    running = await startEmulator({ port: 0, profile: '', options: { profile: 'observed' } })
    const response = await fetch(`${running.url}/api/v2/users/alice`, {
      headers: { 'User-Agent': 'start-test/1.0' },
    })
    expect(response.status).toBe(401)
  })

  // A GET is answered as a GET, whatever body it carries: emulator.ts reads none, so it limits
  // none (and builds no fetch Request to check). fetch() sends no GET body: node:http does.
  it.each([
    ['Content-Length', { 'Content-Length': String(70_000) }],
    ['Transfer-Encoding: chunked', { 'Transfer-Encoding': 'chunked' }],
  ])('answers a GET whose 70 KB body comes with %s as if it had none', async (_, framing) => {
    running = await startEmulator({ port: 0 })
    const url = new URL(`${running.url}/api/v2/users/alice`)
    const answer = await new Promise<{ status: number | undefined; body: string }>(
      (resolve, reject) => {
        const request = http.request(
          url,
          { method: 'GET', headers: { 'User-Agent': 'start-test/1.0', ...framing } },
          (response) => {
            let body = ''
            response.setEncoding('utf8')
            response.on('data', (chunk: string) => (body += chunk))
            response.on('end', () => resolve({ status: response.statusCode, body }))
          },
        )
        request.on('error', reject)
        request.end('x'.repeat(70_000))
      },
    )
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ data: { login: 'alice' } })
  })
})

describe('closing a running emulator', () => {
  const UA = { 'User-Agent': 'start-test/1.0' }
  /** An emulator whose next GET /api/v2/users/alice is held back `delayMs`. */
  async function withSlowLookup(delayMs: number): Promise<RunningEmulator> {
    const emulator = await startEmulator({ port: 0, options: { testControl: true } })
    running = emulator
    const queued = await fetch(`${emulator.url}/__emulator/faults`, {
      method: 'POST',
      headers: CONTROL_HEADERS,
      body: JSON.stringify({ path: '/api/v2/users/alice', method: 'GET', delayMs }),
    })
    expect(queued.status).toBe(201)
    return emulator
  }

  it('with graceMs: closes idle keep-alive connections at once, answers the request in flight with Connection: close, then resolves', async () => {
    const emulator = await withSlowLookup(1500)
    const agent = new http.Agent({ keepAlive: true })
    // An idle kept-alive connection: when does the emulator close it?
    const idle = await new Promise<{ closed: Promise<number> }>((resolve, reject) => {
      http
        .get(`${emulator.url}/healthz`, { agent }, (response) => {
          const closed = new Promise<number>((done) =>
            response.socket.once('close', () => done(Date.now())),
          )
          response.resume()
          response.on('end', () => resolve({ closed }))
        })
        .on('error', reject)
    })
    const slow = inFlightGet(`${emulator.url}/api/v2/users/alice`, { headers: UA })
    await slow.received
    const closing = emulator.close({ graceMs: 10_000 })
    const answer = await slow.answer
    const answeredAt = Date.now()
    expect(answer.status).toBe(200)
    expect(answer.body).toContain('"login":"alice"')
    expect(answer.connection).toBe('close')
    expect(await idle.closed).toBeLessThan(answeredAt)
    await closing
    running = undefined
    await expect(fetch(`${emulator.url}/healthz`)).rejects.toThrow(TypeError)
    agent.destroy()
  })

  it('with graceMs: closes a request still unanswered when the grace runs out', async () => {
    const emulator = await withSlowLookup(8000)
    const slow = inFlightGet(`${emulator.url}/api/v2/users/alice`, { headers: UA })
    await slow.received
    const startedAt = Date.now()
    await emulator.close({ graceMs: 300 })
    running = undefined
    expect(Date.now() - startedAt).toBeLessThan(3000)
    await expect(slow.answer).rejects.toThrow()
  })

  it('without graceMs: closes at once, requests in flight included (the playground drains its own first)', async () => {
    const emulator = await withSlowLookup(8000)
    const slow = inFlightGet(`${emulator.url}/api/v2/users/alice`, { headers: UA })
    await slow.received
    const startedAt = Date.now()
    await emulator.close()
    running = undefined
    expect(Date.now() - startedAt).toBeLessThan(1000)
    await expect(slow.answer).rejects.toThrow()
  })
})
