/**
 * The image itself, where Docker runs: built from the Dockerfile and started as production would
 * start it (read-only file system, no capabilities, the embedded emulator asked for with
 * EMULATOR=on and a strong SESSION_SECRET), it answers /healthz and /readyz, runs as `node`
 * (not root), holds no development or browser-only package, reports healthy through its own
 * HEALTHCHECK, and exits 0 on SIGTERM. Without a Docker daemon (`docker info` fails) the suite
 * is skipped, and its name and a warning say why. The Dockerfile's rules are checked on its text
 * everywhere (scripts/deploy/dockerfile.test.ts).
 */
import { execFile, execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { freePort } from '../../src/proxy/store/redis-process'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const run = promisify(execFile)
/** A GET that gives up after 2 s (a container still starting may accept and never answer). */
const get = (url: string) => fetch(url, { signal: AbortSignal.timeout(2000) })
const docker = async (args: string[], timeoutMs = 60_000) =>
  (await run('docker', args, { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 })).stdout.trim()

/** Why Docker cannot be used here, or null when a daemon answers. */
function dockerMissing(): string | null {
  try {
    execFileSync('docker', ['info', '--format', '{{.ServerVersion}}'], {
      stdio: 'pipe',
      timeout: 15_000,
    })
    return null
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return 'Docker is missing: there is no docker command'
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim()
    const first = stderr.split('\n').find((line) => line.trim() !== '') ?? 'docker info failed'
    return `Docker is missing: no daemon answers \`docker info\` (${first.trim()})`
  }
}

const missing = dockerMissing()
if (missing !== null) console.warn(`scripts/deploy/docker-image.test.ts skipped: ${missing}`)

/** Polls `check` until it returns true, at most `timeoutMs`. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await sleep(500)
  }
}

describe.skipIf(missing !== null)(
  `the image${missing === null ? '' : ` (skipped: ${missing})`}`,
  () => {
    const suffix = `${process.pid}-${Date.now()}`
    const tag = `yuque-oauth-playground-test:${suffix}`
    const name = `playground-test-${suffix}`
    let base: string

    beforeAll(async () => {
      await docker(['build', '--tag', tag, root], 900_000)
      const port = await freePort()
      base = `http://127.0.0.1:${port}`
      await docker([
        'run',
        '--detach',
        '--name',
        name,
        '--read-only',
        '--cap-drop=ALL',
        '--security-opt=no-new-privileges',
        '--publish',
        `127.0.0.1:${port}:8080`,
        '--env',
        `APP_ORIGIN=http://localhost:${port}`,
        '--env',
        'EMULATOR=on',
        '--env',
        `SESSION_SECRET=${randomBytes(32).toString('base64url')}`,
        '--env',
        'LOG_FORMAT=json',
        tag,
      ])
      await until('/healthz answers 200', async () => (await get(`${base}/healthz`)).ok, 60_000)
    }, 1_000_000)

    afterAll(async () => {
      await docker(['rm', '--force', name]).catch(() => undefined)
      await docker(['rmi', '--force', tag]).catch(() => undefined)
    }, 120_000)

    test('answers /healthz and /readyz with 200', async () => {
      expect((await get(`${base}/healthz`)).status).toBe(200)
      await until('/readyz answers 200', async () => (await get(`${base}/readyz`)).ok, 20_000)
    }, 30_000)

    test('runs as the node user, not root', async () => {
      expect(await docker(['inspect', '--format', '{{.Config.User}}', tag])).toBe('node')
      const uid = await docker(['exec', name, 'id', '-u'])
      expect(uid).toMatch(/^\d+$/)
      expect(uid).not.toBe('0')
      // The server's own process, PID 1, is that user's.
      expect(await docker(['exec', name, 'sh', '-c', 'stat -c %u /proc/1'])).toBe(uid)
    }, 30_000)

    test('holds no development or browser-only package', async () => {
      const installed = (await docker(['exec', name, 'ls', '/app/node_modules'])).split('\n')
      expect(installed).toContain('hono')
      expect(
        installed.filter((p) => ['vite', 'esbuild', 'tsx', 'react', 'react-dom'].includes(p)),
      ).toEqual([])
    }, 30_000)

    test('its HEALTHCHECK reports healthy', async () => {
      await until(
        'docker reports the container healthy',
        async () =>
          (await docker(['inspect', '--format', '{{.State.Health.Status}}', name])) === 'healthy',
        60_000,
      )
    }, 70_000)

    test('stops on SIGTERM (docker stop) with exit code 0', async () => {
      await docker(['stop', '--time', '30', name], 60_000)
      expect(await docker(['inspect', '--format', '{{.State.ExitCode}}', name])).toBe('0')
    }, 70_000)
  },
)
