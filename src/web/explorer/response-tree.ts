/**
 * The pure parts of the response (json-view.tsx, response-headers.tsx): paths, what opens by
 * default, an item's name in its collapsed summary, what a search finds, the headers' order.
 * Tested in response-tree.test.ts.
 */

/** Where a value is in the body: keys of objects, indexes of arrays. */
export type JsonPath = readonly (string | number)[]

/** A path as a Set key. */
export const pathKey = (path: JsonPath): string => JSON.stringify(path)

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/**
 * A path as JavaScript reads it below the parsed body: `data[0].slug`, `data["two words"]`. So
 * it pastes after `body.` (or `body` for a leading index); the root is the empty string.
 */
export function pathText(path: JsonPath): string {
  return path
    .map((part, index) => {
      if (typeof part === 'number') return `[${part}]`
      if (!IDENTIFIER.test(part)) return `[${JSON.stringify(part)}]`
      return index === 0 ? part : `.${part}`
    })
    .join('')
}

/** Objects and arrays: the tree's branches. */
export const isBranch = (value: unknown): value is object =>
  value !== null && typeof value === 'object'

/** A branch's children, with array indexes as numbers. */
export function childrenOf(value: object): [string | number, unknown][] {
  return Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value)
}

/**
 * Open at first: the root and its named branches (`data`), so a list shows one line per item and
 * a record shows its fields; an item of a list stays closed, named by `itemName`.
 */
export function defaultOpen(value: unknown): Set<string> {
  const open = new Set<string>()
  if (!isBranch(value)) return open
  open.add(pathKey([]))
  for (const [key, child] of childrenOf(value)) {
    if (typeof key === 'string' && isBranch(child)) open.add(pathKey([key]))
  }
  return open
}

/** Every branch's path: Expand all. */
export function allBranches(value: unknown, path: JsonPath = [], into = new Set<string>()) {
  if (!isBranch(value)) return into
  into.add(pathKey(path))
  for (const [key, child] of childrenOf(value)) allBranches(child, [...path, key], into)
  return into
}

/** What names a record, in this order of preference (a repository's name, a doc's title, …). */
const NAME_KEYS = ['name', 'title', 'login', 'slug', 'id'] as const

/** The name of an object for its collapsed summary (`[0] {…} API Handbook`), if it has one. */
export function itemName(value: unknown): string | undefined {
  if (!isBranch(value) || Array.isArray(value)) return undefined
  const record = value as Record<string, unknown>
  for (const key of NAME_KEYS) {
    const candidate = record[key]
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate
    if (typeof candidate === 'number') return String(candidate)
  }
  return undefined
}

/** A leaf as the tree shows it: strings quoted, the rest as JSON writes them. */
export const leafText = (value: unknown): string =>
  typeof value === 'string' ? JSON.stringify(value) : String(value)

/** A value as copied: a string as it is (no quotes), a branch as indented JSON. */
export const copyText = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value, null, 2)

export interface SearchResult {
  /** Keys and leaves that contain the needle. */
  matches: number
  /** The branches holding a match, to open. */
  open: Set<string>
}

/** Keys and leaf texts containing `needle` (already lower-case), and the branches above them. */
export function search(value: unknown, needle: string): SearchResult {
  const open = new Set<string>()
  let matches = 0
  const walk = (node: unknown, path: JsonPath): boolean => {
    if (!isBranch(node)) {
      const found = leafText(node).toLowerCase().includes(needle)
      if (found) matches += 1
      return found
    }
    let holds = false
    for (const [key, child] of childrenOf(node)) {
      const keyFound = typeof key === 'string' && key.toLowerCase().includes(needle)
      if (keyFound) matches += 1
      // Every child is walked, so that each match is counted.
      const below = walk(child, [...path, key])
      holds = holds || keyFound || below
    }
    if (holds) open.add(pathKey(path))
    return holds
  }
  if (needle !== '') walk(value, [])
  return { matches, open }
}

/**
 * The key headers of an answer (response-headers.tsx), in the order they are listed: the rate
 * limit, the scopes, Retry-After (docs/service.md#rate-limits, #scope-headers), the content type
 * and a request id.
 */
const KEY_HEADERS = [
  /^x-ratelimit-/,
  /^x-oauth-scopes$/,
  /^x-accepted-oauth-scopes$/,
  /^retry-after$/,
  /^content-type$/,
  /request-id$|^x-trace-id$/,
]

const rankOf = (name: string) => {
  const rank = KEY_HEADERS.findIndex((pattern) => pattern.test(name))
  return rank < 0 ? KEY_HEADERS.length : rank
}

/** Key headers first, in KEY_HEADERS order; then the others, by name. */
export function orderHeaders(headers: Headers): { name: string; value: string; isKey: boolean }[] {
  return [...headers]
    .map(([name, value]) => ({ name: name.toLowerCase(), value, rank: rankOf(name.toLowerCase()) }))
    .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name))
    .map(({ name, value, rank }) => ({ name, value, isKey: rank < KEY_HEADERS.length }))
}
