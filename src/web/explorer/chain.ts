/**
 * Chained calls: the ids, slugs and logins seen in this tab's earlier responses, offered where a
 * parameter takes one (a repository's id for `book_id`, with its name), and the value the user
 * picked from a response for the next call. Module state of this tab, in memory only: names and
 * ids of the account's data, never a token or a secret (docs/security.md#h2). A Disconnect drops
 * it with the account (use-forget-account.ts, as docs/security.md#i2 for the other caches).
 */
import type { Endpoint } from '../../protocol/endpoints'

/** What a value names: what a parameter can take. */
export type ChainKind = 'book' | 'bookSlug' | 'login' | 'doc' | 'docSlug'

export interface ChainValue {
  readonly value: string
  /** The item's name or title, shown beside the value. */
  readonly label: string
}

/** Per kind, the most recent first: enough for a list someone reads, not a dump of a response. */
const KEEP = 20

let seen: Record<ChainKind, ChainValue[]> = emptySeen()
let picked: Partial<Record<ChainKind, ChainValue>> = {}
let version = 0
const listeners = new Set<() => void>()

function emptySeen(): Record<ChainKind, ChainValue[]> {
  return { book: [], bookSlug: [], login: [], doc: [], docSlug: [] }
}

function changed() {
  version += 1
  for (const listener of listeners) listener()
}

export const chainStore = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** For useSyncExternalStore: any change bumps it. */
  version: () => version,
}

function remember(kind: ChainKind, value: unknown, label: unknown) {
  if ((typeof value !== 'string' && typeof value !== 'number') || value === '') return
  const entry: ChainValue = {
    value: String(value),
    label: typeof label === 'string' ? label : '',
  }
  seen[kind] = [entry, ...seen[kind].filter((old) => old.value !== entry.value)].slice(0, KEEP)
}

type Item = Readonly<Record<string, unknown>>

const isItem = (value: unknown): value is Item =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** What a response object is, by the shape docs/service.md gives each (Book, Doc, User, Group). */
export function classify(item: Item): 'book' | 'doc' | 'user' | null {
  if (typeof item.namespace === 'string' && 'slug' in item && 'name' in item) return 'book'
  if ('title' in item && 'slug' in item && (item.type === 'Doc' || 'book_id' in item)) return 'doc'
  if (typeof item.login === 'string') return 'user'
  return null
}

function harvestItem(item: Item) {
  switch (classify(item)) {
    case 'book': {
      remember('book', item.id, item.name)
      remember('bookSlug', item.slug, item.name)
      const owner = String(item.namespace).split('/')[0]
      const user = isItem(item.user) ? item.user : {}
      remember('login', owner, user.login === owner ? user.name : '')
      break
    }
    case 'doc':
      remember('doc', item.id, item.title)
      remember('docSlug', item.slug, item.title)
      break
    case 'user':
      remember('login', item.login, item.name)
      break
    default:
  }
}

/** Remembers what `body` names, depth first, so a list's first items come first. */
export function harvest(body: unknown): void {
  const found: Item[] = []
  const walk = (value: unknown, depth: number) => {
    if (depth > 5 || found.length > 200) return
    if (Array.isArray(value)) for (const entry of value) walk(entry, depth + 1)
    else if (isItem(value)) {
      found.push(value)
      for (const entry of Object.values(value)) walk(entry, depth + 1)
    }
  }
  walk(body, 0)
  if (found.length === 0) return
  // Reversed: remember() puts the last one first, and the response's first item should lead.
  for (const item of found.reverse()) harvestItem(item)
  changed()
}

/**
 * The kinds a parameter takes, by its name and its operation: `book_id` a repository's id, `id`
 * of a document operation a document's id or slug, of a member operation a user's login.
 */
export function kindsOf(endpoint: Endpoint, name: string): readonly ChainKind[] {
  switch (name) {
    case 'book_id':
    case 'bookId':
      return ['book']
    case 'book_slug':
      return ['bookSlug']
    case 'group_login':
    case 'login':
    case 'creator':
      return ['login']
    case 'doc_id':
      return ['doc']
    case 'id':
      if (endpoint.params.id === 'userKey') return ['login']
      if (endpoint.id === 'doc.version') return []
      return endpoint.tag === 'doc' ? ['doc', 'docSlug'] : []
    default:
      return []
  }
}

/** The values seen for what `name` takes, most recent first, each value once. */
export function suggestionsFor(endpoint: Endpoint, name: string): ChainValue[] {
  const values = kindsOf(endpoint, name).flatMap((kind) => seen[kind])
  return values.filter(
    (entry, index) => values.findIndex((other) => other.value === entry.value) === index,
  )
}

/** The name or title of `value` where a parameter of `endpoint` called `name` has seen it. */
export function labelOf(endpoint: Endpoint, name: string, value: string): string {
  return suggestionsFor(endpoint, name).find((entry) => entry.value === value)?.label ?? ''
}

/** The document's title or repository's name a request's path names, when seen. */
export function targetLabel(endpoint: Endpoint, path: Readonly<Record<string, string>>): string {
  for (const name of ['id', 'doc_id', 'book_slug', 'book_id']) {
    const value = path[name]
    if (value === undefined || endpoint.params[name] === undefined) continue
    const label = labelOf(endpoint, name, value)
    if (label !== '') return label
  }
  return ''
}

/** Which parameter a leaf of a response fills, by its key and the object it is in. */
export function leafKind(parent: unknown, key: string | number): ChainKind | null {
  if (!isItem(parent) || typeof key !== 'string') return null
  const shape = classify(parent)
  if (key === 'book_id') return 'book'
  if (key === 'login') return 'login'
  if (shape === 'book') return key === 'id' ? 'book' : key === 'slug' ? 'bookSlug' : null
  if (shape === 'doc') return key === 'id' ? 'doc' : key === 'slug' ? 'docSlug' : null
  return null
}

/** The parameter name a kind is offered to, as the button says it ("Use as book_id"). */
export const PARAM_OF: Readonly<Record<ChainKind, string>> = {
  book: 'book_id',
  bookSlug: 'book_slug',
  login: 'login',
  doc: 'id',
  docSlug: 'id',
}

/** The value the user picked from a response: the next form with a parameter for it gets it. */
export function pick(kind: ChainKind, entry: ChainValue): void {
  picked = { ...picked, [kind]: entry }
  changed()
}

export function pickedValues(): Readonly<Partial<Record<ChainKind, ChainValue>>> {
  return picked
}

/** The picked value for a parameter, if any of its kinds has one. */
export function pickedFor(endpoint: Endpoint, name: string): ChainValue | undefined {
  for (const kind of kindsOf(endpoint, name)) {
    const value = picked[kind]
    if (value !== undefined) return value
  }
  return undefined
}

/** Everything of the account: after a Disconnect, or another account's login. */
export function forgetChain(): void {
  seen = emptySeen()
  picked = {}
  changed()
}

/** The label of a value in the parent object (a repository's name, a document's title). */
export function labelIn(parent: unknown): string {
  if (!isItem(parent)) return ''
  for (const key of ['title', 'name']) {
    const value = parent[key]
    if (typeof value === 'string') return value
  }
  return ''
}
