import Yuque from '@yuque/sdk'
import { describe, expect, it } from 'vitest'
import { ENDPOINTS, type Endpoint } from '../../../protocol/endpoints'
import { endpointPath } from '../../../protocol/endpoint-path'
import type { SegmentKind } from '../../../protocol/endpoint-types'
import { sdkSnippetFor } from './sdk-snippet'
import { snippetMessages } from './snippet-messages'
import { SNIPPET_USER_AGENT, type SnippetRequest } from './snippets'

const BASE = 'https://www.yuque.com/api/v2'
const comments = snippetMessages.comments
const SAMPLE: Record<SegmentKind, string> = {
  id: '20011',
  login: 'acme',
  userKey: 'alice',
  slug: 'intro',
}

/** The request of `endpoint` with sample values, and a JSON object body where it takes one. */
function sampleRequest(endpoint: Endpoint, query = ''): SnippetRequest {
  const params = Object.fromEntries(Object.entries(endpoint.params).map(([n, k]) => [n, SAMPLE[k]]))
  return {
    method: endpoint.method,
    baseUrl: BASE,
    servicePath: `${endpointPath(endpoint, params)}${query}`,
    ...(endpoint.hasBody ? { body: '{"title": "x", "public": 1}' } : {}),
  }
}

/**
 * What the real SDK sends for the snippet's call: its client's `request` is swapped for one that
 * records the path and options instead of sending them. The argument is the snippet's own
 * literal, read by JavaScript.
 */
async function sdkRequestOf(code: string): Promise<{ api: string; method: string; data: unknown }> {
  const call = /client\.(\w+)\.(\w+)\(([\s\S]*?)\)\n {2}console/.exec(code)
  if (call === null) throw new Error(`no SDK call in:\n${code}`)
  const [, resource = '', method = '', literal = ''] = call
  const args: unknown = literal === '' ? undefined : new Function(`return (${literal})`)()
  const client = new Yuque({ token: 't0ken' })
  let seen: { api: string; method: string; data: unknown } | undefined
  client._client.request = (api, opts) => {
    seen = { api, method: opts?.method ?? 'GET', data: opts?.data }
    return Promise.resolve(null)
  }
  const target = client[resource as 'users'] as unknown as Record<
    string,
    (a: unknown) => Promise<unknown>
  >
  await target[method]?.(args)
  if (seen === undefined) throw new Error(`client.${resource}.${method} sent nothing`)
  return seen
}

describe('sdkSnippetFor', () => {
  it('writes GET /user as users.get(), with the token from the environment and a User-Agent', () => {
    const code = sdkSnippetFor(
      { method: 'GET', baseUrl: `${BASE}/`, servicePath: '/user' },
      comments,
    )
    expect(code).toContain("import Yuque from '@yuque/sdk'")
    expect(code).toContain('token: process.env.YUQUE_TOKEN,')
    // The SDK appends paths to its endpoint as they are: the final slash is kept, once.
    expect(code).toContain(`endpoint: "${BASE}/",`)
    expect(code).toContain(`userAgent: "${SNIPPET_USER_AGENT}",`)
    expect(code).toContain('const data = await client.users.get()')
  })

  it('makes, for every operation it maps, the very request the explorer sends', async () => {
    const mapped: string[] = []
    for (const endpoint of ENDPOINTS) {
      const request = sampleRequest(endpoint)
      const code = sdkSnippetFor(request, comments)
      if (code === null) continue
      mapped.push(endpoint.id)
      const sent = await sdkRequestOf(code)
      expect(`${sent.method} /${sent.api}`, endpoint.id).toBe(
        `${request.method} ${request.servicePath}`,
      )
      const body = request.body === undefined ? undefined : (JSON.parse(request.body) as unknown)
      expect(sent.data, endpoint.id).toEqual(body)
    }
    // The SDK's users, group members, repos, tables of contents (read) and docs: the table's
    // operations the SDK has a call for.
    expect(mapped.sort()).toEqual(
      [
        ...['user.me', 'user.show', 'group.listByUser', 'group.members'],
        ...['group.updateMember', 'group.removeMember', 'toc.showById', 'toc.show'],
        ...['repo.listByUser', 'repo.listByGroup', 'repo.createByUser', 'repo.createByGroup'],
        ...['repo.showById', 'repo.show', 'repo.updateById', 'repo.update'],
        ...['repo.deleteById', 'repo.delete', 'doc.listById', 'doc.list'],
        ...['doc.createById', 'doc.create', 'doc.showById', 'doc.show'],
        ...['doc.updateById', 'doc.update', 'doc.deleteById', 'doc.delete'],
      ].sort(),
    )
  })

  it('passes a GET query as data where the SDK’s method does, and has no call where it does not', async () => {
    const doc = ENDPOINTS.find((endpoint) => endpoint.id === 'doc.show')
    const list = ENDPOINTS.find((endpoint) => endpoint.id === 'doc.list')
    if (doc === undefined || list === undefined) throw new Error('no doc.show or doc.list')
    const code = sdkSnippetFor(sampleRequest(doc, '?raw=1'), comments) ?? ''
    expect(await sdkRequestOf(code)).toEqual({
      api: 'repos/acme/intro/docs/intro',
      method: 'GET',
      data: { raw: '1' },
    })
    // docs.list sends no query: the explorer's ?offset= has no SDK equivalent.
    expect(sdkSnippetFor(sampleRequest(list, '?offset=20'), comments)).toBeNull()
  })

  it('has no call for what the SDK lacks, nor for a body that is no JSON object', () => {
    const none = (request: Omit<SnippetRequest, 'baseUrl'>) =>
      sdkSnippetFor({ ...request, baseUrl: BASE }, comments)
    expect(none({ method: 'GET', servicePath: '/hello' })).toBeNull()
    expect(none({ method: 'GET', servicePath: '/search?q=x&type=doc' })).toBeNull()
    expect(none({ method: 'GET', servicePath: '/nowhere' })).toBeNull()
    expect(none({ method: 'POST', servicePath: '/repos/1/docs', body: '[1, 2]' })).toBeNull()
    expect(none({ method: 'POST', servicePath: '/repos/1/docs', body: 'not json' })).toBeNull()
  })

  it('writes its comments in the reader’s language', () => {
    const zh = sdkSnippetFor(
      { method: 'GET', baseUrl: BASE, servicePath: '/user' },
      { token: '令牌', userAgent: '用户代理', sdk: 'SDK 抛出\n错误' },
    )
    expect(zh?.split('\n').slice(0, 2)).toEqual(['// 令牌', '// 用户代理'])
    expect(zh).toContain('  // SDK 抛出 错误')
  })
})
