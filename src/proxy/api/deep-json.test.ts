/**
 * A deeply nested JSON body on an API write, over real HTTP (docs/security.md#s6): refused with
 * 401 before any parsing without a session, with a clear 400 with one, never a 500; a body
 * nested to the limit still goes through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProxyOverHttp, type ProxyOverHttp } from '../../testing/proxy-over-http'
import { MAX_API_BODY_BYTES, MAX_JSON_DEPTH, nestingDepth } from './api-body'

let server: ProxyOverHttp
let session = ''
beforeAll(async () => {
  server = await startProxyOverHttp()
  session = await server.connect(['doc', 'repo'])
})
afterAll(() => server.close())

/** `{"title":"x","body":[[[…]]]}` nested `depth` deep in all, padded to about `bytes`. */
function nested(depth: number, bytes = 0): string {
  const inner = '['.repeat(depth - 1) + ']'.repeat(depth - 1)
  const pad = 'x'.repeat(Math.max(0, bytes - inner.length - 40))
  return `{"title":"x","pad":"${pad}","body":${inner}}`
}

const postDoc = (body: string, cookie?: string) =>
  server.send({
    method: 'POST',
    path: '/api/v2/repos/1/docs',
    headers: server.appHeaders(cookie === undefined ? {} : { Cookie: cookie }),
    body,
  })

/** What reached the service's API. */
const apiCalls = () =>
  server.emulator.control.requestLog().filter((entry) => entry.path.startsWith('/api'))

describe('a deeply nested JSON body', () => {
  const deep =
    '{"body":' +
    '['.repeat(MAX_API_BODY_BYTES / 2 - 20) +
    ']'.repeat(MAX_API_BODY_BYTES / 2 - 20) +
    '}'

  it('is refused with 401 without a session, never a 500', async () => {
    expect(deep.length).toBeLessThanOrEqual(MAX_API_BODY_BYTES)
    const answer = await postDoc(deep)
    expect(answer.status).toBe(401)
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'not_connected' })
  })

  it('is refused with a clear 400 with a session, and nothing reaches the service', async () => {
    server.emulator.control.clearLog()
    const answer = await postDoc(deep, session)
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'bad_request',
      message: expect.stringContaining(`more than ${MAX_JSON_DEPTH} levels deep`) as unknown,
    })
    expect(apiCalls()).toEqual([])
  })

  it(`goes through nested ${MAX_JSON_DEPTH} deep, and is refused one level deeper`, async () => {
    expect((await postDoc(nested(MAX_JSON_DEPTH), session)).status).not.toBe(400)
    expect((await postDoc(nested(MAX_JSON_DEPTH + 1), session)).status).toBe(400)
  })
})

describe('nestingDepth', () => {
  it('counts arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(nestingDepth('{}')).toBe(1)
    expect(nestingDepth('{"a":[{"b":[]}]}')).toBe(4)
    expect(nestingDepth('{"a":"[[[[{{{{"}')).toBe(1)
    expect(nestingDepth('{"a":"\\"[[[["}')).toBe(1)
    expect(nestingDepth('"x"')).toBe(0)
    expect(nestingDepth(nested(200))).toBe(MAX_JSON_DEPTH + 1)
  })
})
