/**
 * The shape of a row of the endpoint table (endpoints.ts) and the helpers the row files share.
 * Apart from the table so that the row files, split by resource, import no cycle.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * What a path parameter may be. One safe alphabet for every kind (docs/security.md#f2): a segment
 * that passes can never be a dot segment, an encoded slash, `@host` or a control character.
 */
export type SegmentKind = 'id' | 'login' | 'userKey' | 'slug'

export interface QueryParam {
  readonly name: string
  /** The whole value must match. */
  readonly pattern: RegExp
  /** What the value may be, in words, for error messages and forms. */
  readonly hint: string
}

export type EndpointTag = 'user' | 'group' | 'repo' | 'doc' | 'search' | 'statistic'

export interface Endpoint {
  /** The playground's own name for the operation, stable across releases. */
  readonly id: string
  /** The OpenAPI document's `operationId`; null for an operation only the seed spec lists. */
  readonly operationId: string | null
  readonly tag: EndpointTag
  readonly method: HttpMethod
  /** Below the API base, with `{name}` placeholders: `/users/{login}/repos`. */
  readonly path: string
  readonly params: Readonly<Record<string, SegmentKind>>
  readonly query: readonly QueryParam[]
  /** A JSON request body (POST and PUT). */
  readonly hasBody: boolean
  /**
   * docs/service.md#scopes: the scope the operation needs; null when a token without scope is
   * enough.
   */
  readonly scope: string | null
  /**
   * Whether a call without a token is pointless (the service answers 401): the proxy answers
   * such a call itself, sparing the rate limit. A public lookup needs none
   * (docs/service.md#endpoints).
   */
  readonly needsSession: boolean
}

const WHOLE = /^\d{1,9}$/
// eslint-disable-next-line no-control-regex -- control characters are what is refused
export const TEXT = /^[^\u0000-\u001f\u007f]{1,200}$/u

export const query = (name: string, pattern: RegExp, hint: string): QueryParam => ({
  name,
  pattern,
  hint,
})
export const whole = (name: string): QueryParam => query(name, WHOLE, 'a whole number')
export const word = (name: string, hint: string): QueryParam =>
  query(name, /^[A-Za-z_]{1,40}$/, hint)
export const OFFSET = /* @__PURE__ */ whole('offset')
export const LIMIT = /* @__PURE__ */ whole('limit')

interface RowDefaults {
  params: Readonly<Record<string, never>>
  query: readonly []
  needsSession: true
  hasBody: boolean
}

type Row = Pick<Endpoint, 'id' | 'operationId' | 'tag' | 'method' | 'path' | 'scope'> &
  Partial<Pick<Endpoint, 'params' | 'query' | 'needsSession'>>

/**
 * A row with what most rows share filled in: a token is needed (every call since about 2020,
 * docs/service.md#every-call-needs-a-token), and POST and PUT take a JSON body (the OpenAPI
 * document's requestBody).
 */
export function op<const R extends Row>(row: R): Omit<RowDefaults, keyof R> & R {
  const defaults: RowDefaults = {
    params: {},
    query: [],
    needsSession: true,
    hasBody: row.method === 'POST' || row.method === 'PUT',
  }
  // Omit<…>, not a plain spread: TypeScript types a generic spread as an intersection, which
  // would make `needsSession: true & false` (and so the whole row) never.
  return { ...defaults, ...row }
}

/**
 * A repository by id, and by namespace (`group_login/book_slug`,
 * docs/service.md#identifiers-in-paths).
 */
export const BOOK_ID = { book_id: 'id' } as const
export const BOOK_SLUG = { group_login: 'login', book_slug: 'slug' } as const
