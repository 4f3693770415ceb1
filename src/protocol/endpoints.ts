/**
 * Every API operation the playground knows, once: method, path template below `{base_url}`
 * (which ends in `/api/v2`, spec §4), the scope it needs, whether it needs a session, its path
 * parameters with the pattern each must match, its query parameters and whether it takes a JSON
 * body. The proxy's allow-list, the emulator's scope checks, the scopes page and the web
 * fetchers all read this table; no API path is built by hand anywhere else.
 *
 * Shaped for the whole official OpenAPI document (`operationId`, `tag`): an operation the
 * playground learns is one more row here.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * What a path parameter may be. One safe alphabet for every kind (checklist F2): a segment that
 * passes can never be a dot segment, an encoded slash, `@host` or a control character.
 */
export type SegmentKind = 'id' | 'login' | 'userKey' | 'slug'

const SEGMENT_PATTERNS: Record<SegmentKind, RegExp> = {
  // spec §2.3: a numeric primary key.
  id: /^[1-9][0-9]{0,15}$/,
  // spec §2.3: a user's or a team's unique name.
  login: /^[A-Za-z0-9_-]{1,64}$/,
  // spec §4 (GET /users/{login}): a login or a numeric id; both match the login alphabet.
  userKey: /^[A-Za-z0-9_-]{1,64}$/,
  // spec §2.3: a repository's or a document's unique name within its owner.
  slug: /^[A-Za-z0-9_.-]{1,190}$/,
}

const SEGMENT_HINTS: Record<SegmentKind, string> = {
  id: 'a positive whole number',
  login: 'letters, digits, "-" and "_" (at most 64)',
  userKey: 'a login (letters, digits, "-" and "_") or a numeric id',
  slug: 'letters, digits, ".", "-" and "_"',
}

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
  /** spec §5.4: the scope the operation needs; null when a token without scope is enough. */
  readonly scope: string | null
  /**
   * Whether a call without a token is pointless (the service answers 401): the proxy answers
   * such a call itself, sparing the rate limit. A public lookup needs none (spec §4).
   */
  readonly needsSession: boolean
  readonly summary: string
}

const OFFSET: QueryParam = { name: 'offset', pattern: /^\d{1,9}$/, hint: 'a whole number ≥ 0' }
const LIMIT: QueryParam = { name: 'limit', pattern: /^\d{1,3}$/, hint: 'a whole number' }

export const ENDPOINTS = [
  {
    id: 'user.me',
    operationId: 'user_api_v2_user_info',
    tag: 'user',
    method: 'GET',
    path: '/user',
    params: {},
    query: [],
    hasBody: false,
    scope: null,
    needsSession: true,
    summary: 'The user the token belongs to',
  },
  {
    id: 'user.hello',
    operationId: 'user_api_v2_hello',
    tag: 'user',
    method: 'GET',
    path: '/hello',
    params: {},
    query: [],
    hasBody: false,
    scope: null,
    needsSession: true,
    summary: 'The greeting: a heartbeat that proves the token works',
  },
  {
    id: 'user.show',
    operationId: null,
    tag: 'user',
    method: 'GET',
    path: '/users/{login}',
    params: { login: 'userKey' },
    query: [],
    hasBody: false,
    scope: null,
    needsSession: false,
    summary: 'A user by login or id (public information)',
  },
  {
    id: 'repo.listByUser',
    operationId: 'repo_api_v2_repo_list',
    tag: 'repo',
    method: 'GET',
    path: '/users/{login}/repos',
    params: { login: 'userKey' },
    query: [
      OFFSET,
      LIMIT,
      { name: 'type', pattern: /^[A-Za-z]{1,16}$/, hint: 'Book, Design or Sheet' },
    ],
    hasBody: false,
    scope: 'repo:read',
    needsSession: true,
    summary: "A user's repositories",
  },
  {
    id: 'group.listByUser',
    operationId: 'user_api_v2_user_group_list',
    tag: 'user',
    method: 'GET',
    path: '/users/{id}/groups',
    params: { id: 'userKey' },
    query: [OFFSET, { name: 'role', pattern: /^[0-9]{1,2}$/, hint: '0 (admin) or 1 (member)' }],
    hasBody: false,
    scope: 'group:read',
    needsSession: true,
    summary: "A user's teams",
  },
] as const satisfies readonly Endpoint[]

export type EndpointId = (typeof ENDPOINTS)[number]['id']

const byId = new Map<string, Endpoint>(ENDPOINTS.map((endpoint) => [endpoint.id, endpoint]))

export function endpointById(id: EndpointId): Endpoint {
  const endpoint = byId.get(id)
  if (endpoint === undefined) throw new Error(`unknown endpoint "${id}"`)
  return endpoint
}

/** `GET /users/{login}/repos`: how the operation is named on screen and in messages. */
export function requestLine(endpoint: Endpoint): string {
  return `${endpoint.method} ${endpoint.path}`
}

export class EndpointParamError extends Error {
  override readonly name = 'EndpointParamError'
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message)
  }
}

export function isValidSegment(kind: SegmentKind, value: string): boolean {
  return SEGMENT_PATTERNS[kind].test(value)
}

/** Why a value is not a valid path parameter of `kind`, or null when it is. */
export function segmentProblem(name: string, kind: SegmentKind, value: string): string | null {
  if (isValidSegment(kind, value)) return null
  return `The path parameter "${name}" ("${value.slice(0, 40)}") must be ${SEGMENT_HINTS[kind]}.`
}

