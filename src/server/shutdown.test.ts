/**
 * SIGTERM on the real server process (tsx src/server.ts --dev: the unit suite runs before any
 * build), with its embedded emulator holding an API answer back through test control: the
 * request in flight completes, new connections are refused, the process exits 0. And a request
 * longer than SHUTDOWN_TIMEOUT_MS does not hold the exit beyond that bound.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { CONTROL_HEADERS } from '../emulator/control/test-control'
import { IDLE_CONNECTION_MS } from './keep-alive'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../protocol/playground-api'
import { freePort } from '../proxy/store/redis-process'

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

async function startServer(shutdownTimeoutMs: number, drainDelayMs = 0) {
  const [appPort, emulatorPort] = [await freePort(), await freePort()]
  // One process (no tsx wrapper between): the signal reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts', '--dev'], {
    env: {
      ...process.env,
      APP_ORIGIN: `http://localhost:${appPort}`,
      EMULATOR_PORT: String(emulatorPort),
      EMULATOR_TEST_CONTROL: '1',
      SESSION_SECRET: 'shutdown-test-session-secret-0123456789',
      SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
      SHUTDOWN_DRAIN_DELAY_MS: String(drainDelayMs),
      YUQUE_AUTH_URL: '',
      YUQUE_BASE_URL: '',
      YUQUE_CLIENT_ID: '',
      YUQUE_CLIENT_SECRET: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  )
  const app = `http://127.0.0.1:${appPort}`
  const deadline = Date.now() + 30_000
  for (;;) {
    const ok = await fetch(`${app}/healthz`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`the server did not start:\n${output}`)
    await sleep(100)
  }
  /** Holds the emulator's next answer to GET /api/v2/users/alice back for `delayMs`. */
  const delayNextLookup = async (delayMs: number) => {
    const response = await fetch(`http://127.0.0.1:${emulatorPort}/__emulator/faults`, {
      method: 'POST',
      headers: CONTROL_HEADERS,
      body: JSON.stringify({ path: '/api/v2/users/alice', method: 'GET', delayMs }),
    })
    expect(response.status).toBeLessThan(300)
  }
  const lookup = () =>
    fetch(`${app}/api/v2/users/alice`, { headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE } }).then(
      async (response) => ({
        status: response.status,
        keepAlive: response.headers.get('Keep-Alive'),
        at: Date.now(),
        body: await response.text(),
      }),
    )
  return { child, app, exited, delayNextLookup, lookup, output: () => output }
}

describe('stopping the server', () => {
  it('finishes the request in flight on SIGTERM, refuses new connections, then exits 0', async () => {
    const server = await startServer(10_000)
    // Idle connections are kept 65 s (src/server/keep-alive.ts); this one stays open, idle,
    // and must not hold the exit below.
    const before = await server.lookup()
    expect(before.keepAlive).toBe(`timeout=${IDLE_CONNECTION_MS / 1000}`)
    await server.delayNextLookup(1500)
    const slow = server.lookup()
    await sleep(400)
    const signalledAt = Date.now()
    server.child.kill('SIGTERM')
    await sleep(200)
    await expect(fetch(`${server.app}/healthz`)).rejects.toThrow()
    const answer = await slow
    expect(answer.status).toBe(200)
    expect(answer.body).toContain('"login":"alice"')
    const exit = await server.exited
    expect(exit.code).toBe(0)
    expect(exit.at).toBeGreaterThanOrEqual(answer.at)
    expect(exit.at - signalledAt).toBeLessThan(5000)
    expect(server.output()).toContain('SIGTERM: finishing requests in flight')
  }, 60_000)

  it('answers 503 on /readyz for SHUTDOWN_DRAIN_DELAY_MS after SIGTERM while still serving, then closes the listener', async () => {
    // Long enough that a busy machine delivers the signal and the polls well within it.
    const drainDelayMs = 5000
    const server = await startServer(10_000, drainDelayMs)
    const readiness = () =>
      fetch(`${server.app}/readyz`).then(
        async (response) =>
          `${response.status} ${((await response.json()) as { status: string }).status}`,
        () => 'refused',
      )
    expect(await readiness()).toBe('200 ready')
    const signalledAt = Date.now()
    server.child.kill('SIGTERM')
    // A load balancer polling /readyz sees not-ready while the listener still accepts…
    await expect.poll(readiness, { timeout: drainDelayMs - 1000 }).toBe('503 shutting_down')
    const meanwhile = await server.lookup()
    expect(meanwhile.status).toBe(200)
    expect(meanwhile.body).toContain('"login":"alice"')
    // Answered with Connection: close (no Keep-Alive), so no client keeps it for a next request.
    expect(meanwhile.keepAlive).toBeNull()
    // …and only then is anything refused.
    await expect.poll(readiness, { timeout: drainDelayMs + 10_000 }).toBe('refused')
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(drainDelayMs)
    expect((await server.exited).code).toBe(0)
    expect(server.output()).toContain(
      `SIGTERM: not ready; closing the listener in ${drainDelayMs} ms`,
    )
  }, 60_000)

  it('does not wait beyond SHUTDOWN_TIMEOUT_MS for a request that takes longer', async () => {
    const server = await startServer(500)
    await server.delayNextLookup(20_000)
    const slow = server.lookup().catch(() => 'connection closed')
    await sleep(400)
    const signalledAt = Date.now()
    server.child.kill('SIGTERM')
    const exit = await server.exited
    expect(exit.code).toBe(0)
    expect(exit.at - signalledAt).toBeLessThan(3000)
    expect(await slow).toBe('connection closed')
    expect(server.output()).toContain('1 request(s) still unfinished after 500 ms: closed')
  }, 60_000)
})
