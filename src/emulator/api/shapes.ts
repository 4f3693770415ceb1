/**
 * The model's records in the document's response schemas (V2Book, V2BookDetail, V2Doc,
 * V2DocDetail, V2DocVersion(Detail), V2TocItem, V2Group, V2GroupUser). Users and the existing
 * repository fields keep records.ts's shapes, which the web app parses (protocol/schemas.ts).
 */
import { escapeHtml, markdownToHtml } from './markdown-html'
import { avatarUrl, text, userRecord, type BookCounts } from './records'
import { itemsCount, ownerLogin, teamOf, type ModelState } from '../model/state'
import type { TocEntry } from '../model/toc'
import { wordCount } from '../model/state'
import type { Book, Doc, DocVersion, Membership, Owner, Team } from '../model/types'
import type { SeedUser } from '../seed'

export type Shape = Record<string, unknown>

/** An owner's repositories, counted as they are now (records.ts, BookCounts). */
function bookCounts(state: ModelState, owner: Owner): BookCounts {
  const books = state.books.filter((b) => b.owner.kind === owner.kind && b.owner.id === owner.id)
  return {
    books_count: books.length,
    public_books_count: books.filter((book) => book.public === 1).length,
  }
}

export function userRecordOf(state: ModelState, user: SeedUser, origin: string) {
  return userRecord(user, origin, bookCounts(state, { kind: 'user', id: user.id }))
}

export function userShape(state: ModelState, userId: number, origin: string): Shape | null {
  const user = state.users.find((candidate) => candidate.id === userId)
  return user === undefined ? null : userRecordOf(state, user, origin)
}

export function teamShape(state: ModelState, team: Team, origin: string): Shape {
  return {
    id: team.id,
    type: 'Group',
    login: team.login,
    name: team.name,
    description: text(team.description),
    avatar_url: avatarUrl(origin, team.login),
    ...bookCounts(state, { kind: 'team', id: team.id }),
    members_count: team.members.length,
    public: team.public,
    created_at: team.createdAt,
    updated_at: team.updatedAt,
  }
}

function ownerShape(state: ModelState, book: Book, origin: string): Shape | null {
  const team = teamOf(state, book)
  return team === undefined
    ? userShape(state, book.owner.id, origin)
    : teamShape(state, team, origin)
}

export function bookShape(state: ModelState, book: Book, origin: string): Shape {
  return {
    id: book.id,
    type: book.type,
    slug: book.slug,
    name: book.name,
    namespace: `${ownerLogin(state, book)}/${book.slug}`,
    user_id: book.owner.id,
    creator_id: book.creatorId,
    description: text(book.description),
    public: book.public,
    items_count: itemsCount(state, book),
    likes_count: book.likesCount,
    watches_count: book.watchesCount,
    content_updated_at: book.contentUpdatedAt,
    created_at: book.createdAt,
    updated_at: book.updatedAt,
    user: ownerShape(state, book, origin),
  }
}

/** V2BookDetail: the book with its table of contents as YAML (toc_yml). */
export function bookDetailShape(state: ModelState, book: Book, toc: TocEntry[], origin: string) {
  const lines = toc.map(
    (entry) =>
      `- type: ${entry.node.type}\n  title: ${JSON.stringify(entry.node.title)}\n  uuid: ${entry.node.uuid}\n  level: ${entry.level}`,
  )
  return { ...bookShape(state, book, origin), toc_yml: ['- type: META', ...lines].join('\n') }
}

/**
 * Markdown rendered (markdown-html.ts, its HTML escaped), HTML bodies as they are, and Lake
 * (Yuque's own XML-like format, not modelled) as escaped paragraphs.
 */
