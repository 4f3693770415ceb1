/**
 * Why a lookup key was refused, in words the page can translate. parseUserKey (src/protocol,
 * the proxy's rule too, checklist F2) decides; this only says which of its rules failed, so the
 * message can be in the reader's language and can tell a display name from a typo.
 */
import { parseUserKey, type UserKey } from '../../protocol/user-key'
import type { usersMessages } from './messages'

export type KeyProblem =
  | { kind: 'empty' }
  | { kind: 'bad-id'; value: string }
  | { kind: 'too-long' }
  /** Han characters, spaces or other letters: a display name (王小明, "Alice Chen"), not a login. */
  | { kind: 'display-name'; value: string }
  | { kind: 'bad-login'; value: string }

export type KeyCheck = { ok: true; key: UserKey } | { ok: false; problem: KeyProblem }

/** A login is ASCII letters, digits, "-" and "_"; anything else that reads as a name is one. */
const NAME_LIKE = /[\p{L}\s]/u
const LOGIN_CHAR = /[A-Za-z0-9_-]/

export function checkLookupKey(input: string): KeyCheck {
  const result = parseUserKey(input)
  if (result.ok) return result
  const value = input.trim()
  if (value === '') return { ok: false, problem: { kind: 'empty' } }
  if (/^[0-9]+$/.test(value)) return { ok: false, problem: { kind: 'bad-id', value } }
  if (value.length > 64) return { ok: false, problem: { kind: 'too-long' } }
  const isNameLike = [...value].some((char) => !LOGIN_CHAR.test(char) && NAME_LIKE.test(char))
  return { ok: false, problem: { kind: isNameLike ? 'display-name' : 'bad-login', value } }
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
