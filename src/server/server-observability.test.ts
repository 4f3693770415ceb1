/**
 * The real server process (tsx src/server.ts --dev, as shutdown.test.ts starts it) with
 * LOG_FORMAT=json, METRICS_PORT and INSTANCE_ID: src/server.ts wires the line per request, the
 * request id, the metrics' own listener and the public port's refusal; and a METRICS_PORT equal
 * to the app's port stops it at start-up with a sentence that names both.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../protocol/playground-api'
import { freePort } from '../proxy/store/redis-process'

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

function spawnServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts', '--dev'], {
    env: {
      ...process.env,
      SESSION_SECRET: 'observability-test-session-secret-0123456789',
      YUQUE_AUTH_URL: '',
      YUQUE_BASE_URL: '',
      YUQUE_CLIENT_ID: '',
      YUQUE_CLIENT_SECRET: '',
      REDIS_URL: '',
      INSTANCE_ID: '',
      METRICS_PORT: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  const output = { stdout: '', stderr: '' }
  child.stdout?.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { child, output, exited }
}

describe('the server process', () => {
  it('logs each request as JSON with its id and instance, and serves metrics on METRICS_PORT only', async () => {
    const [appPort, emulatorPort, metricsPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ]
    const { child, output } = spawnServer({
      APP_ORIGIN: `http://localhost:${appPort}`,
      EMULATOR_PORT: String(emulatorPort),
      LOG_FORMAT: 'json',
      METRICS_PORT: String(metricsPort),
      INSTANCE_ID: 'web-7',
    })
    const app = `http://127.0.0.1:${appPort}`
    const deadline = Date.now() + 30_000
    while (
      !(await fetch(`${app}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`the server did not start:\n${output.stdout}${output.stderr}`)
      await sleep(100)
    }

    const lookup = await fetch(`${app}/api/v2/users/alice?x=1`, {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, 'X-Request-Id': 'obs-test.1' },
    })
    expect(lookup.status).toBe(400)
    expect(lookup.headers.get('X-Request-Id')).toBe('obs-test.1')
    const publicMetrics = await fetch(`${app}/metrics`)
    expect(publicMetrics.status).toBe(404)
    expect(await publicMetrics.text()).toContain('METRICS_PORT')

    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
    expect(scraped.status).toBe(200)
    const text = await scraped.text()
    expect(text).toContain(
      'playground_http_requests_total{route="/api/v2/users/{login}",method="GET",status="4xx"} 1',
    )
    expect(text).toContain(
      'playground_http_requests_total{route="metrics",method="GET",status="4xx"} 1',
    )
    expect(text).toMatch(
      /^playground_http_requests_total\{route="health",method="GET",status="2xx"\} \d+$/m,
    )
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m)

    const lines = async () => {
      await sleep(50)
      return output.stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    }
    let requests: Record<string, unknown>[] = []
    for (let i = 0; i < 40 && requests.length < 2; i += 1) {
      requests = (await lines()).filter((line) => 'requestId' in line)
    }
    // The health checks that answered 200 wrote no line.
    expect(
      requests.map(({ level, path, status, route, requestId, instance }) => ({
        level,
        path,
        status,
        route,
        requestId,
        instance,
      })),
    ).toEqual([
      {
        level: 'info',
        path: '/api/v2/users/alice',
        status: 400,
        route: '/api/v2/users/{login}',
        requestId: 'obs-test.1',
        instance: 'web-7',
      },
      {
        level: 'info',
        path: '/metrics',
        status: 404,
        route: 'metrics',
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        instance: 'web-7',
      },
    ])
    expect((await lines()).find((line) => String(line.msg).startsWith('listening'))?.msg).toContain(
      `metrics http://127.0.0.1:${metricsPort}/metrics`,
    )
  }, 60_000)

  it('refuses to start with METRICS_PORT equal to the app’s port', async () => {
    const appPort = await freePort()
    const { exited, output } = spawnServer({
      APP_ORIGIN: `http://localhost:${appPort}`,
      METRICS_PORT: String(appPort),
    })
    expect(await exited).toBe(1)
    expect(output.stderr).toContain(
      `METRICS_PORT must differ from the app's port (${appPort}, from PORT or APP_ORIGIN)`,
    )
  }, 30_000)
})
