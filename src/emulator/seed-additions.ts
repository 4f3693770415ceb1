/**
 * What a config file adds to the seed (config-file.ts): users, repositories with their Markdown
 * documents, and personal tokens with fixed values. Applied by the emulator's state owner after
 * the seed is built, at creation and after every reset (emulator-state.ts, `populate`), so a reset
 * restores them exactly: the same records, ids and tokens, created at the same time. The
 * repositories and documents are made by the model's own operations (model/books.ts,
 * model/docs.ts, model/toc.ts), as their owner would make them through the API, so they look
 * and behave like any other; their ids are the model's next ones, in the file's order. Beside
 * them, the other options a config file sets (`ConfigFileOptions`: the clock's start, the
 * anonymous budget, the headless approval), which emulator.ts hands to their owners.
 */
import { canonicalScopes } from '../protocol/scopes'
import type { AutoApprove } from './context'
import type { NewUser, TenantState } from './emulator-state'
import { createBook } from './model/books'
import { createDoc } from './model/docs'
import type { ModelState } from './model/state'
import { updateToc } from './model/toc'
import type { Budget } from './profiles'
import type { SeedSpace } from './seed-space'

export interface AddedDoc {
  slug: string
  title: string
  /** Markdown. */
  body: string
}

export interface AddedRepo {
  /** The login of a user (the seed's or an added one) or of a team. */
  owner: string
  slug: string
  name: string
  public: boolean
  docs?: AddedDoc[] | undefined
}

export interface FixedToken {
  /** The token's value, as the file gives it. */
  token: string
  login: string
  scopes: string[]
}

export interface SeedAdditions {
  users: NewUser[]
  repos: AddedRepo[]
  tokens: FixedToken[]
  /** Start from no repository and no document of the seed: only `repos`. */
  replaceSeedData: boolean
}

/** The emulator's options a config file sets beyond the seed's (config-options.ts). */
export interface ConfigFileOptions {
  /**
   * ms since the epoch: the clock starts here and runs on; a reset starts it here again (the
   * file's `clock.start`).
   */
  clockStart?: number
  /**
   * Replaces the anonymous budget of a profile that has its own (profiles.ts, `anonymousBudget`:
   * `observed`); a profile without one gives anonymous callers `rateLimit`, as before.
   */
  anonymousBudget?: Budget
  /** Added to the seed, and restored by a reset (the file's `users`, `data` and `tokens`). */
  additions?: SeedAdditions
  /** The authorize endpoint approves as this user, without pages (the file's `autoApprove`). */
  autoApprove?: AutoApprove
  /**
   * The enterprise spaces, each a tenant of its own on `<label>.<public host>`
   * (docs/emulator.md#enterprise-spaces). Default: the seed's, `acme` (seed-space.ts); `[]`: none.
   */
  spaces?: SpaceOptions[]
}

/** A space: its seed, and what a config file adds to it and sets for it. */
export interface SpaceOptions extends SeedSpace {
  /** Added to the space's seed, and restored by a reset (the file's space's users, data, tokens). */
  additions?: SeedAdditions | undefined
  /** The space's authorize endpoint approves as this user of the space, without pages. */
  autoApprove?: AutoApprove | undefined
}

/** The login that writes as the owner: the user, or the team's first admin (else member). */
function writerOf(model: ModelState, owner: string): number {
  const user = model.users.find((candidate) => candidate.login === owner)
  if (user !== undefined) return user.id
  const team = model.teams.find((candidate) => candidate.login === owner)
  const writer =
    team?.members.find((member) => member.role === 0) ??
    team?.members.find((member) => member.role === 1)
  if (writer === undefined) {
    throw new Error(`config data: "${owner}" is no user and no team with an admin or a member`)
  }
  return writer.userId
}

function addRepo(model: ModelState, repo: AddedRepo): void {
  const viewerId = writerOf(model, repo.owner)
  const book = createBook(model, viewerId, repo.owner, {
    name: repo.name,
    slug: repo.slug,
    public: repo.public ? 1 : 0,
  })
  const docIds = (repo.docs ?? []).map(
    (doc) =>
      createDoc(
        model,
        viewerId,
        { id: book.id },
        { slug: doc.slug, title: doc.title, body: doc.body },
      ).doc.id,
  )
  if (docIds.length > 0) {
    updateToc(
      model,
      viewerId,
      { id: book.id },
      { action: 'appendNode', actionMode: 'child', docIds },
    )
  }
}

/**
 * A tenant's `populate` for `options.additions` (the main site's, or a space's), or undefined
 * without any. Every record is
 * created at the clock's start, or at the time the emulator is created: the same after a reset.
 */
export function populateFrom(
  options: { additions?: SeedAdditions | undefined; clockStart?: number | undefined },
  clock: () => number,
): ((state: TenantState) => void) | undefined {
  const { additions } = options
  if (additions === undefined) return undefined
  const at = new Date(options.clockStart ?? clock()).toISOString()
  return (state) => addToSeed(state, additions, at)
}

/**
 * Adds `additions` to the freshly built `state`; every record is created at `at` (ISO 8601): the
 * clock's configured start, or the time the emulator was created.
 */
function addToSeed(state: TenantState, additions: SeedAdditions, at: string): void {
  // The model's operations read the clock through `now`: this view of the same model (the same
  // arrays, maps and id counters) gives them the fixed time instead.
  const model: ModelState = { ...state.model, now: () => at }
  if (additions.replaceSeedData) {
    model.books.length = 0
    model.docs.length = 0
    model.versions.length = 0
    model.tocs.clear()
  }
  for (const user of additions.users) state.addUser(user, at)
  for (const repo of additions.repos) addRepo(model, repo)
  for (const { token, login, scopes } of additions.tokens) {
    const user = state.directory.userByLogin(login)
    if (user === undefined) throw new Error(`config tokens: no user "${login}"`)
    state.store.addToken(token, {
      userId: user.id,
      clientId: null,
      scopes: canonicalScopes(scopes),
      label: 'config file',
      createdAt: Date.parse(at),
    })
  }
}
