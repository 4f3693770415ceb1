/**
 * Every operation of the official document answers in the document's shapes: one success per
 * operation validated against its 200 schema, and the main refusals in the API's one error shape
 * `{status, message}` with the status the document lists (400 请求参数非法, 401, 403, 404, 422
 * 请求参数校验失败). Where the document is itself wrong, DOCUMENT_FIXES says so and corrects it.
 */
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../protocol/schemas'
import { ENDPOINTS, endpointById } from '../protocol/endpoints'
import { setupApi } from './api/api-testing'
import { schemaProblems, type Document, type SchemaNode } from './api/schema-check'
import { REFUSALS, SUCCESSES } from './contract-cases'

type Operation = { responses: Record<string, { content?: Record<string, { schema: SchemaNode }> }> }
type OpenApi = Document & { paths: Record<string, Record<string, Operation>> }

const document = JSON.parse(
  readFileSync(new URL('../../spec/yuque-openapi-2.0.1.json', import.meta.url), 'utf8'),
) as OpenApi

const ref = (name: string): SchemaNode => ({ $ref: `#/components/schemas/${name}` })
const listOf = (name: string): SchemaNode => ({ type: 'array', items: ref(name) })
const dataIs = (data: SchemaNode): SchemaNode => ({ type: 'object', properties: { data } })
const statistics = (key: string, row: string) =>
  dataIs({ type: 'object', properties: { [key]: listOf(row), total: { type: 'integer' } } })

/**
 * Where the document contradicts the service (and the SDK, which reads these as lists), the
 * schema used instead. Each entry: the operation, why, the corrected 200 schema.
 */
const DOCUMENT_FIXES: Partial<Record<string, { why: string; schema: SchemaNode }>> = {
  // Declares `data` one V2Group; the operation lists a user's teams (the SDK's groups.list).
  'group.listByUser': { why: 'data is a list of V2Group', schema: dataIs(listOf('V2Group')) },
  // Declares `members` (and books, docs below) one statistics object; the operations page lists.
  'statistic.members': {
    why: 'members is a list',
    schema: statistics('members', 'V2MemberStatistics'),
  },
  'statistic.books': { why: 'books is a list', schema: statistics('books', 'V2BookStatistics') },
  'statistic.docs': { why: 'docs is a list', schema: statistics('docs', 'V2DocStatistics') },
}
// V2Doc.tags and V2DocDetail.tags are declared one V2Tag; a document has a list of tags.
for (const name of ['V2Doc', 'V2DocDetail']) {
  const schema = document.components.schemas?.[name] as SchemaNode
  schema.properties = { ...schema.properties, tags: listOf('V2Tag') }
}

// `description` is declared a plain string; a user, team or repository without one has null
// (records.ts sends it so, and the web app's schemas accept it).
for (const name of ['V2User', 'V2Book', 'V2BookDetail', 'V2Group']) {
  const schema = document.components.schemas?.[name] as SchemaNode
  schema.properties = { ...schema.properties, description: { type: 'string', nullable: true } }
}

function successSchema(id: string): SchemaNode {
  const fix = DOCUMENT_FIXES[id]
  if (fix !== undefined) return fix.schema
  // The seed spec's public user lookup is not in the document; it answers a V2User.
  if (id === 'user.show') return dataIs(ref('V2User'))
  const endpoint = endpointById(id as never)
  const operation = document.paths[`/api/v2${endpoint.path}`]?.[endpoint.method.toLowerCase()]
  const schema = operation?.responses['200']?.content?.['application/json']?.schema
  if (schema === undefined) throw new Error(`no 200 schema for ${id}`)
  return schema
}

const api = setupApi()
beforeAll(async () => {
  for (const login of ['alice', 'bob', 'wangxiaoming']) await api.tokenFor(login)
})

describe('the emulator against the official OpenAPI document', () => {
  it('has a success case for every operation of the endpoint table', () => {
    const covered = new Set(SUCCESSES.map((c) => c.id))
    expect(ENDPOINTS.filter((e) => !covered.has(e.id)).map((e) => e.id)).toEqual([])
  })

  it.each(SUCCESSES)('$id answers 200 in the document’s schema ($path)', async (c) => {
    const { method } = endpointById(c.id)
    const answer = await api.call(c.as, method, c.path, c.body)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(schemaProblems(document, successSchema(c.id), answer.body)).toEqual([])
    expect(answer.body).toMatchObject({ data: expect.anything() })
  })

  it.each(REFUSALS)('$id refuses with $status: $says ($path)', async (c) => {
    const { method } = endpointById(c.id)
    const answer = await api.call(c.as, method, c.path, c.body)
    expect(answer.status, JSON.stringify(answer.body)).toBe(c.status)
    const body = ErrorBodySchema.parse(answer.body)
    expect(body.status).toBe(c.status)
    expect(body.message).toContain(c.says)
  })

  it('answers 401 without a token and 403 naming the scope for a token without it, on every scoped operation', async () => {
    const bare = await api.tokenFor('bob', '')
    for (const endpoint of ENDPOINTS.filter((e) => e.scope !== null)) {
      const sample = SUCCESSES.find((c) => c.id === endpoint.id)
      const path = `/api/v2${sample?.path ?? ''}`
      const headers = { 'User-Agent': 'contract/1.0' }
      const anonymous = await api.app.request(path, { method: endpoint.method, headers })
      expect([endpoint.id, anonymous.status]).toEqual([endpoint.id, 401])
      const scopeless = await api.app.request(path, {
        method: endpoint.method,
        headers: { ...headers, 'X-Auth-Token': bare },
      })
      expect([endpoint.id, scopeless.status]).toEqual([endpoint.id, 403])
      expect(ErrorBodySchema.parse(await scopeless.json()).message).toContain(`"${endpoint.scope}"`)
    }
  })
})
