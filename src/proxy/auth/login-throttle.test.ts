/**
 * The proxy's throttles over real HTTP (docs/security.md#s4, #s5): logins started and codes
 * exchanged are limited per client address, and every throttle keys a client the same way,
 * whichever loopback address or form it comes from, and behind a trusted proxy by the address
 * that proxy saw.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { Env } from '../config'
import { startProxyOverHttp, type ProxyOverHttp } from '../../testing/proxy-over-http'

let running: ProxyOverHttp | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

async function start(env: Env = {}) {
  running = await startProxyOverHttp(env)
  return running
}

const post = (server: ProxyOverHttp, path: string, body: unknown, from?: string, extra = {}) =>
  server.send({
    method: 'POST',
    path,
    headers: server.appHeaders(extra),
    body: JSON.stringify(body),
    ...(from === undefined ? {} : { from }),
  })

describe('logins are limited per client address (LOGIN_RATE_LIMIT)', () => {
  it('allows 60 login starts per address in a minute by default, then answers 429 with Retry-After', async () => {
    const server = await start()
    for (let i = 0; i < 60; i++) {
      expect((await post(server, '/auth/start', { scopes: [] })).status).toBe(200)
    }
    const refused = await post(server, '/auth/start', { scopes: [] })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('Too many logins started from this address (60 per minute)'),
    })
  })

  it('limits code exchanges too, before any token call', async () => {
    const server = await start({ LOGIN_RATE_LIMIT: '3' })
    const exchange = () =>
      post(server, '/auth/exchange', { code: 'c'.repeat(20), state: 's'.repeat(43) })
    for (let i = 0; i < 3; i++) expect((await exchange()).status).toBe(400)
    const refused = await exchange()
    expect(refused.status).toBe(429)
    expect(refused.body).toContain('Too many codes exchanged from this address (3 per minute)')
    expect(server.emulator.control.requestLog()).toEqual([])
  })
})

describe('every throttle keys a client as one, however its address is written (clientKey)', () => {
  it('counts 127.0.0.2, 127.0.0.3 and 127.0.0.4 as one client of the client-code start limit', async () => {
    const server = await start()
    const froms = ['127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.3', '127.0.0.4']
    for (const from of froms) {
      expect((await post(server, '/auth/client-code/start', { scopes: [] }, from)).status).toBe(200)
    }
    expect(
      (await post(server, '/auth/client-code/start', { scopes: [] }, '127.0.0.5')).status,
    ).toBe(429)
  })

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const server = await start({ LOGIN_RATE_LIMIT: '2' })
    for (const forwarded of ['198.51.100.1', '198.51.100.2']) {
      const answer = await post(server, '/auth/start', { scopes: [] }, undefined, {
        'X-Forwarded-For': forwarded,
      })
      expect(answer.status).toBe(200)
    }
    const third = await post(server, '/auth/start', { scopes: [] }, undefined, {
      'X-Forwarded-For': '198.51.100.3',
    })
    expect(third.status).toBe(429)
  })

  it('behind a trusted proxy, counts the rightmost address the client did not write', async () => {
    const server = await start({ LOGIN_RATE_LIMIT: '2', TRUSTED_PROXIES: '127.0.0.0/8' })
    const from = (forwarded: string) =>
      post(server, '/auth/start', { scopes: [] }, undefined, { 'X-Forwarded-For': forwarded })
    expect((await from('198.51.100.1')).status).toBe(200)
    // A value the client wrote itself on the left gives it no budget of its own.
    expect((await from('203.0.113.77, 198.51.100.1')).status).toBe(200)
    expect((await from('203.0.113.78, 198.51.100.1')).status).toBe(429)
    // Another client behind the same balancer has its own budget.
    expect((await from('198.51.100.2')).status).toBe(200)
  })
})
