import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { describeApiError } from './describe-api-error'
import { commonMessages } from './messages'

function httpError(status: number, headers: Record<string, string> = {}) {
  return new ApiError({
    kind: 'http',
    status,
    body: { status, message: 'Refused' },
    headers: new Headers(headers),
    method: 'GET',
    path: '/api/v2/x',
    message: 'Refused',
  })
}

describe('describeApiError', () => {
  it('names the missing scope of a 403 from the headers', () => {
    const description = describeApiError(
      httpError(403, { 'X-Accepted-OAuth-Scopes': 'repo:read', 'X-OAuth-Scopes': 'doc' }),
    )
    expect(description).toMatchObject({
      next: 'connect',
      missingScopes: ['repo:read'],
      reconnectScopes: ['doc', 'repo:read'],
    })
    expect(description.detail).toContain('"repo:read"')
  })

  it('falls back to the session scope when X-OAuth-Scopes is absent', () => {
    const description = describeApiError(
      httpError(403, { 'X-Accepted-OAuth-Scopes': 'repo:read' }),
      'repo',
    )
    expect(description.missingScopes).toEqual([])
  })

  it('asks to connect again on a 401', () => {
    expect(describeApiError(httpError(401)).next).toBe('connect')
  })

  it('tells how long to wait on a 429', () => {
    expect(describeApiError(httpError(429, { 'Retry-After': '12' }))).toMatchObject({
      next: 'wait',
      retryAfterSeconds: 12,
    })
  })

  it('says when a 429 does not say how long to wait', () => {
    const description = describeApiError(httpError(429))
    expect(description).toMatchObject({ next: 'wait', retryAfterSeconds: null })
    expect(description.detail).toContain('did not say when; try again in a few minutes')
  })

  it('reads a scope 401 like a 403: the missing scope, and connect again with it', () => {
    const description = describeApiError(
      httpError(401, { 'X-Playground-Scope-Failure': 'group:read' }),
      'repo:read',
    )
    expect(description).toMatchObject({
      title: 'The token lacks a scope',
      next: 'connect',
      missingScopes: ['group:read'],
      reconnectScopes: ['repo:read', 'group:read'],
    })
  })

  it('reads a scope 401 that names no scope as a scope failure all the same', () => {
    const description = describeApiError(
      httpError(401, { 'X-Playground-Scope-Failure': '' }),
      'repo:read',
    )
    expect(description.title).toBe('The token lacks a scope')
    expect(description.detail).toContain('without saying which scope is missing')
  })

  it('offers a retry on a 5xx', () => {
    expect(describeApiError(httpError(503)).next).toBe('retry')
  })
})

describe('a proxy refusal of a call to the service', () => {
  it('is said in the page’s words (its catalog), not with the proxy’s English message', () => {
    const refusal = new ApiError({
      kind: 'http',
      status: 502,
      body: { status: 502, message: 'The service at http://127.0.0.1:9 is unreachable.' },
      errorBody: { status: 502, message: 'The service at http://127.0.0.1:9 is unreachable.' },
      headers: new Headers({ 'X-Playground-Error': 'upstream_unreachable' }),
      method: 'GET',
      path: '/api/v2/user',
      message: 'The service at http://127.0.0.1:9 is unreachable.',
    })
    const description = describeApiError(refusal)
    expect(description.detail).toBe(commonMessages.errors.proxy.upstream_unreachable)
    expect(description.next).toBe('retry')
  })
})
