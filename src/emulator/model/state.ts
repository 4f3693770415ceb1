/**
 * The model's state and the lookups and permission rules every operation shares. Rules
 * (docs/service.md#never-more-than-the-user, scopes never grant more than the user may do): a
 * private repository is seen only by its owner or the owning team's members; only the owner, or a
 * team admin or member (roles 0 and 1), changes it; a read-only member (role 2) reads. What the
 * caller may not see is `missing` (a 404 that says nothing of its existence); what they see but may
 * not change is `denied` (403).
 */
import { parseUserKey } from '../../protocol/user-key'
import type { SeedUser } from '../seed'
import {
  ModelError,
  missing,
  type Book,
  type Doc,
  type DocVersion,
  type Role,
  type Team,
  type TocNode,
} from './types'

export interface ModelState {
  users: readonly SeedUser[]
  teams: Team[]
  books: Book[]
  docs: Doc[]
  versions: DocVersion[]
  /** Each repository's table of contents, in reading order (parents before their children). */
  tocs: Map<number, TocNode[]>
  /**
   * What `nextId` and `nextUuid` hand out next, as data: a reset that rebuilds the model starts
   * them again, and a snapshot shows them (emulator-state.ts).
   */
  counters: { id: number; uuid: number }
  /** The clock, as an ISO 8601 date-time. */
  now(): string
  nextId(): number
  nextUuid(): string
}

/** Who an owner login names: a user or a team (`/users/{login}/repos` accepts both). */
export type Account = { kind: 'user'; user: SeedUser } | { kind: 'team'; team: Team }

/** Whether `key` (a login, or a numeric id as protocol/user-key.ts parses it) names `account`. */
function names(key: string, account: { id: number; login: string }): boolean {
  const parsed = parseUserKey(key)
  if (!parsed.ok) return false
  return parsed.key.kind === 'id'
    ? parsed.key.id === account.id
    : parsed.key.login === account.login
}

export function userByKey(state: ModelState, key: string): SeedUser | undefined {
  return state.users.find((user) => names(key, user))
}

export function teamByKey(state: ModelState, key: string): Team | undefined {
  return state.teams.find((team) => names(key, team))
}

export function accountByKey(state: ModelState, key: string): Account | undefined {
  const user = userByKey(state, key)
  if (user !== undefined) return { kind: 'user', user }
  const team = teamByKey(state, key)
  return team === undefined ? undefined : { kind: 'team', team }
}

export function roleIn(team: Team, userId: number): Role | null {
  return team.members.find((member) => member.userId === userId)?.role ?? null
}

export function canSeeTeam(team: Team, viewerId: number): boolean {
  return team.public !== 0 || roleIn(team, viewerId) !== null
}

/** The team a viewer may see, or `missing`. */
export function visibleTeam(state: ModelState, viewerId: number, key: string): Team {
  const team = teamByKey(state, key)
  if (team === undefined || !canSeeTeam(team, viewerId)) throw missing('Group')
  return team
}

export function teamOf(state: ModelState, book: Book): Team | undefined {
  return book.owner.kind === 'team' ? state.teams.find((t) => t.id === book.owner.id) : undefined
}

/** The owner's login: the first part of the namespace. */
export function ownerLogin(state: ModelState, book: Book): string {
  if (book.owner.kind === 'team') return teamOf(state, book)?.login ?? ''
  const ownerId = book.owner.id
  return state.users.find((user) => user.id === ownerId)?.login ?? ''
}

/** Owner or team member (any role): may read the repository's private parts. */
export function isInsider(state: ModelState, book: Book, viewerId: number): boolean {
  if (book.owner.kind === 'user') return book.owner.id === viewerId
  const team = teamOf(state, book)
  return team !== undefined && roleIn(team, viewerId) !== null
}

export function canWriteBook(state: ModelState, book: Book, viewerId: number): boolean {
  if (book.owner.kind === 'user') return book.owner.id === viewerId
  const team = teamOf(state, book)
  const role = team === undefined ? null : roleIn(team, viewerId)
  return role === 0 || role === 1
}

export function canSeeBook(state: ModelState, book: Book, viewerId: number): boolean {
  return book.public !== 0 || isInsider(state, book, viewerId)
}

/** A repository by numeric id or by `login/slug`, as the two path forms name it. */
export type BookRef = { id: number } | { login: string; slug: string }

export function visibleBook(state: ModelState, viewerId: number, ref: BookRef): Book {
  const book = state.books.find((candidate) =>
    'id' in ref
      ? candidate.id === ref.id
      : candidate.slug === ref.slug && ownerLogin(state, candidate) === ref.login,
  )
  if (book === undefined || !canSeeBook(state, book, viewerId)) throw missing('Repository')
  return book
}

export function writableBook(state: ModelState, viewerId: number, ref: BookRef): Book {
  const book = visibleBook(state, viewerId, ref)
  if (!canWriteBook(state, book, viewerId)) {
    throw new ModelError(
      'denied',
      `You may read the repository "${ownerLogin(state, book)}/${book.slug}" but not change it: only its owner, or a team admin or member, may.`,
    )
  }
  return book
}

/** Live documents of a repository, in creation order. */
export function docsOf(state: ModelState, book: Book): Doc[] {
  return state.docs.filter((doc) => doc.bookId === book.id && doc.deletedAt === null)
}

export function canSeeDoc(state: ModelState, doc: Doc, book: Book, viewerId: number): boolean {
  return doc.public !== 0 || isInsider(state, book, viewerId)
}

/** A repository's item count: its documents when the model holds any, else the seed's figure. */
export function itemsCount(state: ModelState, book: Book): number {
  const held = state.docs.some((doc) => doc.bookId === book.id)
  return held ? docsOf(state, book).length : book.seededItems
}

/** Words as the service counts them: each CJK character, and each run of other letters. */
export function wordCount(text: string): number {
  const cjk = text.match(/[\u3400-\u9fff]/gu)?.length ?? 0
  const words = text.replace(/[\u3400-\u9fff]/gu, ' ').match(/[\p{L}\p{N}_]+/gu)?.length ?? 0
  return cjk + words
}
