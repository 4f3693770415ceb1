/**
 * Building and naming the path of one operation of the endpoint table (endpoints.ts): the
 * patterns each kind of path parameter must match, and the path filled in. Apart from the table,
 * so that the web app's first load takes the few rows it calls and not all of them.
 */
import type { Endpoint, SegmentKind } from './endpoint-types'

const SEGMENT_PATTERNS: Record<SegmentKind, RegExp> = {
  // docs/service.md#identifiers-in-paths: a numeric primary key.
  id: /^[1-9][0-9]{0,15}$/,
  // docs/service.md#identifiers-in-paths: a user's or a team's unique name.
  login: /^[A-Za-z0-9_-]{1,64}$/,
  // docs/service.md#endpoints (GET /users/{login}): a login or a numeric id; both match the login
  // alphabet.
  userKey: /^[A-Za-z0-9_-]{1,64}$/,
  // docs/service.md#identifiers-in-paths: a repository's or a document's unique name within its
  // owner.
  slug: /^[A-Za-z0-9_.-]{1,190}$/,
}

const SEGMENT_HINTS: Record<SegmentKind, string> = {
  id: 'a positive whole number',
  login: 'letters, digits, "-" and "_" (at most 64)',
  userKey: 'a login (letters, digits, "-" and "_") or a numeric id',
  slug: 'letters, digits, ".", "-" and "_"',
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

/**
 * Why a value is not a valid path parameter: its name, the kind it must be and the value (cut
 * to 40 characters), for a page to say in its own language (src/web/lib/segment-problem.ts).
 */
export interface SegmentIssue {
  name: string
  kind: SegmentKind
  value: string
}

/** The issue with a value for the path parameter `name` of `kind`, or null when it is valid. */
export function segmentIssue(name: string, kind: SegmentKind, value: string): SegmentIssue | null {
  if (isValidSegment(kind, value)) return null
  return { name, kind, value: value.slice(0, 40) }
}

/** Why a value is not a valid path parameter of `kind`, in English (the proxy's errors), or null. */
export function segmentProblem(name: string, kind: SegmentKind, value: string): string | null {
  const issue = segmentIssue(name, kind, value)
  if (issue === null) return null
  return `The path parameter "${name}" ("${issue.value}") must be ${SEGMENT_HINTS[kind]}.`
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
