/**
 * A Host header the URL parser refuses, over real HTTP (docs/security.md#s9): it is a
 * misdirected request like any other foreign Host (421, docs/security.md#p14), through either
 * door of the server, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../protocol/playground-api'
import { TRACE_HEADER, parseTraceHeader } from '../protocol/trace'
import { TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE } from '../protocol/trace-request'
import { startProxyOverHttp, type ProxyOverHttp } from '../testing/proxy-over-http'

let server: ProxyOverHttp
beforeAll(async () => {
  server = await startProxyOverHttp()
})
afterAll(() => server.close())

describe('a Host the URL parser refuses', () => {
  const calls = [
    ['GET', '/api/v2/user'],
    ['GET', '/auth/session'],
    ['POST', '/auth/start'],
  ] as const
  const hosts = ['xn--', 'xn--a', 'xn--ls8h-']

  it.each(calls.flatMap(([method, path]) => hosts.map((host) => [method, path, host])))(
    'answers %s %s with Host %s with 421, not 500',
    async (method, path, host) => {
      const answer = await server.send({
        method,
        path,
        headers: ['Host', host, CSRF_HEADER, CSRF_HEADER_VALUE, 'Content-Type', 'application/json'],
        ...(method === 'POST' ? { body: '{"scopes":[]}' } : {}),
      })
      expect(answer.status).toBe(421)
      expect(JSON.parse(answer.body)).toMatchObject({
        message: expect.stringContaining(`answers as ${server.origin} only`) as unknown,
      })
    },
  )

  it.each(calls.flatMap(([method, path]) => hosts.map((host) => [method, path, host])))(
    'answers %s %s with Host %s and the flow trace asked for with 421 and its trace, not 500',
    async (method, path, host) => {
      // src/proxy/fuzz-headers.test.ts found it: the trace's writer read the request's URL
      // after the Host check had refused it (flow-trace.ts).
      const answer = await server.send({
        method,
        path,
        headers: [
          'Host',
          host,
          CSRF_HEADER,
          CSRF_HEADER_VALUE,
          'Content-Type',
          'application/json',
          TRACE_REQUEST_HEADER,
          TRACE_REQUEST_VALUE,
        ],
        ...(method === 'POST' ? { body: '{"scopes":[]}' } : {}),
      })
      expect(answer.status).toBe(421)
      expect(JSON.parse(answer.body)).toMatchObject({ status: 421, code: 'bad_request' })
      const trace = parseTraceHeader(String(answer.headers[TRACE_HEADER.toLowerCase()]))
      expect(trace?.call).toMatchObject({ method, path, status: 421 })
    },
  )
})
