/**
 * The concurrency bound on a real node:http server: requests beyond it get 503 with Retry-After
 * in the proxy's JSON shape (or text for a page), the probes pass, and a slot is given back when
 * a request finishes or its client goes away.
 */
import { createServer, request, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { shedLoad } from './load-shedding'

let server: Server | undefined
afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
})

/** A server whose `/slow` requests wait until released; anything else answers at once. */
async function start(maxConcurrent: number) {
  const held: ServerResponse[] = []
  const arrived: (() => void)[] = []
  server = createServer(
    shedLoad(
      (req, res) => {
        if (req.url === '/slow') {
          held.push(res)
          arrived.shift()?.()
          return
        }
        res.end('ok')
      },
      { maxConcurrent, retryAfterSeconds: 2 },
    ),
  )
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  /** Sends a /slow request and resolves once the listener holds it. */
  const hold = async () => {
    const controller = new AbortController()
    const isHeld = new Promise<void>((resolve) => arrived.push(resolve))
    const answer = fetch(`${base}/slow`, { signal: controller.signal }).then(
      (response) => response.status,
      () => 'aborted' as const,
    )
    await isHeld
    return { answer, abort: () => controller.abort() }
  }
  return { base, held, hold }
}

describe('shedLoad', () => {
  it('answers 503 with Retry-After beyond the bound, in the proxy’s JSON shape under /api and /auth', async () => {
    const { base, held, hold } = await start(2)
    const first = await hold()
    const second = await hold()
    for (const path of ['/api/v2/user', '/auth/session']) {
      const response = await fetch(`${base}${path}`)
      expect(response.status).toBe(503)
      expect(response.headers.get('Retry-After')).toBe('2')
      expect(response.headers.get('Content-Type')).toBe('application/json')
      expect(await response.json()).toEqual({
        status: 503,
        message: 'This playground server is busy: the request was not run. Try again in 2 s.',
      })
    }
    const page = await fetch(`${base}/me`)
    expect(page.status).toBe(503)
    expect(page.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    expect(await page.text()).toContain('演练场服务器正忙')
    for (const response of held.splice(0)) response.end('done')
    expect([await first.answer, await second.answer]).toEqual([200, 200])
    expect((await fetch(`${base}/api/v2/user`)).status).toBe(200)
  })

  it('never sheds the load balancer’s probes', async () => {
    const { base, held, hold } = await start(1)
    await hold()
    expect((await fetch(`${base}/healthz`)).status).toBe(200)
    expect((await fetch(`${base}/readyz`)).status).toBe(200)
    expect((await fetch(`${base}/healthzz`)).status).toBe(503)
    held.splice(0).forEach((response) => response.end())
  })

  it('gives the slot back when a client goes away before its answer', async () => {
    const { base, held, hold } = await start(1)
    const gone = await hold()
    expect((await fetch(`${base}/x`)).status).toBe(503)
    gone.abort()
    expect(await gone.answer).toBe('aborted')
    // The server sees the close a moment after the client: wait for that state, not a time.
    await expect.poll(async () => (await fetch(`${base}/x`)).status, { timeout: 10_000 }).toBe(200)
    expect(held).toHaveLength(1)
  })

  it('drops a shed request’s connection instead of reading its body', async () => {
    const { base, hold } = await start(1)
    await hold()
    const { port } = new URL(base)
    const answer = await new Promise<{
      status: number | undefined
      connection: string | undefined
    }>((resolve) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/v2/repos' })
      req.on('response', (response) => {
        response.resume()
        resolve({ status: response.statusCode, connection: response.headers.connection })
      })
      req.write('{"name":')
    })
    expect(answer).toEqual({ status: 503, connection: 'close' })
  })
})
