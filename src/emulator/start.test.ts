import { afterEach, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from './start'

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
    const body = (await response.json()) as { data: { avatar_url: string } }
    expect(body.data.avatar_url).toBe(`${running.url}/avatars/alice.svg`)
    await running.close()
    running = undefined
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
    const response = await fetch(`${running.url}/__emulator/log`)
    expect(response.status).toBe(200)
  })
})
