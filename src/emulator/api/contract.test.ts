/**
 * Every operation of the official document answers in the document's shapes: one success per
 * operation validated against its 200 schema, and the main refusals in the API's one error shape
 * `{status, message}` with the status the document lists (400 请求参数非法, 401, 403, 404, 422
 * 请求参数校验失败). Where the document is itself wrong, DOCUMENT_FIXES says so and corrects it.
 */
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../protocol/schemas'
import { ENDPOINTS, endpointById, type EndpointId } from '../../protocol/endpoints'
import { setupApi } from '../../testing/api-setup'
import { schemaProblems, type Document, type SchemaNode } from '../../testing/schema-check'

/**
 * The requests: per operation of the endpoint table one success, run in this order against one
 * emulator (later cases delete what earlier ones made), and the main refusals. Seed facts used: alice owns api-handbook (20011) and the private drafts
 * (20013); she is admin of payments-docs and read-only in design-guild; frontend-infra is private.
 */
interface ContractCase {
  id: EndpointId
  /** A login (every scope), or null: no token. */
  as: string | null
  path: string
  body?: unknown
}

const SUCCESSES: ContractCase[] = [
  { id: 'user.hello', as: 'alice', path: '/hello' },
  { id: 'user.me', as: 'alice', path: '/user' },
  { id: 'user.show', as: null, path: '/users/wangxiaoming' },
  { id: 'search', as: 'alice', path: '/search?q=getting&type=doc' },
  { id: 'group.listByUser', as: 'alice', path: '/users/alice/groups?role=0' },
  { id: 'group.members', as: 'alice', path: '/groups/payments-docs/users' },
  {
    id: 'group.updateMember',
    as: 'alice',
    path: '/groups/payments-docs/users/bob',
    body: { role: 2 },
  },
  { id: 'group.removeMember', as: 'alice', path: '/groups/payments-docs/users/bob' },
  { id: 'statistic.group', as: 'alice', path: '/groups/payments-docs/statistics' },
  {
    id: 'statistic.members',
    as: 'alice',
    path: '/groups/payments-docs/statistics/members?limit=20&sortField=read_count',
  },
  { id: 'statistic.books', as: 'alice', path: '/groups/payments-docs/statistics/books?range=365' },
  {
    id: 'statistic.docs',
    as: 'alice',
    path: '/groups/payments-docs/statistics/docs?bookId=20101&sortOrder=asc',
  },
  { id: 'repo.listByUser', as: 'alice', path: '/users/alice/repos?offset=1&limit=2' },
  {
    id: 'repo.createByUser',
    as: 'alice',
    path: '/users/alice/repos',
    body: { name: 'Scratch', slug: 'scratch', public: 1 },
  },
  { id: 'repo.listByGroup', as: 'alice', path: '/groups/payments-docs/repos?type=Book' },
  {
    id: 'repo.createByGroup',
    as: 'alice',
    path: '/groups/payments-docs/repos',
    body: { name: '草稿', slug: 'scratch-team' },
  },
  { id: 'repo.showById', as: 'alice', path: '/repos/20011' },
  { id: 'repo.show', as: 'bob', path: '/repos/payments-docs/gateway-guide' },
  { id: 'repo.updateById', as: 'alice', path: '/repos/20012', body: { name: 'Release Notes 2' } },
  { id: 'repo.update', as: 'alice', path: '/repos/alice/release-notes', body: { public: 2 } },
  { id: 'toc.showById', as: 'alice', path: '/repos/20011/toc' },
  { id: 'toc.show', as: 'bob', path: '/repos/yuque-lab/open-api/toc' },
  {
    id: 'toc.updateById',
    as: 'alice',
    path: '/repos/20011/toc',
    body: { action: 'appendNode', action_mode: 'child', type: 'TITLE', title: 'More' },
  },
  {
    id: 'toc.update',
    as: 'alice',
    path: '/repos/alice/api-handbook/toc',
    body: {
      action: 'editNode',
      action_mode: 'sibling',
      node_uuid: 'handbook-rfc',
      title: 'RFC 6749 (OAuth 2.0)',
    },
  },
  {
    id: 'doc.listById',
    as: 'alice',
    path: '/repos/20011/docs?optional_properties=hits,tags,latest_version_id',
  },
  {
    id: 'doc.list',
    as: 'alice',
    path: '/repos/alice/api-handbook/docs?changed_at_gte=2020-06-01T00:00:00Z',
  },
  {
    id: 'doc.createById',
    as: 'alice',
    path: '/repos/20011/docs',
    body: { slug: 'scratch-doc', title: 'Scratch', body: 'Hello.' },
  },
  {
    id: 'doc.create',
    as: 'alice',
    path: '/repos/alice/api-handbook/docs',
    body: { slug: 'new-doc', title: '新文档', format: 'markdown', body: '你好。' },
  },
  { id: 'doc.showByDocId', as: 'bob', path: '/repos/docs/40021' },
  {
    id: 'doc.showById',
    as: 'alice',
    path: '/repos/20011/docs/getting-started?page=1&page_size=50',
  },
  { id: 'doc.show', as: 'alice', path: '/repos/alice/api-handbook/docs/40001' },
  {
    id: 'doc.updateById',
    as: 'alice',
    path: '/repos/20011/docs/versioning',
    body: { body: 'Two majors a year at most.' },
  },
  {
    id: 'doc.update',
    as: 'alice',
    path: '/repos/alice/api-handbook/docs/pagination',
    body: { title: 'Paging', public: 1 },
  },
  { id: 'doc.versions', as: 'alice', path: '/doc_versions?doc_id=40011' },
  { id: 'doc.version', as: 'alice', path: '/doc_versions/400111' },
  { id: 'doc.deleteById', as: 'alice', path: '/repos/20011/docs/scratch-doc' },
  { id: 'doc.delete', as: 'alice', path: '/repos/alice/api-handbook/docs/new-doc' },
  { id: 'repo.deleteById', as: 'alice', path: '/repos/90001' },
  { id: 'repo.delete', as: 'alice', path: '/repos/payments-docs/scratch-team' },
]

