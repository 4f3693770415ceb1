/**
 * Tag search: GET /search over the model (model/search.ts), 20 results a page. What it reads
 * needs the scope a read of the same records needs (docs/service.md#scopes: "a read needs the
 * `:read` scope of its resource"): `doc:read` for documents (as GET …/docs), `repo:read` for
 * repositories (as GET /users/{login}/repos). Those reads refuse a token without the scope even
 * for public records, so search does too; the table's row says null because the scope depends on
 * `type`.
 */
import { search, SEARCH_PAGE_SIZE } from '../model/search'
import { ownerLogin } from '../model/state'
import { EmulatorError } from '../emulator-error'
import { createSubApp, queryOf, type ApiKit } from './kit'
import { bookShape, docShape } from './shapes'

const SUMMARY_LENGTH = 120

const SCOPE_OF_TYPE = { doc: 'doc:read', repo: 'repo:read' } as const

export function createSearchApi(kit: ApiKit) {
  const app = createSubApp()
  const { state, origin } = kit

  app.get(...kit.route('search'), (c) => {
    const query = queryOf(c)
    const type = query.text('type', ['doc', 'repo'] as const) ?? 'doc'
    kit.requireScope(c, SCOPE_OF_TYPE[type])
    const q = query.text('q')
    if (q === undefined)
      throw new EmulatorError(422, '请求参数校验失败: the query parameter "q" is required.')
    if (q.length > 200)
      throw new EmulatorError(
        422,
        '请求参数校验失败: the query parameter "q" must be at most 200 characters.',
      )
    const scope = query.text('scope')
    const creatorId = query.int('creatorId')
    const creator = query.text('creator')
    const creatorUser =
      creator === undefined ? undefined : state.users.find((u) => u.login === creator)
    // The document: `offset` is a page number here (页码, 非偏移量), an alias of `page`.
    const page =
      query.int('page', { min: 1, max: 100 }) ?? query.int('offset', { min: 1, max: 100 }) ?? 1
    const { hits, total } = search(state, kit.caller(c).user.id, {
      q,
      type,
      page,
      ...(scope === undefined ? {} : { scope }),
      ...((creatorId ?? creatorUser?.id) === undefined
        ? {}
        : { creatorId: creatorId ?? creatorUser?.id ?? 0 }),
    })
    const data = hits.map((hit) => {
      const namespace = `${ownerLogin(state, hit.book)}/${hit.book.slug}`
      return hit.kind === 'repo'
        ? {
            id: hit.book.id,
            type: 'repo',
            title: hit.book.name,
            summary: hit.book.description ?? '',
            url: `/${namespace}`,
            info: ownerLogin(state, hit.book),
            target: bookShape(state, hit.book, origin),
          }
        : {
            id: hit.doc.id,
            type: 'doc',
            title: hit.doc.title,
            summary: hit.doc.body.slice(0, SUMMARY_LENGTH),
            url: `/${namespace}/${hit.doc.slug}`,
            info: hit.book.name,
            target: docShape(state, hit.doc, hit.book, origin),
          }
    })
    return c.json({ meta: { total, pageNo: page, pageSize: SEARCH_PAGE_SIZE }, data })
  })

  return app
}
