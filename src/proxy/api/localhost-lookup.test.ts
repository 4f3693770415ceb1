import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isLocalhostName } from './localhost-lookup'
import { createHttpUpstream } from './upstream'

describe('names under localhost (RFC 6761 §6.3)', () => {
  it.each([
    ['localhost', true],
    ['acme.localhost', true],
    ['ACME.Localhost.', true],
    ['a.b.localhost', true],
    ['localhost.example', false],
    ['notlocalhost', false],
    ['www.yuque.com', false],
  ])('%s is loopback: %s', (name, isLoopback) => {
    expect(isLocalhostName(name)).toBe(isLoopback)
  })

  const server = createServer((req, res) => res.end(`host=${req.headers.host}`))
  let port = 0
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('are reached by the proxy’s client on loopback, their name sent as the Host', async () => {
    const upstream = createHttpUpstream()
    try {
      const answer = await upstream({
        method: 'GET',
        url: new URL(`http://acme.localhost:${port}/`),
        headers: {},
        timeoutMs: 5000,
        maxBytes: 1024,
      })
      expect(answer.status).toBe(200)
      expect(answer.body).toBe(`host=acme.localhost:${port}`)
    } finally {
      upstream.close()
    }
  })
})
