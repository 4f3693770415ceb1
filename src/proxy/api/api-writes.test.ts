/**
 * API calls that change data (POST, PUT, DELETE) through the proxy: the JSON body is checked,
 * capped and re-serialised, and every refusal happens before the service is called
 * (docs/security.md#e1 to #e4, #f1, #f2). Against the real emulator in-process; what the proxy
 * sends is recorded.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { createEmulator } from '../../emulator/emulator'
import { seedApps } from '../../emulator/seed'
import { authorizeThroughPages } from '../../testing/emulator-pages'
import { ErrorBodySchema } from '../../protocol/envelope'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../protocol/playground-api'
import { TRACE_HEADER, parseTraceHeader } from '../../protocol/trace'
import { MAX_API_BODY_BYTES } from './api-body'
import { loadConfig } from '../config'
import { createProxy } from '../proxy'
import { connectBrowser, createBrowser } from '../../testing/proxy-browser'
import { createInProcessUpstream, type UpstreamRequest } from './upstream'

const ORIGIN = 'http://localhost:5173'
let emulator: ReturnType<typeof createEmulator>
let proxy: ReturnType<typeof createProxy>
let sent: UpstreamRequest[]
let browser: ReturnType<typeof createBrowser>

beforeEach(async () => {
  emulator = createEmulator({
    testControl: true,
    apps: seedApps({ webRedirectUri: `${ORIGIN}/callback` }),
  })
  sent = []
  const upstream = createInProcessUpstream((request) => emulator.app.request(request))
  proxy = createProxy({
    config: loadConfig({ SESSION_SECRET: 'api-writes-test-secret-0123456789abcdef' }),
    upstream: (request) => {
      sent.push(request)
      return upstream(request)
    },
  })
  browser = createBrowser(proxy, ORIGIN, { trace: true })
  const connected = await connectBrowser(
    browser,
    async (url) => (await authorizeThroughPages(emulator.app, url, { login: 'alice' })).location,
    ['doc', 'repo'],
  )
  expect(connected.status).toBe(200)
  sent = []
  emulator.control.clearLog()
})

/** The proxy refused: `status`, a message containing `words`, and nothing reached the service. */
async function expectRefused(response: Response, status: number, words: string) {
  expect(response.status).toBe(status)
  const body = ErrorBodySchema.parse(await response.json())
  expect(body.message).toContain(words)
  expect(sent).toEqual([])
  expect(emulator.control.requestLog().filter((entry) => entry.path.startsWith('/api'))).toEqual([])
}

describe('a JSON body is forwarded re-serialised', () => {
  it('sends the parsed object as the proxy writes it, with Content-Type: application/json', async () => {
    await browser.call('POST', '/api/v2/repos/1/docs', {
      body: '{ "title" : "Hello",\n "body": "# 你好", "format": "markdown" }',
    })
    expect(sent).toHaveLength(1)
    const [request] = sent
    expect(request?.method).toBe('POST')
    expect(request?.body).toBe('{"title":"Hello","body":"# 你好","format":"markdown"}')
    expect(request?.headers['Content-Type']).toBe('application/json')
  })

  it('is a body the service takes: the emulator, which refuses a body not sent as application/json with 415, creates the repository', async () => {
    const response = await browser.call('POST', '/api/v2/users/alice/repos', {
      body: { name: 'Through the proxy', slug: 'via-proxy' },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ data: { namespace: 'alice/via-proxy' } })
    const changed = await browser.call('PUT', '/api/v2/repos/alice/via-proxy', {
      body: { public: 1 },
    })
    expect(changed.status).toBe(200)
  })

  it('traces the body by field names and kinds, never its values', async () => {
    const response = await browser.call('PUT', '/api/v2/repos/1/docs/intro', {
      body: { title: 'A secret title', public: 1 },
    })
    const trace = parseTraceHeader(response.headers.get(TRACE_HEADER) ?? '')
    if (trace === null) throw new Error('no trace')
    const step = trace.steps.find((candidate) => candidate.kind === 'api')
    expect(step?.request?.paramsIn).toBe('json')
    expect(step?.request?.params).toEqual([
      { name: 'title', value: '(string, 14 characters)' },
      { name: 'public', value: '(number)' },
    ])
    expect(JSON.stringify(trace)).not.toContain('A secret title')
  })

  it('sends DELETE without a body', async () => {
    await browser.call('DELETE', '/api/v2/repos/1/docs/intro', {
      headers: { 'Content-Type': 'application/json' },
    })
    expect(sent.map((request) => [request.method, request.body])).toEqual([['DELETE', undefined]])
  })
})

