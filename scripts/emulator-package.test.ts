/**
 * The `yuque-emulator` package as scripts/build-emulator-package.ts builds it
 * (docs/decisions/0014-emulator-package.md): its dependencies, its schema and its declarations,
 * and the built command run as a process: how it stops on SIGTERM and SIGINT, and how it refuses
 * to start (docs/emulator.md#stopping).
 * Built into a temporary folder under node_modules/.cache, so that the built files resolve their
 * packages from the repository's node_modules as an installed package resolves its own.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CONTROL_HEADERS } from '../src/emulator/control/test-control'
import { GRACE_MS } from '../src/emulator/start'
import { freePort } from '../src/proxy/store/redis-process'
import { inFlightGet } from '../src/testing/in-flight'
import { PACKAGE_DIR, buildEmulatorPackage, externalPackages } from './build-emulator-package'
import { startProcess, type RunningProcess } from './cluster/processes'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const ManifestSchema = z.looseObject({
  dependencies: z.record(z.string(), z.string()),
  files: z.array(z.string()).optional(),
})
const readManifest = async (dir: string) =>
  ManifestSchema.parse(JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')))

let dir: string
let metafile: Metafile
beforeAll(async () => {
  dir = await mkdtemp(path.join(root, 'node_modules/.cache/yuque-emulator-build-'))
  metafile = await buildEmulatorPackage(dir)
}, 60_000)
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the yuque-emulator package', () => {
  it('depends on exactly what its bundles import, at the root’s versions: no React, Redis or pino', async () => {
    const [own, rootManifest] = [await readManifest(PACKAGE_DIR), await readManifest(root)]
    expect(externalPackages(metafile)).toEqual(['@hono/node-server', 'hono', 'zod'])
    expect(Object.keys(own.dependencies).sort()).toEqual(externalPackages(metafile))
    for (const [name, range] of Object.entries(own.dependencies)) {
      expect(range, name).toBe(rootManifest.dependencies[name])
    }
  })

  it('ships the built files, the schema and the README, and nothing else', async () => {
    expect((await readManifest(PACKAGE_DIR)).files).toEqual([
      'dist',
      'emulator-config.schema.json',
      'README.md',
    ])
    const outputs = Object.keys(metafile.outputs).map((file) => path.relative(dir, file))
    expect(outputs.filter((file) => !file.startsWith('dist/chunks/')).sort()).toEqual([
      'dist/cli.js',
      'dist/index.js',
    ])
  })

  it('ships the config file’s JSON Schema exactly as src/emulator has it', async () => {
    const read = (file: string) => readFile(file, 'utf8')
    expect(await read(path.join(dir, 'emulator-config.schema.json'))).toBe(
      await read(path.join(root, 'src/emulator/emulator-config.schema.json')),
    )
  })

  it('starts the command with a shebang, and declares startEmulator in a file that imports nothing', async () => {
    const cli = await readFile(path.join(dir, 'dist/cli.js'), 'utf8')
    expect(cli.startsWith('#!/usr/bin/env node\n')).toBe(true)
    const declarations = await readFile(path.join(dir, 'dist/index.d.ts'), 'utf8')
    expect(declarations).toContain(
      'export declare function startEmulator(options?: StartEmulatorOptions): Promise<StartedEmulator>;',
    )
    expect(declarations).not.toMatch(/\bimport\b/)
  })
})

describe('the built yuque-emulator command', () => {
  const started: RunningProcess[] = []
  afterAll(async () => {
    await Promise.all(started.map((process) => process.stop('SIGKILL', 1000)))
  })
  const run = (args: string[]) => {
    const spawned = startProcess('yuque-emulator', process.execPath, [
      path.join(dir, 'dist/cli.js'),
      ...args,
    ])
    started.push(spawned)
    return spawned
  }
  /** Resolves with the exit code and when it came. */
  const exitOf = (running: RunningProcess) =>
    running.exited.then((code) => ({ code, at: Date.now() }))
  const listening = (running: RunningProcess) =>
    expect
      .poll(() => running.output(), { timeout: 20_000, interval: 50 })
      .toContain('Yuque emulator listening on')
  /** A kept-alive connection left idle after one answer; resolves when the server closes it. */
  const idleConnection = (url: string) =>
    new Promise<{ closed: Promise<void> }>((resolve, reject) => {
      const agent = new http.Agent({ keepAlive: true })
      http
        .get(`${url}/healthz`, { agent }, (response) => {
          const closed = new Promise<void>((done) => response.socket.once('close', done))
          response.resume()
          response.on('end', () => resolve({ closed }))
        })
        .on('error', reject)
    })

  it('exits 0 on SIGTERM once the request in flight is answered; an idle kept-alive connection does not hold it', async () => {
    const port = await freePort()
    const emulator = run(['--port', String(port), '--test-control'])
    const exit = exitOf(emulator)
    await listening(emulator)
    const url = `http://127.0.0.1:${port}`
    const queued = await fetch(`${url}/__emulator/faults`, {
      method: 'POST',
      headers: CONTROL_HEADERS,
      body: JSON.stringify({ path: '/api/v2/users/alice', method: 'GET', delayMs: 2000 }),
    })
    expect(queued.status).toBe(201)
    const idle = await idleConnection(url)
    const slow = inFlightGet(`${url}/api/v2/users/alice`, {
      headers: { 'User-Agent': 'package-test/1.0' },
    })
    await slow.received
    const signalledAt = Date.now()
    emulator.child.kill('SIGTERM')
    await idle.closed
    const answer = await slow.answer
    expect(answer.status).toBe(200)
    expect(answer.body).toContain('"login":"alice"')
    // Answered while stopping: no client sends another request down this connection.
    expect(answer.connection).toBe('close')
    const { code, at } = await exit
    expect(code).toBe(0)
    // Within the grace (not the 65 s an idle connection is kept: src/server/keep-alive.ts).
    expect(at - signalledAt).toBeLessThan(GRACE_MS)
    expect(emulator.output()).toContain('SIGTERM: stopping; requests in flight have 5 s to finish')
  }, 40_000)

  it('exits 0 on SIGINT (Ctrl-C), an idle kept-alive connection open', async () => {
    const port = await freePort()
    const emulator = run(['--port', String(port)])
    const exit = exitOf(emulator)
    await listening(emulator)
    await idleConnection(`http://127.0.0.1:${port}`)
    const signalledAt = Date.now()
    emulator.child.kill('SIGINT')
    const { code, at } = await exit
    expect(code).toBe(0)
    expect(at - signalledAt).toBeLessThan(GRACE_MS)
  }, 40_000)

  it('exits 1 naming the port when it is in use', async () => {
    const port = await freePort()
    const holder = net.createServer()
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve))
    try {
      const emulator = run(['--port', String(port)])
      expect((await exitOf(emulator)).code).toBe(1)
      expect(emulator.output()).toContain(
        `Cannot start the emulator: port ${port} is in use on 127.0.0.1 (EADDRINUSE): stop what listens there, or choose another port with --port or EMULATOR_PORT.`,
      )
      expect(emulator.output()).not.toContain('    at ')
    } finally {
      await new Promise((resolve) => holder.close(resolve))
    }
  }, 40_000)

  it('exits 1 naming each bad flag', async () => {
    const emulator = run(['--port', 'x', '--control-from', '10.0.0.0/8'])
    expect((await exitOf(emulator)).code).toBe(1)
    expect(emulator.output()).toBe(
      [
        'Cannot start the emulator:',
        '  - --port: must be a number',
        '  - --control-from: has no effect without --test-control (the test-control API is off)',
        '',
      ].join('\n'),
    )
  }, 40_000)
})
