import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../protocol/endpoints'
import { ErrorBodySchema } from '../../protocol/schemas'
import { EmulatorError } from '../emulator-error'
import { setupApi } from '../../testing/api-setup'
import type { ApiEnv } from './kit'
import { honoPathOf, mountNotEmulated, notEmulated, UNDOCUMENTED } from './not-emulated'
import { schemaProblems } from '../../testing/schema-check'

describe('operations without a handler', () => {
  const allBut = (...ids: string[]) =>
    new Set(ENDPOINTS.map((e) => e.id).filter((id) => !ids.includes(id)))

  it('answer 501 "not emulated: <METHOD> <path template>", not a 404 that reads like a missing record', async () => {
    const api = new Hono<ApiEnv>()
    mountNotEmulated(api, allBut('toc.update', 'statistic.docs'))
    api.onError((error, c) =>
      error instanceof EmulatorError
        ? c.json({ status: error.status, message: error.message }, error.status)
        : c.text('?', 500),
    )
    const toc = await api.request('/repos/alice/api-handbook/toc', { method: 'PUT' })
    expect(toc.status).toBe(501)
    expect(ErrorBodySchema.parse(await toc.json())).toEqual({
      status: 501,
      message: 'not emulated: PUT /repos/{group_login}/{book_slug}/toc',
    })
    expect((await api.request('/groups/g/statistics/docs')).status).toBe(501)
    expect((await api.request('/repos/alice/api-handbook/toc')).status).toBe(404)
  })

  it('are listed from the table: what is not handled', () => {
    expect(notEmulated(allBut('search')).map((e) => e.id)).toEqual(['search'])
  })

  it('match numeric ids only where the table says id', () => {
    const byId = ENDPOINTS.find((e) => e.id === 'repo.showById')
    expect(byId === undefined ? '' : honoPathOf(byId)).toBe('/repos/:book_id{[0-9]+}')
  })
})

describe('paths the document lacks that clients call (UNDOCUMENTED)', () => {
  it('answer 501 "not emulated", saying why, not a 404 that reads like a missing team', async () => {
    const api = setupApi()
    const answers = await Promise.all(
      UNDOCUMENTED.map(async ({ method, path }) => {
        const concrete = path.replace('{login}', 'yuque-lab')
        const body = method === 'GET' || method === 'DELETE' ? undefined : {}
        const answer = await api.call('alice', method, concrete, body)
        return [`${method} ${path}`, answer.status, ErrorBodySchema.parse(answer.body).message]
      }),
    )
    expect(answers).toEqual(
      UNDOCUMENTED.map(({ method, path, why }) => [
        `${method} ${path}`,
        501,
        `not emulated: ${method} ${path} (${why})`,
      ]),
    )
    expect(answers.map(([line]) => line)).toEqual(
      expect.arrayContaining(['GET /groups/{login}', 'POST /upload/attach']),
    )
  })

  it('leave the table’s operations below them, and unknown paths, as they were', async () => {
    const api = setupApi()
    expect((await api.call('alice', 'GET', '/groups/payments-docs/users')).status).toBe(200)
    const unknown = await api.call('alice', 'GET', '/groups/payments-docs/nothing')
    expect([unknown.status, unknown.body]).toEqual([404, { status: 404, message: 'Not Found' }])
    // No UNDOCUMENTED path is also an operation of the table.
    for (const { method, path } of UNDOCUMENTED) {
      expect(ENDPOINTS.some((e) => e.method === method && e.path === path)).toBe(false)
    }
  })
})

describe('the contract test’s schema check', () => {
  const doc = {
    components: {
      schemas: {
        Thing: {
          type: 'object',
          properties: { n: { type: 'integer' }, kind: { type: 'string', enum: ['a', 'b'] } },
        },
      },
    },
  }
  const thing = { $ref: '#/components/schemas/Thing' }

  it('finds a wrong type, a value outside its enum and a list where one object is declared', () => {
    expect(schemaProblems(doc, thing, { n: 'one', kind: 'c' })).toEqual([
      '$.n: string where the schema says integer',
      '$.kind: "c" is not one of ["a","b"]',
    ])
    expect(schemaProblems(doc, thing, [{ n: 1 }])).toEqual([
      '$: array where the schema says object',
    ])
    expect(schemaProblems(doc, { type: 'array', items: thing }, [{ n: 1, kind: 'a' }])).toEqual([])
  })

  it('refuses null unless the schema is nullable', () => {
    expect(schemaProblems(doc, { type: 'string' }, null)).toEqual([
      '$: null where the schema allows none',
    ])
    expect(schemaProblems(doc, { type: 'string', nullable: true }, null)).toEqual([])
  })
})

describe('a path whose parameters only the router accepts', () => {
  it('answers 404, as a lookup of a record that cannot exist, not 500', async () => {
    const api = setupApi()
    const answer = await api.call('alice', 'GET', '/repos/99999999999999999999/docs')
    expect(answer.status).toBe(404)
  })
})
