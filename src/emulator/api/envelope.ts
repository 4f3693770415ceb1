/**
 * docs/service.md#response-envelope: beside `data`, the answer about one record carries
 * `abilities`, booleans saying what the caller may do with it (`update`, `destroy`), and `meta`,
 * flags of the caller's relation to it (`liked`, `followed`). docs/service.md#token-header: "a
 * record's `abilities` say what the caller may change".
 *
 * An ability is true exactly when the call would be let through: the user may (state.ts's rules)
 * and the token holds the scope the operation needs (the endpoint table's write scope: `repo` for
 * a repository, `doc` for a document; docs/service.md#never-more-than-the-user). The emulator
 * keeps no likes, watches or follows (the document has no operation that makes one; the seed's
 * counts have no names behind them), so every such flag is false. Lists keep their own `meta`
 * (`total`, the document's).
 */
import { missingScopes } from '../../protocol/scopes'
import { canWriteBook, type ModelState } from '../model/state'
import type { Book } from '../model/types'
import type { Caller } from './caller'

function holds(caller: Caller, scope: string): boolean {
  return missingScopes(caller.token.scopes, [scope]).length === 0
}

/** A repository: change or delete it (`repo`), add documents to it (`doc`, V2Book's create_doc). */
export function bookEnvelope<T>(state: ModelState, caller: Caller, book: Book, data: T) {
  const mayWrite = canWriteBook(state, book, caller.user.id)
  const change = mayWrite && holds(caller, 'repo')
  return {
    data,
    abilities: { update: change, destroy: change, create_doc: mayWrite && holds(caller, 'doc') },
    meta: { liked: false, watched: false },
  }
}

/** A document: change or delete it, as its repository's writers may with the `doc` scope. */
export function docEnvelope<T>(state: ModelState, caller: Caller, book: Book, data: T) {
  const change = canWriteBook(state, book, caller.user.id) && holds(caller, 'doc')
  return { data, abilities: { update: change, destroy: change }, meta: { liked: false } }
}

/** Another user's record (GET /users/{login}). */
export function userEnvelope<T>(data: T) {
  return { data, meta: { followed: false } }
}
