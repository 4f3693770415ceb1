/**
 * Builds the model from the sign-in seed (users with their repositories, groups with their
 * members) and its demo content (seed-content.ts for the main site, seed-space.ts for a space).
 * One model per tenant, built again from the seed by every reset (emulator-state.ts), so tests
 * that write start clean.
 */
import type { SeedGroup, SeedRepo, SeedUser } from '../seed'
import { MAIN_CONTENT, type SeedContent, type SeedTeam } from './seed-content'
import type { ModelState } from './state'
import type { Book, Doc, DocVersion, Owner, Role, Team, TocNode } from './types'

export interface ModelOptions {
  users: readonly SeedUser[]
  groups: readonly SeedGroup[]
  /** The demo data beyond the sign-in seed. Default: the main site's (seed-content.ts). */
  content?: SeedContent | undefined
  /** The emulator's clock in milliseconds. */
  now(): number
}

const FIRST_NEW_ID = 90_001

function teamsFrom(
  users: readonly SeedUser[],
  groups: readonly SeedGroup[],
  content: SeedContent,
): Team[] {
  const seeded: SeedTeam[] = groups.map((group) => ({
    ...group,
    members: Object.fromEntries(
      group.members.map((login, i): [string, Role] => [
        login,
        content.roles[group.login]?.[login] ?? (i === 0 ? 0 : 1),
      ]),
    ),
  }))
  return [...seeded, ...content.extraTeams].map((team) => ({
    id: team.id,
    login: team.login,
    name: team.name,
    description: team.description,
    public: team.public,
    createdAt: team.createdAt,
    updatedAt: team.createdAt,
    members: Object.entries(team.members).flatMap(([login, role]) => {
      const user = users.find((candidate) => candidate.login === login)
      return user === undefined
        ? []
        : [{ userId: user.id, role, createdAt: team.createdAt, updatedAt: team.createdAt }]
    }),
  }))
}

/** A repository of the sign-in seed, a user's or a group's (SeedGroup.repos). */
function seededBook(repo: SeedRepo, owner: Owner, creatorId: number): Book {
  return {
    id: repo.id,
    slug: repo.slug,
    name: repo.name,
    description: repo.description,
    public: repo.public,
    type: repo.type ?? 'Book',
    owner,
    creatorId,
    seededItems: repo.itemsCount,
    likesCount: repo.likesCount,
    watchesCount: repo.watchesCount,
    createdAt: repo.createdAt,
    updatedAt: repo.updatedAt,
    contentUpdatedAt: repo.contentUpdatedAt,
  }
}

function booksFrom(
  users: readonly SeedUser[],
  groups: readonly SeedGroup[],
  teams: Team[],
  content: SeedContent,
): Book[] {
  const own = users.flatMap((user) =>
    user.repos.map((repo) => seededBook(repo, { kind: 'user', id: user.id }, user.id)),
  )
  const ofGroups = groups.flatMap((group) => {
    const creator = teams.find((team) => team.id === group.id)?.members.find((m) => m.role === 0)
    if (creator === undefined) return []
    const owner: Owner = { kind: 'team', id: group.id }
    return (group.repos ?? []).map((repo) => seededBook(repo, owner, creator.userId))
  })
  const ofTeams = content.teamBooks.flatMap((seed): Book[] => {
    const team = teams.find((candidate) => candidate.login === seed.owner)
    const creator = team?.members.find((member) => member.role === 0)
    if (team === undefined || creator === undefined) return []
    const { owner: _owner, ...rest } = seed
    return [
      {
        ...rest,
        type: seed.type ?? 'Book',
        owner: { kind: 'team', id: team.id },
        creatorId: creator.userId,
        seededItems: 0,
        likesCount: 3,
        watchesCount: 5,
        updatedAt: seed.createdAt,
        contentUpdatedAt: seed.createdAt,
      },
    ]
  })
  return [...own, ...ofGroups, ...ofTeams]
}

function docsFrom(
  users: readonly SeedUser[],
  books: Book[],
  content: SeedContent,
): { docs: Doc[]; versions: DocVersion[] } {
  const docs: Doc[] = []
  const versions: DocVersion[] = []
  for (const seed of content.docs) {
    const book = books.find((candidate) => candidate.id === seed.bookId)
    const author = users.find((user) => user.login === seed.author)
    if (book === undefined || author === undefined) continue
    const doc: Doc = {
      id: seed.id,
      bookId: book.id,
      slug: seed.slug,
      title: seed.title,
      format: seed.format ?? 'markdown',
      body: seed.body,
      public: seed.public ?? (book.public === 0 ? 0 : 1),
      userId: author.id,
      lastEditorId: author.id,
      readCount: seed.readCount,
      likesCount: seed.likesCount,
      commentsCount: Math.floor(seed.likesCount / 4),
      tags: [],
      createdAt: seed.createdAt,
      updatedAt: seed.createdAt,
      contentUpdatedAt: seed.createdAt,
      deletedAt: null,
    }
    docs.push(doc)
    // One published version per earlier body and one for the current body, a day apart.
    const bodies = [...(seed.history ?? []), seed.body]
    bodies.forEach((body, i) => {
      const at = new Date(Date.parse(seed.createdAt) + i * 86_400_000).toISOString()
      versions.push({
        id: seed.id * 10 + i,
        docId: doc.id,
        slug: doc.slug,
        title: doc.title,
        format: doc.format,
        body,
        userId: author.id,
        createdAt: at,
      })
      doc.updatedAt = at
      doc.contentUpdatedAt = at
    })
  }
  return { docs, versions }
}

function tocsFrom(books: Book[], content: SeedContent): Map<number, TocNode[]> {
  const tocs = new Map<number, TocNode[]>()
  for (const book of books) {
    tocs.set(
      book.id,
      (content.tocs[book.id] ?? []).map((node) => ({
        uuid: node.uuid,
        type: node.type,
        title: node.title ?? content.docs.find((doc) => doc.id === node.docId)?.title ?? '',
        url: node.url ?? '',
        docId: node.docId ?? null,
        parentUuid: node.parent ?? null,
        openWindow: node.type === 'LINK' ? 1 : 0,
        visible: 1,
      })),
    )
  }
  return tocs
}

export function createModel(options: ModelOptions): ModelState {
  const content = options.content ?? MAIN_CONTENT
  const teams = teamsFrom(options.users, options.groups, content)
  const books = booksFrom(options.users, options.groups, teams, content)
  const { docs, versions } = docsFrom(options.users, books, content)
  const counters = { id: FIRST_NEW_ID, uuid: 1 }
  return {
    users: options.users,
    teams,
    books,
    docs,
    versions,
    tocs: tocsFrom(books, content),
    counters,
    now: () => new Date(options.now()).toISOString(),
    nextId: () => counters.id++,
    nextUuid: () => `node-${String(counters.uuid++).padStart(6, '0')}`,
  }
}
