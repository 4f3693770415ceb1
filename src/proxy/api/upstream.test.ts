import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../emulator/start'
import { UpstreamError, createHttpUpstream } from './upstream'

/** A loopback server that records what reaches it and answers as `respond` says. */
async function listen(respond: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: IncomingMessage[] = []
  const server: Server = createServer((req, res) => {
    seen.push(req)
    respond(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

let emulator: RunningEmulator
const upstream = createHttpUpstream()
const request = (
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 2000,
  maxBytes = 1024 * 1024,
) =>
  upstream({
    method: 'GET',
    url: new URL(url),
    headers: { 'User-Agent': 'test', ...headers },
    timeoutMs,
    maxBytes,
  })

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 })
})
afterAll(async () => {
  upstream.close()
  await emulator.close()
})

describe('createHttpUpstream on loopback', () => {
  it('reads status, headers and body from the real emulator', async () => {
    const response = await request(`${emulator.url}/api/v2/users/alice`)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-ratelimit-limit')).toBe('5000')
    expect(JSON.parse(response.body)).toMatchObject({ data: { login: 'alice' } })
  })

  it('never follows a redirect: the sink receives nothing, the token stays home', async () => {
    const sink = await listen((_req, res) => res.end('sunk'))
    const redirector = await listen((_req, res) =>
      res.writeHead(302, { Location: `${sink.url}/steal` }).end(),
    )
    const response = await request(`${redirector.url}/api/v2/user`, {
      'X-Auth-Token': 'emu_at_secret',
    })
    expect(response.status).toBe(302)
    expect(sink.seen).toHaveLength(0)
    await Promise.all([sink.close(), redirector.close()])
  })

  it('gives up on a server that never answers, with a time-out error', async () => {
    const silent = await listen(() => undefined)
    const started = performance.now()
    await expect(request(`${silent.url}/`, {}, 300)).rejects.toMatchObject({ kind: 'timeout' })
    expect(performance.now() - started).toBeLessThan(2000)
    await silent.close()
  })

  it('never sends a call that timed out while it waited for a connection', async () => {
    const paths: string[] = []
    const slow = await listen((req, res) => {
      paths.push(req.url ?? '')
      setTimeout(() => res.end('late'), 400)
    })
    // One connection: the second call waits behind the first, and gives up before it is free.
    const single = createHttpUpstream({ connectionsPerOrigin: 1 })
    const call = (path: string, timeoutMs: number) =>
      single({
        method: 'GET',
        url: new URL(`${slow.url}${path}`),
        headers: {},
        timeoutMs,
        maxBytes: 100,
      })
    const first = call('/first', 2000)
    await expect(call('/queued', 100)).rejects.toMatchObject({ kind: 'timeout' })
    expect((await first).body).toBe('late')
    // Had the queued call been written once the connection was free, it would be here now.
    expect((await call('/after', 2000)).body).toBe('late')
    expect(paths).toEqual(['/first', '/after'])
    single.close()
    await slow.close()
  })

  it('refuses a response larger than the cap', async () => {
    const big = await listen((_req, res) => res.end('x'.repeat(200_000)))
    await expect(request(`${big.url}/`, {}, 2000, 100_000)).rejects.toBeInstanceOf(UpstreamError)
    await expect(request(`${big.url}/`, {}, 2000, 100_000)).rejects.toMatchObject({
      kind: 'too_large',
    })
    await big.close()
  })

  it('sends a write with its body and length, and the answer comes back whole', async () => {
    let received = ''
    const echo = await listen((req, res) => {
      req.setEncoding('utf8')
      req.on('data', (chunk: string) => (received += chunk))
      req.on('end', () =>
        res.writeHead(201, { 'Content-Type': 'application/json' }).end(`{"got":${received}}`),
      )
    })
    const response = await upstream({
      method: 'POST',
      url: new URL(`${echo.url}/api/v2/repos/1/docs`),
      headers: { 'Content-Type': 'application/json' },
      body: '{"title":"标题"}',
      timeoutMs: 2000,
      maxBytes: 1000,
    })
    expect(response.status).toBe(201)
    expect(JSON.parse(response.body)).toEqual({ got: { title: '标题' } })
    expect(echo.seen[0]?.headers['content-length']).toBe(String(Buffer.byteLength(received)))
    await echo.close()
  })

  it('refuses a header value with a line break and sends nothing', async () => {
    const target = await listen((_req, res) => res.end('reached'))
    await expect(
      request(`${target.url}/`, { 'X-Auth-Token': 'token\r\nX-Injected: 1' }),
    ).rejects.toBeInstanceOf(UpstreamError)
    expect(target.seen).toHaveLength(0)
    await target.close()
  })

  it('reports an unreachable service', async () => {
    const gone = await listen(() => undefined)
    const { url } = gone
    await gone.close()
    await expect(request(`${url}/`)).rejects.toMatchObject({ kind: 'unreachable' })
  })
})

describe('createHttpUpstream when the service fails mid-body', () => {
  it('rejects at once when the service drops the connection after part of the body', async () => {
    const dropper = await listen((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' })
      res.write('{"data":', () => res.socket?.destroy())
    })
    const started = performance.now()
    await expect(request(`${dropper.url}/`, {}, 5000)).rejects.toMatchObject({
      kind: 'unreachable',
      message: 'the connection closed before the response ended',
    })
    expect(performance.now() - started).toBeLessThan(2000)
    await dropper.close()
  })

  it('rejects within the time-out when the service stalls mid-body', async () => {
    const staller = await listen((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' })
      res.write('{"data":')
    })
    const started = performance.now()
    await expect(request(`${staller.url}/`, {}, 300)).rejects.toMatchObject({ kind: 'timeout' })
    expect(performance.now() - started).toBeLessThan(1500)
    await staller.close()
  })
})
