/** Repositories (V2Book): listing by owner, creation, update and deletion, under state.ts's rules. */
import {
  accountByKey,
  canSeeBook,
  canWriteBook,
  roleIn,
  visibleBook,
  writableBook,
  type BookRef,
  type ModelState,
} from './state'
import { tocFromOutline } from './toc'
import type { OutlineItem } from './toc-markdown'
import { ModelError, missing, type Book, type Owner, type Visibility } from './types'

export interface BookFilter {
  type?: 'Book' | 'Design'
  /** `create_doc`: only repositories the viewer may add documents to. */
  ability?: string
  offset: number
  limit: number
}

/** The owner a login names, as the viewer may see it; `missing` otherwise. */
function ownerOf(state: ModelState, viewerId: number, login: string): Owner {
  const account = accountByKey(state, login)
  if (account === undefined) throw missing('User')
  if (account.kind === 'user') return { kind: 'user', id: account.user.id }
  const team = account.team
  if (team.public === 0 && roleIn(team, viewerId) === null) throw missing('User')
  return { kind: 'team', id: team.id }
}

const sameOwner = (a: Owner, b: Owner) => a.kind === b.kind && a.id === b.id

export function listBooks(
  state: ModelState,
  viewerId: number,
  login: string,
  filter: BookFilter,
): Book[] {
  const owner = ownerOf(state, viewerId, login)
  return state.books
    .filter((book) => sameOwner(book.owner, owner) && canSeeBook(state, book, viewerId))
    .filter((book) => filter.type === undefined || book.type === filter.type)
    .filter((book) => filter.ability !== 'create_doc' || canWriteBook(state, book, viewerId))
    .slice(filter.offset, filter.offset + filter.limit)
}

export interface BookInput {
  name?: string
  slug?: string
  public?: Visibility
  description?: string
  /** The whole table of contents (the `toc` field of PUT, toc-markdown.ts); update only. */
  toc?: OutlineItem[]
}

function checkSlugFree(state: ModelState, owner: Owner, slug: string, except?: Book): void {
  const taken = state.books.some(
    (book) => book !== except && book.slug === slug && sameOwner(book.owner, owner),
  )
  if (taken) throw new ModelError('invalid', `slug "${slug}" is already used by another repository`)
}

export function createBook(
  state: ModelState,
  viewerId: number,
  login: string,
  input: BookInput & { name: string; slug: string },
): Book {
  const owner = ownerOf(state, viewerId, login)
  const team = state.teams.find((t) => owner.kind === 'team' && t.id === owner.id)
  const role = team === undefined ? null : roleIn(team, viewerId)
  const allowed = owner.kind === 'user' ? owner.id === viewerId : role === 0 || role === 1
  if (!allowed) {
    throw new ModelError(
      'denied',
      `You may not create repositories for "${login}": only the user themselves, or a team admin or member, may.`,
    )
  }
  checkSlugFree(state, owner, input.slug)
  const now = state.now()
  const book: Book = {
    id: state.nextId(),
    slug: input.slug,
    name: input.name,
    description: input.description ?? null,
    public: input.public ?? 0,
    type: 'Book',
    owner,
    creatorId: viewerId,
    seededItems: 0,
    likesCount: 0,
    watchesCount: 0,
    createdAt: now,
    updatedAt: now,
    contentUpdatedAt: now,
  }
  state.books.push(book)
  state.tocs.set(book.id, [])
  return book
}

export function updateBook(
  state: ModelState,
  viewerId: number,
  ref: BookRef,
  input: BookInput,
): Book {
  const book = writableBook(state, viewerId, ref)
  if (input.slug !== undefined) checkSlugFree(state, book.owner, input.slug, book)
  // Every check before any change: a wrong document in the toc leaves the name as it was too.
  const toc = input.toc === undefined ? undefined : tocFromOutline(state, book, input.toc)
  if (input.name !== undefined) book.name = input.name
  if (input.slug !== undefined) book.slug = input.slug
  if (input.public !== undefined) book.public = input.public
  if (input.description !== undefined) book.description = input.description
  book.updatedAt = state.now()
  if (toc !== undefined) {
    state.tocs.set(book.id, toc)
    book.contentUpdatedAt = book.updatedAt
  }
  return book
}

/** Deletes the repository with its documents, versions and table of contents. */
export function deleteBook(state: ModelState, viewerId: number, ref: BookRef): Book {
  const book = writableBook(state, viewerId, ref)
  const docIds = new Set(state.docs.filter((d) => d.bookId === book.id).map((d) => d.id))
  state.books = state.books.filter((candidate) => candidate !== book)
  state.docs = state.docs.filter((doc) => !docIds.has(doc.id))
  state.versions = state.versions.filter((version) => !docIds.has(version.docId))
  state.tocs.delete(book.id)
  return book
}

export { visibleBook }
