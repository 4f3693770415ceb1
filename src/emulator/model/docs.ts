/**
 * Documents (V2Doc, V2DocDetail) and their versions (V2DocVersion): a version is published on
 * creation and on every update; deletion is soft (`deleted=true` lists what was deleted).
 */
import {
  canSeeDoc,
  docsOf,
  visibleBook,
  writableBook,
  type BookRef,
  type ModelState,
} from './state'
import { detachDoc } from './toc'
import {
  ModelError,
  missing,
  type Book,
  type Doc,
  type DocFormat,
  type DocVersion,
  type Visibility,
} from './types'

export interface DocFilter {
  deleted: boolean
  /** ISO 8601: only documents whose content changed at or after it. */
  changedAtGte?: string
  offset: number
  limit: number
}

export function listDocs(
  state: ModelState,
  viewerId: number,
  ref: BookRef,
  filter: DocFilter,
): { book: Book; docs: Doc[]; total: number } {
  const book = visibleBook(state, viewerId, ref)
  const since = filter.changedAtGte === undefined ? null : Date.parse(filter.changedAtGte)
  const docs = state.docs
    .filter((doc) => doc.bookId === book.id && (doc.deletedAt !== null) === filter.deleted)
    .filter((doc) => canSeeDoc(state, doc, book, viewerId))
    .filter((doc) => since === null || Date.parse(doc.contentUpdatedAt) >= since)
  return { book, docs: docs.slice(filter.offset, filter.offset + filter.limit), total: docs.length }
}

/** A document of a repository by numeric id or by slug, as `{id}` in the path names it. */
function docIn(state: ModelState, book: Book, key: string, viewerId: number): Doc {
  const doc = docsOf(state, book).find((d) => d.slug === key || String(d.id) === key)
  if (doc === undefined || !canSeeDoc(state, doc, book, viewerId)) throw missing('Doc')
  return doc
}

export function showDoc(state: ModelState, viewerId: number, ref: BookRef, key: string) {
  const book = visibleBook(state, viewerId, ref)
  return { book, doc: docIn(state, book, key, viewerId) }
}

export function showDocById(state: ModelState, viewerId: number, id: number) {
  const doc = state.docs.find((candidate) => candidate.id === id && candidate.deletedAt === null)
  if (doc === undefined) throw missing('Doc')
  return showDoc(state, viewerId, { id: doc.bookId }, String(id))
}

export interface DocInput {
  slug?: string
  title?: string
  public?: Visibility
  format?: DocFormat
  body?: string
}

function publish(state: ModelState, doc: Doc, userId: number): void {
  const version: DocVersion = {
    id: state.nextId(),
    docId: doc.id,
    slug: doc.slug,
    title: doc.title,
    format: doc.format,
    body: doc.body,
    userId,
    createdAt: doc.contentUpdatedAt,
  }
  state.versions.push(version)
}

function checkSlugFree(state: ModelState, book: Book, slug: string, except?: Doc): void {
  if (docsOf(state, book).some((doc) => doc !== except && doc.slug === slug)) {
    throw new ModelError('invalid', `slug "${slug}" is already used by another document`)
  }
}

/** The document is not added to the table of contents (the document says so: call toc.update). */
export function createDoc(
  state: ModelState,
  viewerId: number,
  ref: BookRef,
  input: DocInput & { body: string },
) {
  const book = writableBook(state, viewerId, ref)
  const id = state.nextId()
  const slug = input.slug ?? `doc-${id}`
  checkSlugFree(state, book, slug)
  const now = state.now()
  const doc: Doc = {
    id,
    bookId: book.id,
    slug,
    title: input.title ?? '无标题',
    format: input.format ?? 'markdown',
    body: input.body,
    public: input.public ?? book.public,
    userId: viewerId,
    lastEditorId: viewerId,
    readCount: 0,
    likesCount: 0,
    commentsCount: 0,
    tags: [],
    createdAt: now,
    updatedAt: now,
    contentUpdatedAt: now,
    deletedAt: null,
  }
  state.docs.push(doc)
  publish(state, doc, viewerId)
  book.contentUpdatedAt = now
  return { book, doc }
}

export function updateDoc(
  state: ModelState,
  viewerId: number,
  ref: BookRef,
  key: string,
  input: DocInput,
) {
  const book = writableBook(state, viewerId, ref)
  const doc = docIn(state, book, key, viewerId)
  if (input.slug !== undefined) checkSlugFree(state, book, input.slug, doc)
  Object.assign(doc, Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)))
  const now = state.now()
  doc.lastEditorId = viewerId
  doc.updatedAt = now
  doc.contentUpdatedAt = now
  book.contentUpdatedAt = now
  publish(state, doc, viewerId)
  return { book, doc }
}

export function deleteDoc(state: ModelState, viewerId: number, ref: BookRef, key: string) {
  const book = writableBook(state, viewerId, ref)
  const doc = docIn(state, book, key, viewerId)
  doc.deletedAt = state.now()
  detachDoc(state, book, doc.id)
  return { book, doc }
}

/** The latest 100 versions, newest first (the document: 按时间倒序返回最近 100 个已发布版本). */
export function versionsOf(state: ModelState, viewerId: number, docId: number): DocVersion[] {
  showDocById(state, viewerId, docId)
  return state.versions
    .filter((version) => version.docId === docId)
    .sort((a, b) => b.id - a.id)
    .slice(0, 100)
}

export function versionById(state: ModelState, viewerId: number, id: number) {
  const version = state.versions.find((candidate) => candidate.id === id)
  if (version === undefined) throw missing('Version')
  showDocById(state, viewerId, version.docId)
  const index = state.versions.filter((v) => v.docId === version.docId).indexOf(version)
  const previous =
    index > 0 ? state.versions.filter((v) => v.docId === version.docId)[index - 1] : undefined
  return { version, previous }
}