interface ContractRefusal extends ContractCase {
  status: 400 | 401 | 403 | 404 | 422
  /** A part of the message that says which cause it is. */
  says: string
}

const REFUSALS: ContractRefusal[] = [
  { id: 'user.me', as: null, path: '/user', status: 401, says: 'Unauthorized' },
  { id: 'user.show', as: null, path: '/users/nobody', status: 404, says: 'User not found' },
  { id: 'search', as: 'alice', path: '/search?q=x&type=wiki', status: 422, says: '"type"' },
  { id: 'search', as: 'alice', path: '/search?type=doc', status: 422, says: '"q" is required' },
  {
    id: 'search',
    as: 'alice',
    path: '/search?q=x&page=101',
    status: 422,
    says: '"page" must be at most 100',
  },
  {
    id: 'group.listByUser',
    as: 'alice',
    path: '/users/alice/groups?role=2',
    status: 422,
    says: '"role" must be one of 0, 1',
  },
  {
    id: 'group.listByUser',
    as: 'alice',
    path: '/users/alice/groups?offset=x',
    status: 400,
    says: '"offset"',
  },
  {
    id: 'group.members',
    as: 'alice',
    path: '/groups/frontend-infra/users',
    status: 404,
    says: 'Group not found',
  },
  {
    id: 'group.updateMember',
    as: 'wangxiaoming',
    path: '/groups/payments-docs/users/bob',
    body: { role: 1 },
    status: 403,
    says: 'Only an admin',
  },
  {
    id: 'group.updateMember',
    as: 'alice',
    path: '/groups/payments-docs/users/bob',
    body: { role: 7 },
    status: 422,
    says: '"role" must be one of 0, 1, 2',
  },
  {
    id: 'group.updateMember',
    as: 'alice',
    path: '/groups/payments-docs/users/bob',
    body: '{"role":',
    status: 400,
    says: 'not valid JSON',
  },
  {
    id: 'group.updateMember',
    as: 'alice',
    path: '/groups/payments-docs/users/alice',
    body: { role: 1 },
    status: 422,
    says: 'no admin left',
  },
  {
    id: 'group.removeMember',
    as: 'bob',
    path: '/groups/payments-docs/users/alice',
    status: 403,
    says: 'Only an admin',
  },
  {
    id: 'statistic.group',
    as: 'bob',
    path: '/groups/payments-docs/statistics',
    status: 403,
    says: 'Only members',
  },
  {
    id: 'statistic.members',
    as: 'alice',
    path: '/groups/payments-docs/statistics/members?limit=21',
    status: 422,
    says: '"limit" must be at most 20',
  },
  {
    id: 'statistic.books',
    as: 'alice',
    path: '/groups/payments-docs/statistics/books?sortField=stars',
    status: 422,
    says: '"sortField"',
  },
  {
    id: 'statistic.docs',
    as: 'alice',
    path: '/groups/payments-docs/statistics/docs?range=7',
    status: 422,
    says: '"range" must be one of 0, 30, 365',
  },
  {
    id: 'repo.listByUser',
    as: 'alice',
    path: '/users/alice/repos?limit=101',
    status: 422,
    says: '"limit" must be at most 100',
  },
  {
    id: 'repo.listByUser',
    as: 'alice',
    path: '/users/nobody/repos',
    status: 404,
    says: 'User not found',
  },
  {
    id: 'repo.createByUser',
    as: 'alice',
    path: '/users/bob/repos',
    body: { name: 'X', slug: 'x' },
    status: 403,
    says: 'may not create',
  },
  {
    id: 'repo.createByUser',
    as: 'alice',
    path: '/users/alice/repos',
    body: { name: 'X' },
    status: 422,
    says: '"slug"',
  },
  {
    id: 'repo.createByGroup',
    as: 'alice',
    path: '/groups/design-guild/repos',
    body: { name: 'X', slug: 'x' },
    status: 403,
    says: 'may not create',
  },
  {
    id: 'repo.showById',
    as: 'bob',
    path: '/repos/20013',
    status: 404,
    says: 'Repository not found',
  },
  {
    id: 'repo.update',
    as: 'alice',
    path: '/repos/design-guild/tokens',
    body: { name: 'X' },
    status: 403,
    says: 'may read the repository',
  },
  {
    id: 'repo.updateById',
    as: 'alice',
    path: '/repos/20011',
    body: { public: 3 },
    status: 422,
    says: '"public"',
  },
  {
    id: 'repo.deleteById',
    as: 'bob',
    path: '/repos/20011',
    status: 403,
    says: 'but not change it',
  },
  {
    id: 'toc.update',
    as: 'alice',
    path: '/repos/alice/api-handbook/toc',
    body: { action: 'appendNode', type: 'TITLE', title: 'X' },
    status: 422,
    says: 'action_mode',
  },
  {
    id: 'toc.updateById',
    as: 'alice',
    path: '/repos/20011/toc',
    body: { action_mode: 'child' },
    status: 422,
    says: '"action"',
  },
  {
    id: 'toc.showById',
    as: 'bob',
    path: '/repos/20104/toc',
    status: 404,
    says: 'Repository not found',
  },
  {
    id: 'doc.list',
    as: 'alice',
    path: '/repos/alice/api-handbook/docs?deleted=maybe',
    status: 400,
    says: '"deleted"',
  },
  {
    id: 'doc.listById',
    as: 'alice',
    path: '/repos/20011/docs?limit=101',
    status: 422,
    says: '"limit" must be at most 100',
  },
  {
    id: 'doc.listById',
    as: 'alice',
    path: '/repos/20011/docs?optional_properties=body',
    status: 422,
    says: 'optional_properties',
  },
  {
    id: 'doc.create',
    as: 'alice',
    path: '/repos/alice/api-handbook/docs',
    body: { title: 'No body' },
    status: 422,
    says: '"body"',
  },
  {
    id: 'doc.createById',
    as: 'alice',
    path: '/repos/20011/docs',
    body: { body: 'x', format: 'docx' },
    status: 422,
    says: '"format"',
  },
  {
    id: 'doc.showByDocId',
    as: 'bob',
    path: '/repos/docs/40004',
    status: 404,
    says: 'Repository not found',
  },
  {
    id: 'doc.show',
    as: 'alice',
    path: '/repos/alice/api-handbook/docs/no-such-doc',
    status: 404,
    says: 'Doc not found',
  },
  {
    id: 'doc.update',
    as: 'alice',
    path: '/repos/design-guild/tokens/docs/x',
    body: { body: 'x' },
    status: 403,
    says: 'but not change it',
  },
  {
    id: 'doc.delete',
    as: 'bob',
    path: '/repos/alice/api-handbook/docs/getting-started',
    status: 403,
    says: 'but not change it',
  },
  {
    id: 'doc.showById',
    as: 'alice',
    path: '/repos/20011/docs/getting-started?page_size=201',
    status: 422,
    says: '"page_size" must be at most 200',
  },
  { id: 'doc.versions', as: 'alice', path: '/doc_versions', status: 422, says: '"doc_id"' },
  {
    id: 'doc.version',
    as: 'alice',
    path: '/doc_versions/999999',
    status: 404,
    says: 'Version not found',
  },
]

type Operation = { responses: Record<string, { content?: Record<string, { schema: SchemaNode }> }> }
type OpenApi = Document & { paths: Record<string, Record<string, Operation>> }

const document = JSON.parse(
  readFileSync(new URL('../../../spec/yuque-openapi-2.0.1.json', import.meta.url), 'utf8'),
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

  it('accepts a team login on /users/{login}/repos, as the document says (用户/团队的 Login 或 ID)', async () => {
    const byLogin = await api.call('bob', 'GET', '/users/payments-docs/repos')
    const byId = await api.call('bob', 'GET', '/users/3001/repos')
    for (const answer of [byLogin, byId]) {
      expect(answer.body).toEqual({
        data: [expect.objectContaining({ namespace: 'payments-docs/gateway-guide' })],
      })
    }
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
