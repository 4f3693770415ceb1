/**
 * The emulator's in-memory model of the service (yuque-openapi-2.0.1.json): accounts, teams,
 * repositories, documents, versions and tables of contents. It knows nothing of HTTP; its
 * refusals are ModelErrors that the API's sub-apps turn into statuses.
 */

/** V2GroupUser.role: 0 admin, 1 member, 2 read-only member. */
export type Role = 0 | 1 | 2
/** V2Book.public / V2Doc.public: 0 private, 1 public, 2 public inside the enterprise. */
export type Visibility = 0 | 1 | 2
export type DocFormat = 'markdown' | 'html' | 'lake'

export interface Membership {
  userId: number
  role: Role
  createdAt: string
  updatedAt: string
}

export interface Team {
  id: number
  login: string
  name: string
  description: string | null
  public: Visibility
  members: Membership[]
  createdAt: string
  updatedAt: string
}

export type Owner = { kind: 'user'; id: number } | { kind: 'team'; id: number }

export interface Book {
  id: number
  slug: string
  name: string
  description: string | null
  public: Visibility
  type: 'Book' | 'Design' | 'Sheet' | 'Resource'
  owner: Owner
  creatorId: number
  /** The count the seed states for a repository whose documents the model does not hold. */
  seededItems: number
  likesCount: number
  watchesCount: number
  createdAt: string
  updatedAt: string
  contentUpdatedAt: string
}

export interface Doc {
  id: number
  bookId: number
  slug: string
  title: string
  format: DocFormat
  body: string
  public: Visibility
  userId: number
  lastEditorId: number
  readCount: number
  likesCount: number
  commentsCount: number
  tags: string[]
  createdAt: string
  updatedAt: string
  contentUpdatedAt: string
  deletedAt: string | null
}

/** A published state of a document: one on creation and one on every update. */
export interface DocVersion {
  id: number
  docId: number
  slug: string
  title: string
  format: DocFormat
  body: string
  userId: number
  createdAt: string
}

export type TocType = 'DOC' | 'TITLE' | 'LINK'

export interface TocNode {
  uuid: string
  type: TocType
  title: string
  url: string
  docId: number | null
  parentUuid: string | null
  openWindow: 0 | 1
  visible: 0 | 1
}

export type ModelErrorReason = 'missing' | 'denied' | 'invalid'

/** A refusal: `missing` for what the caller may not see, `denied` for what they see but may not change. */
export class ModelError extends Error {
  override readonly name = 'ModelError'
  constructor(
    readonly reason: ModelErrorReason,
    message: string,
  ) {
    super(message)
  }
}

export const missing = (what: string) => new ModelError('missing', `${what} not found`)