export function bodyHtml(doc: Pick<Doc, 'format' | 'body'>): string {
  if (doc.format === 'html') return doc.body
  if (doc.format === 'markdown') return markdownToHtml(doc.body)
  return doc.body
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part)}</p>`)
    .join('')
}

export function latestVersionId(state: ModelState, doc: Doc): number {
  return state.versions.filter((v) => v.docId === doc.id).reduce((max, v) => Math.max(max, v.id), 0)
}

/** V2Doc; `optional` names the fields optional_properties asked for (hits, tags, latest_version_id). */
export function docShape(
  state: ModelState,
  doc: Doc,
  book: Book,
  origin: string,
  optional = new Set<string>(),
) {
  return {
    id: doc.id,
    type: 'Doc',
    slug: doc.slug,
    title: doc.title,
    cover: '',
    user_id: doc.userId,
    book_id: doc.bookId,
    last_editor_id: doc.lastEditorId,
    public: doc.public,
    status: '1',
    likes_count: doc.likesCount,
    read_count: doc.readCount,
    comments_count: doc.commentsCount,
    word_count: wordCount(doc.body),
    created_at: doc.createdAt,
    updated_at: doc.updatedAt,
    content_updated_at: doc.contentUpdatedAt,
    published_at: doc.contentUpdatedAt,
    first_published_at: doc.createdAt,
    ...(doc.deletedAt === null ? {} : { deleted_at: doc.deletedAt, deleted_slug: doc.slug }),
    ...(optional.has('hits') ? { hits: doc.readCount } : {}),
    ...(optional.has('tags')
      ? {
          tags: doc.tags.map((title, i) => ({
            id: doc.id * 100 + i,
            title,
            doc_id: doc.id,
            book_id: doc.bookId,
            user_id: doc.userId,
            created_at: doc.createdAt,
            updated_at: doc.updatedAt,
          })),
        }
      : {}),
    ...(optional.has('latest_version_id')
      ? { latest_version_id: latestVersionId(state, doc) }
      : {}),
    book: bookShape(state, book, origin),
    user: userShape(state, doc.userId, origin),
    last_editor: userShape(state, doc.lastEditorId, origin),
  }
}

export function docDetailShape(state: ModelState, doc: Doc, book: Book, origin: string) {
  const { last_editor: _editor, ...base } = docShape(state, doc, book, origin)
  return {
    ...base,
    format: doc.format,
    body: doc.body,
    body_draft: '',
    body_html: bodyHtml(doc),
    body_lake: doc.format === 'lake' ? doc.body : '',
    creator: userShape(state, doc.userId, origin),
    latest_version_id: latestVersionId(state, doc),
  }
}

export function versionShape(state: ModelState, version: DocVersion, origin: string) {
  return {
    id: version.id,
    doc_id: version.docId,
    slug: version.slug,
    title: version.title,
    user_id: version.userId,
    created_at: version.createdAt,
    updated_at: version.createdAt,
    user: userShape(state, version.userId, origin),
  }
}

/** A line diff against the previous version: `-` removed lines, `+` added lines. */
function lineDiff(before: string, after: string): string {
  const old = before.split('\n')
  const now = after.split('\n')
  return [
    ...old.filter((l) => !now.includes(l)).map((l) => `-${l}`),
    ...now.filter((l) => !old.includes(l)).map((l) => `+${l}`),
  ].join('\n')
}

export function versionDetailShape(
  state: ModelState,
  version: DocVersion,
  previous: DocVersion | undefined,
  origin: string,
) {
  return {
    ...versionShape(state, version, origin),
    format: version.format,
    body: version.body,
    body_html: bodyHtml(version),
    body_md: version.format === 'markdown' ? version.body : '',
    diff: lineDiff(previous?.body ?? '', version.body),
  }
}

export function tocShape(entry: TocEntry) {
  const { node } = entry
  const docId = node.docId ?? 0
  return {
    uuid: node.uuid,
    type: node.type,
    title: node.title,
    url: node.type === 'DOC' ? (entry.docSlug ?? '') : node.url,
    slug: node.type === 'DOC' ? (entry.docSlug ?? '') : node.url,
    id: docId,
    doc_id: docId,
    level: entry.level,
    depth: entry.level + 1,
    open_window: node.openWindow,
    visible: node.visible,
    prev_uuid: entry.prevUuid,
    sibling_uuid: entry.siblingUuid,
    child_uuid: entry.childUuid,
    parent_uuid: node.parentUuid ?? '',
  }
}

export function memberShape(state: ModelState, team: Team, member: Membership, origin: string) {
  return {
    id: team.id * 100_000 + member.userId,
    group_id: team.id,
    user_id: member.userId,
    role: member.role,
    created_at: member.createdAt,
    updated_at: member.updatedAt,
    group: teamShape(state, team, origin),
    user: userShape(state, member.userId, origin),
  }
}
