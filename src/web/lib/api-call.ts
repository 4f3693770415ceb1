/**
 * The web app's calls to the API, named by the protocol's endpoint table (endpoints.ts): the
 * path and the request line shown on screen both come from the operation's row, never by hand.
 */
import { PLAYGROUND_API_BASE, playgroundApiPath, requestLine } from '../../protocol/endpoint-path'
import type { Endpoint } from '../../protocol/endpoint-types'

type Params = Readonly<Record<string, string | number>>

export interface ApiCall {
  /** Same origin, through the proxy: `/api/v2/users/alice/repos`. */
  path: string
  /** As shown on screen: `GET /api/v2/users/alice/repos`. */
  line: string
}

/**
 * The call of `endpoint` with `params` (each checked against its pattern, endpoint-path.ts). The
 * row is imported by name from its endpoint-rows-*.ts file, so the first load carries only the
 * rows it calls, not the whole table.
 */
export function apiCall(endpoint: Endpoint, params: Params = {}): ApiCall {
  const path = playgroundApiPath(endpoint, params)
  return { path, line: requestLine({ ...endpoint, path }) }
}

/** `GET /api/v2/users/{login}`: the operation's template as the web app calls it. */
export function apiTemplateLine(endpoint: Endpoint): string {
  return requestLine({ ...endpoint, path: `${PLAYGROUND_API_BASE}${endpoint.path}` })
}
