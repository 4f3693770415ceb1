/**
 * A user lookup key: a login or a numeric id (docs/service.md#identifiers-in-paths). Validated
 * before any request, and used by the proxy's allow-list to keep path segments to a safe alphabet
 * (docs/security.md#f2).
 */

export type UserKey =
  { kind: 'id'; id: number; value: string } | { kind: 'login'; login: string; value: string }

export type UserKeyResult = { ok: true; key: UserKey } | { ok: false; message: string }

const LOGIN_PATTERN = /^[A-Za-z0-9_-]{1,64}$/
const ID_PATTERN = /^[1-9][0-9]{0,15}$/

/** Parses what a user typed: surrounding spaces are ignored; a digits-only key is an id. */
export function parseUserKey(input: string): UserKeyResult {
  const value = input.trim()
  if (value === '') return { ok: false, message: 'Enter a login (such as alice) or a numeric id.' }
  if (/^[0-9]+$/.test(value)) {
    if (!ID_PATTERN.test(value) || !Number.isSafeInteger(Number(value))) {
      return { ok: false, message: `"${value}" is not a valid id: ids are positive whole numbers.` }
    }
    return { ok: true, key: { kind: 'id', id: Number(value), value } }
  }
  if (value.length > 64) return { ok: false, message: 'A login has at most 64 characters.' }
  if (!LOGIN_PATTERN.test(value)) {
    return {
      ok: false,
      message: `"${value}" is not a valid login: use letters, digits, "-" and "_" only.`,
    }
  }
  return { ok: true, key: { kind: 'login', login: value, value } }
}
