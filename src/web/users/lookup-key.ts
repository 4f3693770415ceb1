/**
 * Why a lookup key was refused, in words the page can translate. parseUserKey (src/protocol,
 * the proxy's rule too, docs/security.md#f2) decides; this only says which of its rules failed, so
 * the message can be in the reader's language and can tell a display name from a typo.
 */
import { parseUserKey, type UserKey } from '../../protocol/user-key'
import type { usersMessages } from './messages'

export type KeyProblem =
  | { kind: 'empty' }
  | { kind: 'bad-id'; value: string }
  | { kind: 'too-long' }
  /** Letters and spaces only, but not a login: a display name (王小明, "Alice Chen"). */
  | { kind: 'display-name'; value: string }
  | { kind: 'bad-login'; value: string }

export type KeyCheck = { ok: true; key: UserKey } | { ok: false; problem: KeyProblem }

/**
 * Only letters (any script), spaces and the punctuation of names ("Carol Díaz", "王小明",
 * "O'Neil"): someone typed the name shown on a profile, not its login. Markup or symbols ("<",
 * "!") are a malformed login instead.
 */
const NAME_LIKE = /^[\p{L}\p{M}\s'·-]+$/u

export function checkLookupKey(input: string): KeyCheck {
  const result = parseUserKey(input)
  if (result.ok) return result
  const value = input.trim()
  if (value === '') return { ok: false, problem: { kind: 'empty' } }
  if (/^[0-9]+$/.test(value)) return { ok: false, problem: { kind: 'bad-id', value } }
  if (value.length > 64) return { ok: false, problem: { kind: 'too-long' } }
  return {
    ok: false,
    problem: { kind: NAME_LIKE.test(value) ? 'display-name' : 'bad-login', value },
  }
}

type Messages = typeof usersMessages

/** The refusal in the reader's language (the users catalog). */
export function describeKeyProblem(m: Messages, problem: KeyProblem): string {
  switch (problem.kind) {
    case 'empty':
      return m.problemEmpty
    case 'bad-id':
      return m.problemBadId(problem)
    case 'too-long':
      return m.problemTooLong
    case 'display-name':
      return m.problemDisplayName(problem)
    case 'bad-login':
      return m.problemBadLogin(problem)
  }
}
