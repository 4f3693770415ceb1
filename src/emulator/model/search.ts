/**
 * GET /search over the model: titles and bodies of documents, names and descriptions of
 * repositories, only what the viewer may see. The document: 20 per page (PageSize 固定为 20);
 * without a scope, the viewer's own repositories and their teams' (不填默认为搜索当前用户/团队).
 */
import { canSeeBook, canSeeDoc, ownerLogin, roleIn, type ModelState } from './state'
import type { Book, Doc } from './types'

export const SEARCH_PAGE_SIZE = 20

export interface SearchQuery {
  q: string
  type: 'doc' | 'repo'
  /** `login` or `login/slug`. */
  scope?: string
  page: number
  creatorId?: number
}

export type SearchHit = { kind: 'doc'; doc: Doc; book: Book } | { kind: 'repo'; book: Book }

function inScope(state: ModelState, book: Book, viewerId: number, scope: string | undefined) {
  const login = ownerLogin(state, book)
  if (scope !== undefined && scope !== '') {
    const [owner, slug] = scope.split('/')
    return login === owner && (slug === undefined || slug === book.slug)
  }
  if (book.owner.kind === 'user') return book.owner.id === viewerId
  const team = state.teams.find((t) => t.id === book.owner.id)
  return team !== undefined && roleIn(team, viewerId) !== null
}

const contains = (text: string | null, words: string) =>
  (text ?? '').toLowerCase().includes(words.toLowerCase())

export function search(
  state: ModelState,
  viewerId: number,
  query: SearchQuery,
): { hits: SearchHit[]; total: number } {
  const books = state.books.filter(
    (book) => canSeeBook(state, book, viewerId) && inScope(state, book, viewerId, query.scope),
  )
  const all: SearchHit[] =
    query.type === 'repo'
      ? books
          .filter((book) => contains(book.name, query.q) || contains(book.description, query.q))
          .filter((book) => query.creatorId === undefined || book.creatorId === query.creatorId)
          .map((book) => ({ kind: 'repo', book }))
      : books.flatMap((book) =>
          state.docs
            .filter((doc) => doc.bookId === book.id && doc.deletedAt === null)
            .filter((doc) => canSeeDoc(state, doc, book, viewerId))
            .filter((doc) => contains(doc.title, query.q) || contains(doc.body, query.q))
            .filter((doc) => query.creatorId === undefined || doc.userId === query.creatorId)
            .map((doc) => ({ kind: 'doc' as const, doc, book })),
        )
  const start = (query.page - 1) * SEARCH_PAGE_SIZE
  return { hits: all.slice(start, start + SEARCH_PAGE_SIZE), total: all.length }
}
