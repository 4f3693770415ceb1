/**
 * `GET /healthz` for container probes (docs/emulator.md#health), over a real socket: answered
 * whatever the Host (a kubelet sends the pod's address), the User-Agent or the profile, with no
 * token, and neither counted against any budget nor written to the request log.
 */
import http from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from './start'

let running: RunningEmulator | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

/** A raw request: node:http sends these headers and Host, no User-Agent unless given. */
function probe(method: string, headers: Record<string, string> = {}) {
  const url = new URL(`${running?.url ?? ''}/healthz`)
  return new Promise<{
    status: number | undefined
    headers: http.IncomingHttpHeaders
    body: string
  }>((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers, setHost: !('Host' in headers) },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body }),
        )
      },
    )
    request.on('error', reject)
    request.end()
  })
}

describe('GET /healthz', () => {
  it('answers {"status":"ok"}, uncached, to a bare probe with a foreign Host in the observed profile', async () => {
    running = await startEmulator({ port: 0, profile: 'observed' })
    for (const headers of [{}, { Host: '10.1.2.3:4010' }, { Host: 'emulator:4010' }] as const) {
      const answer = await probe('GET', headers)
      expect(answer.status, JSON.stringify(headers)).toBe(200)
      expect(JSON.parse(answer.body)).toEqual({ status: 'ok' })
      expect(answer.headers['content-type']).toMatch(/^application\/json/)
      expect(answer.headers['cache-control']).toBe('no-store')
    }
    expect((await probe('HEAD')).status).toBe(200)
  })

  it('spends no budget and writes no log entry', async () => {
    running = await startEmulator({
      port: 0,
      options: { rateLimit: { limit: 3, windowMs: 60_000 } },
    })
    for (let i = 0; i < 5; i += 1) expect((await probe('GET')).status).toBe(200)
    const call = await fetch(`${running.url}/api/v2/users/alice`, {
      headers: { 'User-Agent': 'healthz-test/1.0' },
    })
    expect(call.status).toBe(200)
    expect(call.headers.get('X-RateLimit-Remaining')).toBe('2')
    expect(running.control.requestLog().map((entry) => entry.path)).toEqual(['/api/v2/users/alice'])
  })

  it('is GET only', async () => {
    running = await startEmulator({ port: 0 })
    const answer = await probe('POST', { 'User-Agent': 'healthz-test/1.0' })
    expect(answer.status).toBe(405)
    expect(answer.headers.allow).toBe('GET, HEAD')
  })
})
