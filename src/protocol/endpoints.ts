/**
 * Every API operation the playground knows, once: method, path template below `{base_url}`
 * (which ends in `/api/v2`, spec §4), the scope it needs, whether it needs a session, its path
 * parameters with the pattern each must match, its query parameters and whether it takes a JSON
 * body. The proxy's allow-list, the emulator's scope checks, the scopes page and the web
 * fetchers all read this table; no API path is built by hand anywhere else.
 *
 * The rows are the whole official OpenAPI document (38 operations) and the seed's public user
 * lookup, split by resource in endpoint-rows-*.ts; their shape is in endpoint-types.ts.
 */

import { DOC_ENDPOINTS } from './endpoint-rows-docs'
import { REPO_ENDPOINTS } from './endpoint-rows-repos'
import { USER_ENDPOINTS } from './endpoint-rows-users'
import type { Endpoint, HttpMethod, SegmentKind } from './endpoint-types'

export type { Endpoint, HttpMethod, SegmentKind } from './endpoint-types'

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

export const ENDPOINTS = [
  ...USER_ENDPOINTS,
  ...REPO_ENDPOINTS,
  ...DOC_ENDPOINTS,
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
