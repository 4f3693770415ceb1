/**
 * The fuzz suite's check of Node's header limit (raw-http.ts) can fail: `headerBytes` counts as
 * Node does, to the byte, on a real server; `isNodeHeaderRefusal` fails a 431 under the limit and
 * any other answer at it.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NODE_MAX_HEADER_BYTES, headerBytes, isNodeHeaderRefusal, sendHttp } from './raw-http'

describe('headerBytes', () => {
  let server: http.Server
  let port = 0
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end('ok'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  it.each([
    ['GET', undefined],
    ['POST', '{"a":1}'],
  ])(
    'counts a %s as Node does: one byte under the limit passes, at it Node answers 431',
    async (method, body) => {
      const headersOf = (bytes: number) => {
        const base = ['Host', 'h', 'X-Fill', '']
        const fill = bytes - headerBytes('/x', base, body !== undefined)
        return ['Host', 'h', 'X-Fill', 'a'.repeat(fill)]
      }
      for (const [bytes, status] of [
        [NODE_MAX_HEADER_BYTES - 1, 200],
        [NODE_MAX_HEADER_BYTES, 431],
      ] as const) {
        const headers = headersOf(bytes)
        expect(headerBytes('/x', headers, body !== undefined)).toBe(bytes)
        const answer = await sendHttp(port, 'h', {
          method,
          path: '/x',
          headers,
          ...(body === undefined ? {} : { body }),
        })
        expect(answer.status, `${bytes} bytes`).toBe(status)
      }
    },
  )
})

describe('isNodeHeaderRefusal', () => {
  const answer = (status: number, body = '') => ({ status, headers: {}, body })

  it('takes a 431 without a body at the limit as Node’s own', () => {
    expect(isNodeHeaderRefusal(answer(431), NODE_MAX_HEADER_BYTES, 'x')).toBe(true)
    expect(isNodeHeaderRefusal(answer(200, 'ok'), NODE_MAX_HEADER_BYTES - 1, 'x')).toBe(false)
  })

  it('fails a 431 under the limit, a 431 with a body, and any other answer at the limit', () => {
    expect(() => isNodeHeaderRefusal(answer(431), NODE_MAX_HEADER_BYTES - 1, 'x')).toThrow()
    expect(() => isNodeHeaderRefusal(answer(431, 'app'), NODE_MAX_HEADER_BYTES, 'x')).toThrow()
    expect(() => isNodeHeaderRefusal(answer(200, 'ok'), NODE_MAX_HEADER_BYTES, 'x')).toThrow()
  })
})
