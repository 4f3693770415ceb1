import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ENDPOINTS, checkQuery, endpointById, matchEndpoint } from './endpoints'
import { EndpointParamError, endpointPath, playgroundApiPath } from './endpoint-path'

/** The official OpenAPI document's operations: method, path below /api/v2, operationId. */
function documentOperations() {
  const url = new URL('../../spec/yuque-openapi-2.0.1.json', import.meta.url)
  const document = JSON.parse(readFileSync(url, 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>
  }
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) =>
      operation.operationId === undefined
        ? []
        : [`${method.toUpperCase()} ${path.replace(/^\/api\/v2/, '')} ${operation.operationId}`],
    ),
  )
}

describe('the endpoint table', () => {
  it('has every operation of the official OpenAPI document, with its method and path', () => {
    const rows = ENDPOINTS.filter((e) => e.operationId !== null).map(
      (e) => `${e.method} ${e.path} ${e.operationId}`,
    )
    expect(rows.sort()).toEqual(documentOperations().sort())
    expect(rows).toHaveLength(38)
  })

  it('asks the full scope for every write and a read scope or none for every read (docs/service.md#scopes)', () => {
    for (const endpoint of ENDPOINTS) {
      if (endpoint.method === 'GET') expect(endpoint.scope ?? 'x:read').toMatch(/:read$/)
      else expect(endpoint.scope).toMatch(/^[a-z_]+$/)
      expect(endpoint.hasBody).toBe(endpoint.method === 'POST' || endpoint.method === 'PUT')
    }
  })

  it('has one row per id and per method and path', () => {
    expect(new Set(ENDPOINTS.map((e) => e.id)).size).toBe(ENDPOINTS.length)
    expect(new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`)).size).toBe(ENDPOINTS.length)
  })

  it('names every placeholder of a path among its params, and no other', () => {
    for (const endpoint of ENDPOINTS) {
      const names = [...endpoint.path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1])
      expect(names.sort()).toEqual(Object.keys(endpoint.params).sort())
    }
  })
})

describe('endpointPath', () => {
  it('fills the template', () => {
    expect(endpointPath(endpointById('repo.listByUser'), { login: 'alice' })).toBe(
      '/users/alice/repos',
    )
    expect(playgroundApiPath(endpointById('group.listByUser'), { id: 7 })).toBe(
      '/api/v2/users/7/groups',
    )
    expect(playgroundApiPath(endpointById('repo.listByUser'), { login: 'a' }, { offset: 2 })).toBe(
      '/api/v2/users/a/repos?offset=2',
    )
  })

  it.each(['..', '%2e%2e', 'a/b', 'a\\b', '', '@evil.test', 'a%0d%0a', '王小明'])(
    'refuses the parameter %j and names it',
    (value) => {
      expect(() => endpointPath(endpointById('user.show'), { login: value })).toThrow(
        EndpointParamError,
      )
      expect(() => endpointPath(endpointById('user.show'), { login: value })).toThrow(/"login"/)
    },
  )
})

describe('matchEndpoint', () => {
  it('finds the operation and its parameters', () => {
    const match = matchEndpoint('GET', '/users/alice/repos')
    expect(match).toMatchObject({ ok: true, params: { login: 'alice' } })
    expect(match.ok && match.endpoint.id).toBe('repo.listByUser')
  })

  it('answers 405 with the allowed methods for a known path and another method', () => {
    expect(matchEndpoint('DELETE', '/user')).toMatchObject({
      ok: false,
      status: 405,
      allow: ['GET'],
    })
  })

  it('prefers the most specific template, and its methods decide', () => {
    const list = matchEndpoint('GET', '/repos/12/docs')
    expect(list.ok && list.endpoint.id).toBe('doc.listById')
    expect(matchEndpoint('DELETE', '/repos/12/docs')).toMatchObject({
      ok: false,
      status: 405,
      allow: ['GET', 'POST'],
    })
    const byDocId = matchEndpoint('GET', '/repos/docs/5')
    expect(byDocId.ok && byDocId.endpoint.id).toBe('doc.showByDocId')
    const bySlug = matchEndpoint('PUT', '/repos/team/handbook')
    expect(bySlug).toMatchObject({
      ok: true,
      params: { group_login: 'team', book_slug: 'handbook' },
    })
  })

  it.each(['/users/../admin', '/users/%2e%2e/repos', '/users/a%2fb', '/nope', '/users//repos', ''])(
    'answers 404 for %j',
    (path) => {
      expect(matchEndpoint('GET', path)).toMatchObject({ ok: false, status: 404 })
    },
  )
})

describe('checkQuery', () => {
  const repos = endpointById('repo.listByUser')

  it('keeps declared parameters that match their pattern', () => {
    expect(checkQuery(repos, new URLSearchParams('offset=20&type=Book'))).toEqual({
      ok: true,
      search: '?offset=20&type=Book',
    })
  })

  it.each([
    ['base=http://evil.test', /"base" is not allowed/],
    ['offset=1&offset=2', /repeated/],
    ['offset=-1', /"offset" \("-1"\) must be a whole number/],
  ])('refuses %s with a message naming the parameter', (query, message) => {
    const result = checkQuery(repos, new URLSearchParams(query))
    expect(result.ok).toBe(false)
    expect(!result.ok && result.message).toMatch(message)
  })
})
