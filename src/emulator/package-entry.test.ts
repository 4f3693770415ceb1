/**
 * The package's programmatic entry (package-entry.ts): the command's flags as options, on a real
 * socket. The built package's entry is used from a fresh project in
 * scripts/emulator-adoption.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { CONTROL_HEADERS } from './control/test-control'
import { startEmulator, type StartedEmulator } from './package-entry'

const folder = mkdtempSync(path.join(tmpdir(), 'emulator-package-entry-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))
const running: StartedEmulator[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()))
})
const start = async (...args: Parameters<typeof startEmulator>) => {
  const emulator = await startEmulator(...args)
  running.push(emulator)
  return emulator
}
/** A port free a moment ago: one the entry picked, closed again (as start.test.ts probes). */
async function freePort(): Promise<number> {
  const probe = await startEmulator()
  await probe.close()
  return Number(new URL(probe.url).port)
}
const UA = { 'User-Agent': 'package-entry-test/1.0' }

describe('startEmulator (the package’s programmatic entry)', () => {
  it('listens on a free loopback port by default, without test control, and closes', async () => {
    const emulator = await start()
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await fetch(`${emulator.url}/healthz`)).status).toBe(200)
    const control = await fetch(`${emulator.url}/__emulator/log`, { headers: CONTROL_HEADERS })
    expect(control.status).toBe(404)
    await running.pop()?.close()
    await expect(fetch(`${emulator.url}/healthz`)).rejects.toThrow(TypeError)
  })

  it('runs the options as the command runs its flags: profile, test control, public URL', async () => {
    const port = await freePort()
    const emulator = await start({
      port,
      profile: 'observed',
      testControl: true,
      controlFrom: ['10.0.0.0/8'],
      publicUrl: `http://localhost:${port}`,
    })
    expect(emulator.url).toBe(`http://localhost:${port}`)
    // observed: every call needs a token (docs/emulator.md, "Two profiles").
    const lookup = await fetch(`${emulator.url}/api/v2/users/alice`, { headers: UA })
    expect(lookup.status).toBe(401)
    const minted = await fetch(`${emulator.url}/__emulator/tokens`, {
      method: 'POST',
      headers: CONTROL_HEADERS,
      body: JSON.stringify({ login: 'alice', scopes: [] }),
    })
    expect(minted.status).toBe(201)
  })

  it('takes the config file’s port and data when no port is given', async () => {
    const port = await freePort()
    const file = path.join(folder, 'emulator.json')
    const token = 'package-entry-token-0001'
    writeFileSync(file, JSON.stringify({ port, tokens: [{ token, login: 'bob', scopes: [] }] }))
    const emulator = await start({ config: file })
    expect(emulator.url).toBe(`http://127.0.0.1:${port}`)
    const me = await fetch(`${emulator.url}/api/v2/user`, {
      headers: { ...UA, 'X-Auth-Token': token },
    })
    expect(await me.json()).toMatchObject({ data: { login: 'bob' } })
  })

  it('rejects bad options before binding, naming each option and its flag', async () => {
    await expect(
      startEmulator({
        port: 70_000,
        profile: 'real' as 'seed',
        publicUrl: 'yuque:4010',
        controlFrom: '10.0.0.0/8',
      }),
    ).rejects.toThrow(
      [
        'Cannot start the emulator:',
        '  - port (--port): must be between 1 and 65535',
        '  - profile (--profile): must be "seed" or "observed"',
        '  - publicUrl (--public-url): must be an http(s) origin without a path, query or credentials, such as http://yuque:4010',
        '  - controlFrom (--control-from): has no effect without --test-control (the test-control API is off)',
      ].join('\n'),
    )
  })

  it('rejects naming the port when it is in use', async () => {
    const port = await freePort()
    const holder = net.createServer()
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve))
    try {
      await expect(startEmulator({ port })).rejects.toThrow(
        `Cannot start the emulator: port ${port} is in use on 127.0.0.1 (EADDRINUSE)`,
      )
    } finally {
      await new Promise((resolve) => holder.close(resolve))
    }
  })
})
