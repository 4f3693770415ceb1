import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod/mini'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../protocol/playground-api'
import { UserSchema } from '../../protocol/schemas'
import { apiGet, onResponse, postJson, requestJson, type ResponseMeta } from './api-client'
import { ApiError } from './api-error'

const alice = {
  id: 1,
  type: 'User',
  login: 'alice',
  name: 'Alice',
  description: null,
  avatar_url: 'http://127.0.0.1:4010/avatars/alice.svg',
  created_at: '2024-01-02T03:04:05Z',
  updated_at: '2024-01-02T03:04:05Z',
}

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => vi.unstubAllGlobals())

describe('apiGet', () => {
  it('unwraps the envelope, parses the headers once and tells the onResponse listeners', async () => {
    const told: ResponseMeta[] = []
    const stop = onResponse((_response, meta) => told.push(meta))
    stubFetch(
      Response.json(
        { data: alice },
        {
          headers: {
            'X-RateLimit-Limit': '5000',
            'X-RateLimit-Remaining': '4321',
            'X-OAuth-Scopes': 'doc',
          },
        },
      ),
    )
    const result = await apiGet('/api/v2/user', UserSchema)
    expect(result.data.login).toBe('alice')
    expect(result.meta).toEqual({
      status: 200,
      rateLimit: { limit: 5000, remaining: 4321 },
      grantedScopes: ['doc'],
      acceptedScopes: [],
      retryAfter: null,
      isSessionEnded: false,
      scopeFailure: null,
    })
    stop()
    // The very object the result carries: the listeners never parse the headers again.
    expect(told).toHaveLength(1)
    expect(told[0]).toBe(result.meta)
  })

  it('sends the CSRF header, same-origin credentials, and no body on GET', async () => {
    const fetchMock = stubFetch(Response.json({ data: alice }))
    await apiGet('/api/v2/user', UserSchema)
    const init = fetchMock.mock.calls[0]?.[1]
    expect(init?.credentials).toBe('same-origin')
    expect(new Headers(init?.headers).get(CSRF_HEADER)).toBe(CSRF_HEADER_VALUE)
    expect(init?.body).toBeUndefined()
  })

  it('throws an ApiError with the body message, status and parsed headers', async () => {
    stubFetch(
      Response.json(
        { status: 403, message: 'Insufficient scope' },
        { status: 403, headers: { 'X-Accepted-OAuth-Scopes': 'repo:read', 'X-OAuth-Scopes': '' } },
      ),
    )
    const error = await apiGet('/api/v2/users/1/repos', UserSchema).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ kind: 'http', status: 403, message: 'Insufficient scope' })
    expect((error as ApiError).meta).toMatchObject({
      acceptedScopes: ['repo:read'],
      grantedScopes: [],
    })
  })

  it('gives a clear message when the error body is not the error shape', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }))
    await expect(apiGet('/api/v2/user', UserSchema)).rejects.toMatchObject({
      status: 502,
      message: expect.stringMatching(/^HTTP 502: .*no error message/),
    })
  })

  it('says the playground server is unreachable on a network failure', async () => {
    stubFetch(new TypeError('Failed to fetch'))
    await expect(apiGet('/api/v2/user', UserSchema)).rejects.toMatchObject({
      kind: 'network',
      status: 0,
      message: expect.stringMatching(/unreachable/),
    })
  })

  it('refuses a success body that does not match the schema', async () => {
    stubFetch(Response.json({ data: { ...alice, id: 'one' } }))
    await expect(apiGet('/api/v2/user', UserSchema)).rejects.toMatchObject({
      kind: 'invalid-response',
      message: expect.stringContaining('id'),
    })
  })

  it('reports an ended session', async () => {
    stubFetch(
      Response.json(
        { status: 401, message: 'Unauthorized' },
        { status: 401, headers: { 'X-Playground-Session': 'ended' } },
      ),
    )
    const error = await apiGet('/api/v2/user', UserSchema).catch((e: unknown) => e)
    expect((error as ApiError).isSessionEnded).toBe(true)
  })

  it('lets a cancelled request stay a cancellation', async () => {
    const controller = new AbortController()
    controller.abort()
    const abort = new DOMException('aborted', 'AbortError')
    stubFetch(abort)
    await expect(apiGet('/api/v2/user', UserSchema, { signal: controller.signal })).rejects.toBe(
      abort,
    )
  })
})

describe('postJson', () => {
  it('sends JSON with the CSRF header', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }))
    await postJson('/auth/logout', {}, z.unknown())
    const init = fetchMock.mock.calls[0]?.[1]
    const headers = new Headers(init?.headers)
    expect(init?.method).toBe('POST')
    expect(headers.get('Content-Type')).toBe('application/json')
    expect(headers.get(CSRF_HEADER)).toBe(CSRF_HEADER_VALUE)
    expect(init?.body).toBe('{}')
  })

  it('reads the proxy error code', async () => {
    stubFetch(
      Response.json(
        { status: 400, message: 'state "abc…" was already used', code: 'state_mismatch' },
        { status: 400 },
      ),
    )
    await expect(
      postJson('/auth/exchange', { code: 'c', state: 's' }, z.unknown()),
    ).rejects.toMatchObject({
      proxyCode: 'state_mismatch',
      message: 'state "abc…" was already used',
    })
  })

  it('takes a schema loader, which the first load uses: the schema comes with the request', async () => {
    stubFetch(Response.json({ connected: false }))
    const load = vi.fn(() => Promise.resolve(z.object({ connected: z.boolean() })))
    await expect(requestJson('/auth/session', load)).resolves.toMatchObject({
      data: { connected: false },
    })
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('says the server is unreachable when a schema cannot be loaded (the app was updated or stopped)', async () => {
    stubFetch(Response.json({ connected: false }))
    const failed = requestJson('/auth/session', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    )
    await expect(failed).rejects.toBeInstanceOf(ApiError)
    await expect(failed).rejects.toMatchObject({ kind: 'network', status: 0 })
  })
})
