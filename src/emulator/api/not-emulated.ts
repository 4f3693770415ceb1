/**
 * The endpoint table as Hono routes: each served route checks that the table agrees which
 * operation a path is, and every operation of the table without a handler answers
 * `501 not emulated: <METHOD> <path template>`, never a 404 that reads like a missing record. So
 * do the paths clients call that the document lacks (UNDOCUMENTED).
 */
import type { Hono, MiddlewareHandler } from 'hono'
import { PLAYGROUND_API_BASE, requestLine } from '../../protocol/endpoint-path'
import {
  ENDPOINTS,
  matchEndpoint,
  type Endpoint,
  type EndpointId,
  type HttpMethod,
} from '../../protocol/endpoints'
import { EmulatorError } from '../emulator-error'
import type { ApiEnv } from './kit'

/** `/repos/{book_id}/docs` → `/repos/:book_id{[0-9]+}/docs`: a numeric id only matches digits. */
export function honoPathOf(endpoint: Endpoint): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    endpoint.params[name] === 'id' ? `:${name}{[0-9]+}` : `:${name}`,
  )
}

/**
 * Hono tries routes in the order they were added and knows only that an id is digits; the table
 * picks the most specific template whose parameters match their patterns. Where they disagree
 * the path names a record that cannot exist (`/repos/99999999999999999999/docs`: no id has 20
 * digits, so the table reads a repository slugged "docs" of an owner with that login), and the
 * answer is the 404 such a lookup gets (found by src/proxy/fuzz.test.ts), never another
 * operation's handler.
 */
export function checkTableAgrees(id: EndpointId): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const below = c.req.path.slice(PLAYGROUND_API_BASE.length)
    const match = matchEndpoint(c.req.method, below)
    if (match.ok && match.endpoint.id !== id) {
      throw new EmulatorError(404, 'Not Found')
    }
    await next()
  }
}

const SDK_CALLS = 'the official SDK calls it; the OpenAPI document lists no such operation'

/** The table's operations that no sub-app serves. */
export function notEmulated(handled: ReadonlySet<string>): Endpoint[] {
  return ENDPOINTS.filter((endpoint) => !handled.has(endpoint.id))
}

/**
 * Paths below the API base that clients call and the OpenAPI document lists no operation for:
 * the team CRUD of the official Node SDK (`@yuque/sdk` 1.1.1, lib/group.js: `groups.list()`
 * without a login, `create`, `get`, `update`, `delete`; its other methods call the document's
 * paths, compat.test.ts "knows the path of every method of the SDK"), and the attachment upload
 * the `attach_upload` scope is for (docs/service.md#operator-approved-scopes). The emulator
 * serves none of them, and says so.
 */
export const UNDOCUMENTED: readonly { method: HttpMethod; path: string; why: string }[] = [
  ...(['GET', 'POST'] as const).map((method) => ({ method, path: '/groups', why: SDK_CALLS })),
  ...(['GET', 'PUT', 'DELETE'] as const).map((method) => ({
    method,
    path: '/groups/{login}',
    why: SDK_CALLS,
  })),
  {
    method: 'POST',
    path: '/upload/attach',
    why: 'the attach_upload scope’s upload; the OpenAPI document lists no such operation',
  },
]

export function mountNotEmulated(api: Hono<ApiEnv>, handled: ReadonlySet<string>): void {
  for (const endpoint of notEmulated(handled)) {
    api.on(endpoint.method, honoPathOf(endpoint), () => {
      throw new EmulatorError(501, `not emulated: ${requestLine(endpoint)}`)
    })
  }
  for (const { method, path, why } of UNDOCUMENTED) {
    api.on(method, path.replace('{login}', ':login'), () => {
      throw new EmulatorError(501, `not emulated: ${method} ${path} (${why})`)
    })
  }
}
