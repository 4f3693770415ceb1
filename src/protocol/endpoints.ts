/**
 * Every API operation the playground knows, once: method, path template below `{base_url}`
 * (which ends in `/api/v2`, docs/service.md#requests), the scope it needs, whether it needs a
 * session, its path parameters with the pattern each must match, its query parameters and whether
 * it takes a JSON body. The proxy's allow-list, the emulator's scope checks, the scopes page and
 * the web fetchers all read this table; no API path is built by hand anywhere else.
 *
 * The rows are the whole official OpenAPI document (38 operations) and the seed's public user
 * lookup, split by resource in endpoint-rows-*.ts; their shape is in endpoint-types.ts.
 */

import { ACCOUNT_ENDPOINTS } from './endpoint-rows-account'
import { DOC_ENDPOINTS } from './endpoint-rows-docs'
import { REPO_ENDPOINTS } from './endpoint-rows-repos'
import { USER_ENDPOINTS } from './endpoint-rows-users'
import { isValidSegment, requestLine } from './endpoint-path'
import type { Endpoint, HttpMethod } from './endpoint-types'

export type { Endpoint, HttpMethod } from './endpoint-types'

export const ENDPOINTS = [
  ...ACCOUNT_ENDPOINTS,
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

export type EndpointMatch =
  | { ok: true; endpoint: Endpoint; params: Record<string, string> }
  | { ok: false; status: 404; message: string }
  | { ok: false; status: 405; allow: HttpMethod[]; message: string }
  | { ok: false; status: 400; message: string }

const templateSegments = (endpoint: Endpoint) => endpoint.path.slice(1).split('/')

/** How many literal segments a template has: the more, the more specific it is. */
const literalCount = (parts: readonly string[]) =>
  parts.filter((part) => !part.startsWith('{')).length

interface Template {
  endpoint: Endpoint
  parts: readonly string[]
  literals: number
}

/**
 * Templates tried most specific first, so `/repos/docs/{id}` wins over
 * `/repos/{group_login}/{book_slug}` for `/repos/docs/5`. Split once here: the proxy matches
 * every forwarded call against them (bench: proxy CPU per call, bench/profile-proxy.ts).
 */
const BY_SPECIFICITY: readonly Template[] = ENDPOINTS.map((endpoint) => {
  const parts = templateSegments(endpoint)
  return { endpoint, parts, literals: literalCount(parts) }
}).sort((a, b) => b.literals - a.literals)

function matchTemplate({ endpoint, parts }: Template, segments: readonly string[]) {
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
  for (const template of BY_SPECIFICITY) {
    if (allowed.size > 0 && template.literals < specificity) break
    const params = matchTemplate(template, segments)
    if (params === null) continue
    const { endpoint } = template
    if (endpoint.method === method) return { ok: true, endpoint, params }
    allowed.add(endpoint.method)
    specificity = template.literals
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
