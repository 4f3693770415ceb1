/**
 * Tag repo: repositories of a user or a team (the document accepts a team login on
 * /users/{login}/repos too), by id and by namespace, and their tables of contents.
 */
import { createBook, deleteBook, listBooks, updateBook, visibleBook } from '../model/books'
import { showToc, updateToc } from '../model/toc'
import { parseTocMarkdown, type OutlineItem } from '../model/toc-markdown'
import { isValidSegment } from '../../protocol/endpoint-path'
import { EmulatorError, excerpt } from '../emulator-error'
import { bookEnvelope } from './envelope'
import { bodyFieldsOf, bookRefOf, createSubApp, mountRoutes, queryOf, VISIBILITY } from './kit'
import type { ApiContext, ApiKit } from './kit'
import { bookDetailShape, bookShape, tocShape } from './shapes'

const TOC_ACTIONS = ['appendNode', 'prependNode', 'editNode', 'removeNode'] as const

/**
 * A repository's slug is its name in paths (`/repos/{login}/{slug}`,
 * docs/service.md#identifiers-in-paths): what that path's pattern takes
 * (src/protocol/endpoint-path.ts, which the proxy's allow-list applies), and not dots alone, which
 * a URL resolves away as a dot segment. A slug outside it would make a repository no path reaches.
 */
function checkSlug(slug: string): string {
  if (isValidSegment('slug', slug) && !/^\.+$/.test(slug)) return slug
  throw new EmulatorError(
    400,
    `请求参数非法: the field "slug" ("${excerpt(slug, 40)}") must be letters, digits, ".", "-" and "_" (at most 190, not dots alone).`,
  )
}

/** The `toc` field read as its outline, or the document's 400 naming the line and why. */
function tocOutline(text: string | undefined): OutlineItem[] | undefined {
  if (text === undefined) return undefined
  const parsed = parseTocMarkdown(text)
  if (parsed.ok) return parsed.items
  throw new EmulatorError(
    400,
    `请求参数非法: the field "toc", line ${parsed.line} ("${excerpt(parsed.text, 60)}"), ${parsed.reason}.`,
  )
}

export function createRepoApi(kit: ApiKit) {
  const app = createSubApp()
  const { state, origin } = kit
  const viewer = (c: ApiContext) => kit.caller(c).user.id

  const list = (c: ApiContext) => {
    const query = queryOf(c)
    const type = query.text('type', ['Book', 'Design'] as const)
    const ability = query.text('filterByAbility', ['create_doc'])
    const filter = {
      offset: query.int('offset', { min: 0 }) ?? 0,
      limit: query.int('limit', { min: 1, max: 100 }) ?? 100,
      ...(type === undefined ? {} : { type }),
      ...(ability === undefined ? {} : { ability }),
    }
    const books = listBooks(state, viewer(c), c.req.param('login') ?? '', filter)
    return c.json({ data: books.map((book) => bookShape(state, book, origin)) })
  }
  const create = async (c: ApiContext) => {
    const fields = await bodyFieldsOf(c)
    const input = {
      name: fields.required('name'),
      slug: checkSlug(fields.required('slug')),
      public: fields.int('public', VISIBILITY) ?? 0,
      ...(fields.str('description') === undefined
        ? {}
        : { description: fields.str('description') ?? '' }),
    }
    const book = createBook(state, viewer(c), c.req.param('login') ?? '', input)
    return c.json(bookEnvelope(state, kit.caller(c), book, bookShape(state, book, origin)))
  }
  const show = (c: ApiContext) => {
    const book = visibleBook(state, viewer(c), bookRefOf(c))
    const toc = showToc(state, viewer(c), bookRefOf(c))
    const data = bookDetailShape(state, book, toc, origin)
    return c.json(bookEnvelope(state, kit.caller(c), book, data))
  }
  const update = async (c: ApiContext) => {
    const fields = await bodyFieldsOf(c)
    const slug = fields.str('slug')
    const input = Object.fromEntries(
      Object.entries({
        name: fields.str('name'),
        slug: slug === undefined ? undefined : checkSlug(slug),
        public: fields.int('public', VISIBILITY),
        description: fields.str('description'),
        toc: tocOutline(fields.str('toc')),
      }).filter(([, v]) => v !== undefined),
    )
    const book = updateBook(state, viewer(c), bookRefOf(c), input)
    return c.json(bookEnvelope(state, kit.caller(c), book, bookShape(state, book, origin)))
  }
  const remove = (c: ApiContext) => {
    const book = deleteBook(state, viewer(c), bookRefOf(c))
    return c.json({ data: bookShape(state, book, origin) })
  }
  const toc = (c: ApiContext) => {
    return c.json({ data: showToc(state, viewer(c), bookRefOf(c)).map(tocShape) })
  }
  const changeToc = async (c: ApiContext) => {
    const fields = await bodyFieldsOf(c)
    const action = fields.choice('action', TOC_ACTIONS)
    if (action === undefined) fields.required('action')
    const docId = fields.int('doc_id')
    const given = {
      actionMode: fields.choice('action_mode', ['sibling', 'child'] as const),
      targetUuid: fields.str('target_uuid'),
      nodeUuid: fields.str('node_uuid'),
      docIds: fields.ints('doc_ids') ?? (docId === undefined ? undefined : [docId]),
      type: fields.choice('type', ['DOC', 'LINK', 'TITLE'] as const),
      title: fields.str('title'),
      url: fields.str('url'),
      openWindow: fields.int('open_window', [0, 1] as const),
      visible: fields.int('visible', [0, 1] as const),
    }
    const defined = Object.fromEntries(
      Object.entries(given).filter(([, v]) => v !== undefined && v !== ''),
    )
    const entries = updateToc(state, viewer(c), bookRefOf(c), {
      action: action ?? 'appendNode',
      ...defined,
    })
    return c.json({ data: entries.map(tocShape) })
  }

  mountRoutes(app, kit, [
    ['toc.showById', toc],
    ['toc.updateById', changeToc],
    ['toc.show', toc],
    ['toc.update', changeToc],
    ['repo.listByGroup', list],
    ['repo.createByGroup', create],
    ['repo.listByUser', list],
    ['repo.createByUser', create],
    ['repo.showById', show],
    ['repo.updateById', update],
    ['repo.deleteById', remove],
    ['repo.show', show],
    ['repo.update', update],
    ['repo.delete', remove],
  ])

  return app
}
