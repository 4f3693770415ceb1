/**
 * The upstream client drops an idle keep-alive socket before the service closes it (it reads
 * `Keep-Alive: timeout=N` and keeps a margin of 1 s), so no call is sent down a socket the
 * service is closing. Without it the cluster test's load saw 502s ("unreachable", ECONNRESET)
 * about five seconds after a replica's restart.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, expect, it } from 'vitest'
import { createHttpUpstream } from './upstream'

let server: http.Server | undefined
afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
})

it('opens a new connection rather than reuse one idle for longer than the service keeps it, less 1 s', async () => {
  let connections = 0
  server = http.createServer((_req, res) => res.end('ok'))
  // Announced as `Keep-Alive: timeout=2`: the client must drop the socket after 1 s idle.
  server.keepAliveTimeout = 2000
  server.on('connection', () => connections++)
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
  const upstream = createHttpUpstream()
  const call = () => upstream({ method: 'GET', url, headers: {}, timeoutMs: 2000, maxBytes: 1000 })
  try {
    // The pool may open a second connection for a call sent while the first is still settling
    // (undici marks a connection free on its next turn); what matters is that calls in quick
    // succession share the connections opened, and a call after the margin does not.
    for (let sent = 0; sent < 6; sent++) expect((await call()).body).toBe('ok')
    const opened = connections
    expect(opened).toBeLessThanOrEqual(2)
    await sleep(1500)
    expect((await call()).body).toBe('ok')
    expect(connections).toBe(opened + 1)
  } finally {
    upstream.close()
  }
})