describe('refused before the service is called', () => {
  it('refuses a body that is not declared JSON', async () => {
    const response = await browser.call('POST', '/api/v2/repos/1/docs', {
      body: 'title=x',
      headers: { 'Content-Type': 'text/plain' },
    })
    await expectRefused(response, 415, 'Content-Type: application/json')
  })

  it('refuses a body that is not JSON, naming the problem', async () => {
    const response = await browser.call('PUT', '/api/v2/repos/1/docs/intro', { body: '{"title":' })
    await expectRefused(response, 400, 'is not valid JSON')
  })

  it('refuses JSON that is not an object', async () => {
    const response = await browser.call('PUT', '/api/v2/repos/1', { body: '["a"]' })
    await expectRefused(response, 400, 'must be a JSON object')
  })

  it(`refuses a body over ${MAX_API_BODY_BYTES} bytes`, async () => {
    const body = JSON.stringify({ body: 'x'.repeat(MAX_API_BODY_BYTES) })
    const response = await browser.call('POST', '/api/v2/repos/1/docs', { body })
    await expectRefused(response, 413, `larger than ${MAX_API_BODY_BYTES} bytes`)
  })

  it('accepts a body just under the limit (the cap is per area, not the 16 KB of /auth)', async () => {
    const body = JSON.stringify({ body: 'x'.repeat(MAX_API_BODY_BYTES - 100) })
    await browser.call('POST', '/api/v2/repos/1/docs', { body })
    expect(sent).toHaveLength(1)
  })

  it('refuses a body on DELETE', async () => {
    const response = await browser.call('DELETE', '/api/v2/repos/1', { body: { force: true } })
    await expectRefused(response, 400, 'takes no request body')
  })

  it('refuses a method the path does not allow with 405 and Allow', async () => {
    const response = await browser.call('POST', '/api/v2/repos/1/docs/intro', { body: {} })
    expect(response.headers.get('Allow')).toBe('GET, PUT, DELETE')
    await expectRefused(response, 405, 'POST is not allowed')
  })

  it('refuses a query parameter the operation does not declare', async () => {
    const response = await browser.call('PUT', '/api/v2/repos/1?admin=1', { body: {} })
    await expectRefused(response, 400, 'The query parameter "admin" is not allowed')
  })

  for (const [kind, path] of [
    ['id', '/api/v2/repos/%2e%2e/docs'],
    ['slug', '/api/v2/repos/1/docs/%2e%2e%2fuser'],
    ['login', '/api/v2/groups/a%2fb/repos'],
    ['userKey', '/api/v2/groups/team/users/..%5c..'],
  ] as const) {
    it(`refuses a traversal in a ${kind} parameter`, async () => {
      const response = await browser.call(kind === 'userKey' ? 'DELETE' : 'POST', path, {
        ...(kind === 'userKey' ? { headers: { 'Content-Type': 'application/json' } } : {}),
        ...(kind === 'userKey' ? {} : { body: {} }),
      })
      await expectRefused(response, 404, 'No operation of the API matches')
    })
  }

  for (const method of ['PUT', 'DELETE'] as const) {
    it(`refuses ${method} from a cross-site Origin`, async () => {
      const response = await browser.call(method, '/api/v2/repos/1/docs/intro', {
        headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
        ...(method === 'PUT' ? { body: {} } : {}),
      })
      await expectRefused(response, 403, 'State-changing calls must come from')
    })

    it(`refuses ${method} without the CSRF header`, async () => {
      const response = await browser.call(method, '/api/v2/repos/1/docs/intro', {
        headers: { [CSRF_HEADER]: `not-${CSRF_HEADER_VALUE}`, 'Content-Type': 'application/json' },
        ...(method === 'PUT' ? { body: {} } : {}),
      })
      await expectRefused(response, 403, `Missing the ${CSRF_HEADER}`)
    })
  }
})
