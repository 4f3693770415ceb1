/**
 * The composition root's first steps, on node:http: a plain GET under /api goes to the proxy's
 * API route directly (src/proxy/api/api-node.ts); any other request goes to the proxy's app
 * (`/auth`, `/api`) or to the server's other routes (health checks, the web app's pages) by its
 * path alone, before any router runs.
 *
 * Mounting the proxy inside the server's Hono app instead (`app.route('/', proxy)`) costs every
 * forwarded call twice: Hono wraps each of the proxy's handlers in a compose of its own for the
 * proxy's onError, and the call is matched against the pages' routes too (bench: proxy CPU per
 * forwarded call, `npm run bench -- --only=proxy`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import type { Hono } from 'hono'
import { getPath } from 'hono/utils/url'
import { serveApiOnNode } from '../proxy/api/api-node'
import type { ProxyServer } from '../proxy/proxy'

type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>

/** The proxy's two areas: what its routes match as `/auth/*` and `/api/*` (proxy.ts). */
const PROXY_AREAS = ['/auth', '/api'] as const

/**
 * Whether Hono's router would match this path as `/auth/*` or `/api/*`: the area itself, or
 * anything below it. Given the router's own path (decoded, without the query), so that the two
 * cannot disagree about an encoded path such as `/%61pi/v2/user` (dispatch.test.ts).
 */
export function isProxyPath(path: string): boolean {
  return PROXY_AREAS.some(
    (area) => path.startsWith(area) && (path.length === area.length || path[area.length] === '/'),
  )
}

export function dispatchByPath(proxy: Hono, rest: Hono): Fetch {
  return (request, env) =>
    isProxyPath(getPath(request)) ? proxy.fetch(request, env) : rest.fetch(request, env)
}

/** The server's listener: the API's plain GETs, then the proxy or the rest through the adapter. */
export function createServerListener(
  proxy: ProxyServer,
  rest: Hono,
): (req: IncomingMessage, res: ServerResponse) => void {
  const listener = getRequestListener(dispatchByPath(proxy.app, rest))
  // The adapter answers its own errors: nothing for the caller to await.
  return (req, res) => {
    if (!serveApiOnNode(proxy.api, req, res)) void listener(req, res)
  }
}