type ParamsOf<E extends Endpoint> = { readonly [K in keyof E['params']]: string | number }

/**
 * The path below the API base for `endpoint` with `params` filled in: `/users/alice/repos`.
 * Every parameter is checked against its pattern first, so the result never leaves the
 * template's shape; a bad one throws an EndpointParamError that names it.
 */
export function endpointPath<E extends Endpoint>(endpoint: E, params: ParamsOf<E>): string {
  const values = params as Readonly<Record<string, string | number>>
  return endpoint.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const kind = endpoint.params[name]
    const value = values[name]
    if (kind === undefined || value === undefined) {
      throw new EndpointParamError(name, `The path parameter "${name}" is missing.`)
    }
    const text = String(value)
    const problem = segmentProblem(name, kind, text)
    if (problem !== null) throw new EndpointParamError(name, problem)
    return text
  })
}

/** The address the web app calls (same origin, through the proxy): `/api/v2/users/alice/repos`. */
export const PLAYGROUND_API_BASE = '/api/v2'

export function playgroundApiPath<E extends Endpoint>(
  endpoint: E,
  params: ParamsOf<E>,
  query?: Readonly<Record<string, string | number>>,
): string {
  const path = `${PLAYGROUND_API_BASE}${endpointPath(endpoint, params)}`
  if (query === undefined) return path
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) search.set(name, String(value))
  return search.size === 0 ? path : `${path}?${search.toString()}`
}

export type EndpointMatch =
  | { ok: true; endpoint: Endpoint; params: Record<string, string> }
  | { ok: false; status: 404; message: string }
  | { ok: false; status: 405; allow: HttpMethod[]; message: string }
  | { ok: false; status: 400; message: string }

const templateSegments = (endpoint: Endpoint) => endpoint.path.slice(1).split('/')

/** How many literal segments a template has: the more, the more specific it is. */
const literalCount = (endpoint: Endpoint) =>
  templateSegments(endpoint).filter((part) => !part.startsWith('{')).length

/**
 * Templates tried most specific first, so `/repos/docs/{id}` wins over
 * `/repos/{group_login}/{book_slug}` for `/repos/docs/5`.
 */
const BY_SPECIFICITY: readonly Endpoint[] = [...ENDPOINTS].sort(
  (a, b) => literalCount(b) - literalCount(a),
)

function matchTemplate(endpoint: Endpoint, segments: readonly string[]) {
  const parts = templateSegments(endpoint)
  if (parts.length !== segments.length) return null
  const params: Record<string, string> = {}
  for (const [i, part] of parts.entries()) {
    const segment = segments[i] ?? ''
    if (part.startsWith('{')) {
      const name = part.slice(1, -1)
      const kind = endpoint.params[name]
      if (kind === undefined || !isValidSegment(kind, segment)) return null
      params[name] = segment
    } else if (part !== segment) {
      return null
    }
  }
  return params
}

/**
 * Finds the operation for `method` and `path` (below the API base, leading `/`, as the WHATWG
 * URL parser left it: percent-encoding kept). Nothing is decoded, so `%2e%2e` or `%2f` can only
 * fail a segment's pattern. A path that matches no template is 404; one that matches for another
 * method is 405 with the methods it allows.
 */
export function matchEndpoint(method: string, path: string): EndpointMatch {
  const segments = path.startsWith('/') ? path.slice(1).split('/') : path.split('/')
  const allowed = new Set<HttpMethod>()
  // Only the most specific templates that match the path count: `DELETE /repos/1/docs` is a
  // method the document list does not allow, not the deletion of a repository slugged "docs".
  let specificity = -1
  for (const endpoint of BY_SPECIFICITY) {
    if (allowed.size > 0 && literalCount(endpoint) < specificity) break
    const params = matchTemplate(endpoint, segments)
    if (params === null) continue
    if (endpoint.method === method) return { ok: true, endpoint, params }
    allowed.add(endpoint.method)
    specificity = literalCount(endpoint)
  }
  if (allowed.size > 0) {
    const allow = [...allowed]
    return {
      ok: false,
      status: 405,
      allow,
      message: `${method.slice(0, 10)} is not allowed on ${path.slice(0, 80)} (allowed: ${allow.join(', ')}).`,
    }
  }
  return {
    ok: false,
    status: 404,
    message: `No operation of the API matches ${path.slice(0, 80)}.`,
  }
}

export type QueryCheck = { ok: true; search: string } | { ok: false; status: 400; message: string }

/** Keeps only the operation's declared query parameters, each once, each matching its pattern. */
export function checkQuery(endpoint: Endpoint, query: URLSearchParams): QueryCheck {
  const kept = new URLSearchParams()
  for (const [name, value] of query) {
    const param = endpoint.query.find((candidate) => candidate.name === name)
    if (param === undefined) {
      const allowed =
        endpoint.query.length === 0 ? 'none' : endpoint.query.map((q) => q.name).join(', ')
      return {
        ok: false,
        status: 400,
        message: `The query parameter "${name.slice(0, 40)}" is not allowed on ${requestLine(endpoint)} (allowed: ${allowed}).`,
      }
    }
    if (kept.has(name)) {
      return { ok: false, status: 400, message: `The query parameter "${name}" is repeated.` }
    }
    if (!param.pattern.test(value)) {
      return {
        ok: false,
        status: 400,
        message: `The query parameter "${name}" ("${value.slice(0, 40)}") must be ${param.hint}.`,
      }
    }
    kept.set(name, value)
  }
  return { ok: true, search: kept.size === 0 ? '' : `?${kept.toString()}` }
}
