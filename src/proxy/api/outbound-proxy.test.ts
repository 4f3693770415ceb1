import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../emulator/start'
import { ConfigError, configSecrets, loadConfig } from '../config'
import { describeOutboundProxy, readOutboundProxy, type OutboundProxy } from './outbound-proxy'
import { UpstreamError, createHttpUpstream } from './upstream'

const read = (env: Record<string, string>) => {
  const problems: string[] = []
  return { proxy: readOutboundProxy(env, problems), problems }
}

describe('HTTPS_PROXY, HTTP_PROXY and NO_PROXY', () => {
  it('are unset by default: the service is called directly', () => {
    expect(read({})).toEqual({ proxy: null, problems: [] })
  })

  it('read the upper-case name first, then the lower-case one, and always leave loopback direct', () => {
    const { proxy, problems } = read({
      HTTPS_PROXY: 'http://proxy.corp:3128',
      https_proxy: 'http://other.corp:8080',
      http_proxy: 'http://plain.corp:3128',
      NO_PROXY: '.intranet.corp, 10.0.0.7:8080',
    })
    expect(problems).toEqual([])
    expect(proxy?.https?.href).toBe('http://proxy.corp:3128/')
    expect(proxy?.http?.href).toBe('http://plain.corp:3128/')
    expect(proxy?.noProxy).toBe('localhost,127.0.0.1,[::1],.intranet.corp,10.0.0.7:8080')
  })

  it('name each bad value, and loadConfig refuses to start with them', () => {
    const { problems } = read({
      HTTPS_PROXY: 'socks5://proxy.corp:1080',
      HTTP_PROXY: 'http://proxy.corp:3128/path',
      NO_PROXY: 'ok.corp,bad host;x',
    })
    expect(problems).toEqual([
      'NO_PROXY must list hosts or domains separated by commas (such as .example.com,10.0.0.1), got "host;x"',
      `HTTPS_PROXY must use http or https (the proxy's own scheme), got "socks5:"`,
      "HTTP_PROXY must be a proxy's origin without a path, query or fragment",
    ])
    expect(read({ HTTPS_PROXY: 'http://team:50%zz@proxy.corp:3128' }).problems).toEqual([
      'HTTPS_PROXY: the user name or password is not valid percent-encoding',
    ])
    expect(() => loadConfig({ HTTPS_PROXY: 'not a url' })).toThrow(ConfigError)
    expect(() => loadConfig({ HTTPS_PROXY: 'not a url' })).toThrow(/HTTPS_PROXY must be a proxy/)
  })

  it('treat NO_PROXY=* as no proxy at all', () => {
    expect(read({ HTTPS_PROXY: 'http://proxy.corp:3128', NO_PROXY: '*' }).proxy).toBeNull()
  })

  it("count the proxy's password, as given and decoded, among the secrets the log removes", () => {
    const config = loadConfig({ HTTPS_PROXY: 'http://team:p%40ss@proxy.corp:3128' })
    expect(configSecrets(config)).toEqual(expect.arrayContaining(['p%40ss', 'p@ss']))
  })

  it('show the start-up banner where calls go, without the credentials', () => {
    const { proxy } = read({ HTTP_PROXY: 'http://team:p%40ss@proxy.corp:3128' })
    expect(describeOutboundProxy(proxy as OutboundProxy)).toBe(
      'https:// through http://proxy.corp:3128, http:// through http://proxy.corp:3128; always direct: localhost,127.0.0.1,[::1]',
    )
  })
})

/**
 * A real CONNECT proxy on loopback (RFC 9110 §9.3.6): it records each tunnel's target and joins
 * every tunnel to the emulator, whatever host was asked for, so that a host that is not the
 * emulator's (127.0.0.2) still reaches it through the proxy and only through it.
 */
async function startTunnelProxy(target: () => number, credentials?: string) {
  const tunnels: string[] = []
  const sockets = new Set<Socket>()
  const server: Server = createServer((_req, res) => res.writeHead(405).end())
  server.on('connect', (req, client: Socket) => {
    sockets.add(client)
    const expected = credentials && `Basic ${Buffer.from(credentials).toString('base64')}`
    if (expected !== undefined && req.headers['proxy-authorization'] !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n')
      return
    }
    tunnels.push(req.url ?? '')
    const service = connect(target(), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      service.pipe(client).pipe(service)
    })
    sockets.add(service)
    service.on('error', () => client.destroy())
    client.on('error', () => service.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

describe('the service called through an outbound proxy', () => {
  let emulator: RunningEmulator
  let proxy: Awaited<ReturnType<typeof startTunnelProxy>>
  const emulatorPort = () => Number(new URL(emulator.url).port)

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 })
    proxy = await startTunnelProxy(emulatorPort, 'team:p@ss')
  })
  afterAll(async () => {
    await proxy.close()
    await emulator.close()
  })

  const upstreamVia = (url: string, noProxy = '') => {
    const problems: string[] = []
    const outboundProxy = readOutboundProxy({ HTTP_PROXY: url, NO_PROXY: noProxy }, problems)
    expect(problems).toEqual([])
    return createHttpUpstream({ outboundProxy: outboundProxy as OutboundProxy })
  }
  const get = (upstream: ReturnType<typeof createHttpUpstream>, host: string) =>
    upstream({
      method: 'GET',
      url: new URL(`http://${host}:${emulatorPort()}/api/v2/hello`),
      headers: { 'User-Agent': 'outbound-proxy.test', 'X-Auth-Token': 'not-a-token' },
      timeoutMs: 5000,
      maxBytes: 1024 * 1024,
    })

  it('goes through the tunnel, with the credentials the URL gives, and gets the service’s answer', async () => {
    const upstream = upstreamVia(`http://team:p%40ss@127.0.0.1:${proxy.port}`)
    try {
      const before = proxy.tunnels.length
      const answer = await get(upstream, '127.0.0.2')
      expect(proxy.tunnels.slice(before)).toEqual([`127.0.0.2:${emulatorPort()}`])
      // The emulator's own answer to a request for another host (its Host check): only the
      // emulator, reached through the tunnel, says this.
      expect(answer.status).toBe(421)
      expect(answer.body).toContain(`This emulator answers at 127.0.0.1:${emulatorPort()}`)
    } finally {
      upstream.close()
    }
  })

  it('reaches loopback and NO_PROXY hosts directly, never through the proxy', async () => {
    const upstream = upstreamVia(`http://team:p%40ss@127.0.0.1:${proxy.port}`, '127.0.0.2')
    try {
      const before = proxy.tunnels.length
      expect((await get(upstream, '127.0.0.1')).status).toBe(401)
      // Nothing listens on 127.0.0.2 itself: called directly, the connection is refused.
      await expect(get(upstream, '127.0.0.2')).rejects.toMatchObject({ kind: 'unreachable' })
      expect(proxy.tunnels.slice(before)).toEqual([])
    } finally {
      upstream.close()
    }
  })

  it('fails as unreachable, saying why, when the proxy refuses the credentials', async () => {
    const upstream = upstreamVia(`http://team:wrong@127.0.0.1:${proxy.port}`)
    try {
      const failure = await get(upstream, '127.0.0.2').catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(UpstreamError)
      expect(failure).toMatchObject({ kind: 'unreachable', message: expect.stringMatching(/407/) })
    } finally {
      upstream.close()
    }
  })
})
