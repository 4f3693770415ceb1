/**
 * Tag doc: documents of a repository (by repository id or namespace, the document by id or slug)
 * and their versions. Lists page with offset and limit (at most 100) and filter by `deleted` and
 * `changed_at_gte`; optional_properties adds hits, tags and latest_version_id.
 */
import {
  createDoc,
  deleteDoc,
  listDocs,
  showDoc,
  showDocById,
  updateDoc,
  versionById,
  versionsOf,
  type DocInput,
} from '../model/docs'
import type { Book, Doc } from '../model/types'
import {
  bookRefOf,
  createSubApp,
  fieldsOf,
  mountRoutes,
  queryOf,
  VISIBILITY,
  type ApiContext,
  type ApiKit,
  bodyFieldsOf,
} from './kit'
import { docEnvelope } from './envelope'
import { docDetailShape, docShape, versionDetailShape, versionShape } from './shapes'

const OPTIONAL = ['hits', 'tags', 'latest_version_id']
const FORMATS = ['markdown', 'html', 'lake'] as const

async function docInput(c: ApiContext): Promise<DocInput> {
  const fields = await bodyFieldsOf(c)
  const given = {
    slug: fields.str('slug'),
    title: fields.str('title'),
    public: fields.int('public', VISIBILITY),
    format: fields.choice('format', FORMATS),
    body: fields.str('body'),
  }
  return Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined))
}

/** page and page_size are for data-table documents (数据表使用); checked, then ignored. */
function checkPages(c: ApiContext): void {
  const query = queryOf(c)
  query.int('page', { min: 1 })
  query.int('page_size', { min: 1, max: 200 })
}

export function createDocApi(kit: ApiKit) {
  const app = createSubApp()
  const { state, origin } = kit
  const viewer = (c: ApiContext) => kit.caller(c).user.id
  const key = (c: ApiContext) => c.req.param('id') ?? ''
  /** A document that still exists, with what the caller may do with it (envelope.ts). */
  const detail = (c: ApiContext, doc: Doc, book: Book) =>
    docEnvelope(state, kit.caller(c), book, docDetailShape(state, doc, book, origin))

  const list = (c: ApiContext) => {
    const query = queryOf(c)
    const since = query.dateTime('changed_at_gte')
    const filter = {
      offset: query.int('offset', { min: 0 }) ?? 0,
      limit: query.int('limit', { min: 1, max: 100 }) ?? 100,
      deleted: query.bool('deleted') ?? false,
      ...(since === undefined ? {} : { changedAtGte: since }),
    }
    const asked = (query.text('optional_properties') ?? '').split(',')
    const unknown = asked.find((name) => name !== '' && !OPTIONAL.includes(name))
    if (unknown !== undefined) queryOf(c).text('optional_properties', OPTIONAL)
    // The document: optional_properties is ignored when a page holds more than 100.
    const optional = new Set(filter.limit > 100 ? [] : asked)
    const { book, docs, total } = listDocs(state, viewer(c), bookRefOf(c), filter)
    return c.json({
      meta: { total },
      data: docs.map((doc) => docShape(state, doc, book, origin, optional)),
    })
  }
  const create = async (c: ApiContext) => {
    const input = await docInput(c)
    if (input.body === undefined) fieldsOf({}).required('body')
    const { book, doc } = createDoc(state, viewer(c), bookRefOf(c), {
      ...input,
      body: input.body ?? '',
    })
    return c.json(detail(c, doc, book))
  }
  const show = (c: ApiContext) => {
    checkPages(c)
    const { book, doc } = showDoc(state, viewer(c), bookRefOf(c), key(c))
    return c.json(detail(c, doc, book))
  }
  const update = async (c: ApiContext) => {
    const { book, doc } = updateDoc(state, viewer(c), bookRefOf(c), key(c), await docInput(c))
    return c.json(detail(c, doc, book))
  }
  const remove = (c: ApiContext) => {
    const { book, doc } = deleteDoc(state, viewer(c), bookRefOf(c), key(c))
    return c.json({ data: docDetailShape(state, doc, book, origin) })
  }

  app.get(...kit.route('doc.showByDocId'), (c) => {
    checkPages(c)
    const { book, doc } = showDocById(state, viewer(c), Number(key(c)))
    return c.json(detail(c, doc, book))
  })

  mountRoutes(app, kit, [
    ['doc.listById', list],
    ['doc.createById', create],
    ['doc.showById', show],
    ['doc.updateById', update],
    ['doc.deleteById', remove],
    ['doc.list', list],
    ['doc.create', create],
    ['doc.show', show],
    ['doc.update', update],
    ['doc.delete', remove],
  ])

  app.get(...kit.route('doc.versions'), (c) => {
    const docId = queryOf(c).int('doc_id', { min: 1 })
    if (docId === undefined) fieldsOf({}).required('doc_id')
    const versions = versionsOf(state, viewer(c), docId ?? 0)
    return c.json({ data: versions.map((version) => versionShape(state, version, origin)) })
  })

  app.get(...kit.route('doc.version'), (c) => {
    const { version, previous } = versionById(state, viewer(c), Number(c.req.param('id')))
    return c.json({ data: versionDetailShape(state, version, previous, origin) })
  })

  return app
}
