/**
 * The web app's calls to the API, named by the protocol's endpoint table (endpoints.ts): the
 * path and the request line shown on screen both come from the operation's row, never by hand.
 */
import {
  PLAYGROUND_API_BASE,
  endpointById,
  playgroundApiPath,
  requestLine,
  type EndpointId,
} from '../../protocol/endpoints'

type Params = Readonly<Record<string, string | number>>

export interface ApiCall {
  /** Same origin, through the proxy: `/api/v2/users/alice/repos`. */
  path: string
  /** As shown on screen: `GET /api/v2/users/alice/repos`. */
  line: string
}

/** The call of operation `id` with `params` (each checked against its pattern, endpoints.ts). */
export function apiCall(id: EndpointId, params: Params = {}): ApiCall {
  const endpoint = endpointById(id)
  const path = playgroundApiPath(endpoint, params)
  return { path, line: requestLine({ ...endpoint, path }) }
}

/** `GET /api/v2/users/{login}`: the operation's template as the web app calls it. */
export function apiTemplateLine(id: EndpointId): string {
  const endpoint = endpointById(id)
  return requestLine({ ...endpoint, path: `${PLAYGROUND_API_BASE}${endpoint.path}` })
}
