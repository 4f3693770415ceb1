/**
 * The four team statistics, computed from the model so that they are deterministic: writes are
 * published versions, reads and likes the documents' counters. `range` (0 all time, 30, 365
 * days) counts only versions and documents inside the window ending now.
 */
import { docsOf, roleIn, visibleTeam, wordCount, type ModelState } from './state'
import { ModelError, type Book, type Doc, type Team } from './types'

export interface StatisticsQuery {
  name?: string
  range: 0 | 30 | 365
  page: number
  limit: number
  sortField?: string
  sortOrder: 'asc' | 'desc'
  bookId?: number
}

type Row = Record<string, number | string>

/** A paged statistic of a team: its rows and how many there are in all. */
export type StatisticsList = (
  state: ModelState,
  viewerId: number,
  login: string,
  query: StatisticsQuery,
) => { rows: Row[]; total: number }

/** Statistics are for the team's members; others get a 403 (they see the team, not its figures). */
function memberTeam(state: ModelState, viewerId: number, login: string): Team {
  const team = visibleTeam(state, viewerId, login)
  if (roleIn(team, viewerId) === null) {
    throw new ModelError(
      'denied',
      `Only members of the team "${team.login}" may read its statistics.`,
    )
  }
  return team
}

const teamBooks = (state: ModelState, team: Team) =>
  state.books.filter((book) => book.owner.kind === 'team' && book.owner.id === team.id)

function since(state: ModelState, range: number): number {
  return range === 0 ? -Infinity : Date.parse(state.now()) - range * 86_400_000
}

function writesIn(state: ModelState, docs: Doc[], from: number, userId?: number): number {
  const ids = new Set(docs.map((doc) => doc.id))
  return state.versions.filter(
    (v) =>
      ids.has(v.docId) &&
      Date.parse(v.createdAt) >= from &&
      (userId === undefined || v.userId === userId),
  ).length
}

const sum = (docs: Doc[], pick: (doc: Doc) => number) => docs.reduce((n, doc) => n + pick(doc), 0)

/** The figures every statistic has for a set of documents; writes counted from `from`. */
function figures(state: ModelState, docs: Doc[], from: number): Row {
  return {
    word_count: sum(docs, (doc) => wordCount(doc.body)),
    write_count: writesIn(state, docs, from),
    read_count: sum(docs, (doc) => doc.readCount),
    like_count: sum(docs, (doc) => doc.likesCount),
    comment_count: sum(docs, (doc) => doc.commentsCount),
  }
}

function page(rows: Row[], query: StatisticsQuery, label: (row: Row) => string) {
  const named = rows.filter((row) => query.name === undefined || label(row).includes(query.name))
  const field = query.sortField
  const sorted =
    field === undefined
      ? named
      : [...named].sort((a, b) => {
          const order =
            Number(a[field] ?? 0) - Number(b[field] ?? 0) ||
            String(a[field]).localeCompare(String(b[field]))
          return query.sortOrder === 'asc' ? order : -order
        })
  const start = (query.page - 1) * query.limit
  return { rows: sorted.slice(start, start + query.limit), total: named.length }
}

export function groupStatistics(state: ModelState, viewerId: number, login: string): Row {
  const team = memberTeam(state, viewerId, login)
  const books = teamBooks(state, team)
  const docs = books.flatMap((book) => docsOf(state, book))
  return {
    bizdate: state.now().slice(0, 10).replaceAll('-', ''),
    user_id: team.id,
    organization_id: 0,
    member_count: team.members.length,
    ...figures(state, docs, -Infinity),
    doc_count: docs.length,
    book_count: books.length,
    public_book_count: books.filter((book) => book.public !== 0).length,
    private_book_count: books.filter((book) => book.public === 0).length,
    book_book_count: books.filter((book) => book.type === 'Book').length,
    book_design_count: books.filter((book) => book.type === 'Design').length,
  }
}

export const memberStatistics: StatisticsList = (state, viewerId, login, query) => {
  const team = memberTeam(state, viewerId, login)
  const docs = teamBooks(state, team).flatMap((book) => docsOf(state, book))
  const from = since(state, query.range)
  const rows = team.members.map((member): Row => {
    const user = state.users.find((candidate) => candidate.id === member.userId)
    const own = docs.filter(
      (doc) => doc.userId === member.userId && Date.parse(doc.createdAt) >= from,
    )
    return {
      user_id: member.userId,
      group_id: team.id,
      name: user?.name ?? '',
      write_count: writesIn(state, docs, from, member.userId),
      write_doc_count: own.length,
      read_count: sum(own, (doc) => doc.readCount),
      like_count: sum(own, (doc) => doc.likesCount),
    }
  })
  return page(rows, query, (row) => String(row.name))
}

export const bookStatistics: StatisticsList = (state, viewerId, login, query) => {
  const team = memberTeam(state, viewerId, login)
  const from = since(state, query.range)
  const rows = teamBooks(state, team).map((book: Book): Row => {
    const docs = docsOf(state, book)
    return {
      book_id: book.id,
      slug: book.slug,
      name: book.name,
      type: book.type,
      is_public: book.public === 0 ? 0 : 1,
      content_updated_at_ms: Date.parse(book.contentUpdatedAt),
      user_id: team.id,
      post_count: docs.length,
      watch_count: book.watchesCount,
      ...figures(state, docs, from),
    }
  })
  return page(rows, query, (row) => String(row.name))
}

export const docStatistics: StatisticsList = (state, viewerId, login, query) => {
  const team = memberTeam(state, viewerId, login)
  const from = since(state, query.range)
  const books = teamBooks(state, team).filter(
    (book) => query.bookId === undefined || book.id === query.bookId,
  )
  const rows = books.flatMap((book) =>
    docsOf(state, book).map((doc): Row => ({
      book_id: book.id,
      doc_id: doc.id,
      slug: doc.slug,
      title: doc.title,
      type: 'Doc',
      is_public: doc.public === 0 ? 0 : 1,
      created_at: doc.createdAt,
      content_updated_at: doc.contentUpdatedAt,
      user_id: doc.userId,
      ...figures(state, [doc], from),
    })),
  )
  return page(rows, query, (row) => String(row.title))
}
