/**
 * The API's one route (api-routes.ts) reached straight from node:http, for the calls it can read
 * exactly as @hono/node-server would: a GET under /api whose URL is its Host and target joined,
 * as that adapter builds it without a URL parser (its `buildUrl`: a plain Host, a target of
 * plain characters without a dot segment, so nothing to percent-decode either). Every other
 * request (a write, HEAD, an encoded or dotted target, an absolute-form one) goes through
 * @hono/node-server and the proxy's Hono app to the same route (proxy.ts). Both doors answer
 * alike: api-over-http.test.ts sends each plain call through both.
 *
 * Why: the adapter's Fetch Request and Response and the router cost the proxy about a tenth of
 * its throughput on a connected page's reads (decision 0012; bench: proxy throughput over the
 * floor, `npm run bench -- --only=proxy`). This door only translates: no check, no answer and no
 * log line is its own (the server's line per request is written around both doors:
 * src/server/request-log.ts).
 */
import type {
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { ApiRequest } from './api-body'
import type { ApiAnswer, ApiRoute } from './api-routes'

// @hono/node-server's own conditions (buildUrl) for joining scheme, Host and target as they are.
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/

/**
 * A request's headers as the Fetch view reads them: Node joins a repeated header line (Cookie
 * with "; ", others with ", "), as @hono/node-server reads them too. Node keeps only the first
 * of a repeated Content-Type, Content-Length or Host, which the Fetch view joins: the route reads
 * none of them for a GET.
 */
class NodeHeaders {
  constructor(private readonly headers: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const value = this.headers[name.toLowerCase()]
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
  }
}

/** A GET as the route reads it: no body (the Node adapter attaches none to a GET either). */
class NodeGet implements ApiRequest {
  readonly method = 'GET'
  readonly body = null

  constructor(
    readonly url: string,
    readonly headers: NodeHeaders,
  ) {}

  text(): Promise<string> {
    return Promise.resolve('')
  }
}

function write(res: ServerResponse, { status, headers, setCookies, body }: ApiAnswer): void {
  const all: OutgoingHttpHeaders = { ...headers }
  if (setCookies.length > 0) all['Set-Cookie'] = [...setCookies]
  all['Content-Length'] = Buffer.byteLength(body)
  try {
    res.writeHead(status, all)
  } catch (error) {
    // A header Node will not write (a control character the service sent): @hono/node-server
    // answers such a response with a 500 of its own, and so does this.
    res.writeHead(500, { 'Content-Type': 'text/plain' })
    res.end(`Error: ${error instanceof Error ? error.message : String(error)}`)
    return
  }
  res.end(body)
}

/** Serves `req` with the API's route when it is such a GET; false leaves it to the caller. */
export function serveApiOnNode(
  route: ApiRoute,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  const target = req.url ?? ''
  const host = req.headers.host
  if (
    req.method !== 'GET' ||
    !target.startsWith('/api') ||
    host === undefined ||
    !PLAIN_HOST.test(host) ||
    !PLAIN_TARGET.test(target) ||
    DOT_SEGMENT.test(target)
  ) {
    return false
  }
  // The router's path: the target up to its query or fragment (nothing to decode in it).
  const query = target.indexOf('?')
  const fragment = target.indexOf('#')
  const end = Math.min(
    query === -1 ? target.length : query,
    fragment === -1 ? target.length : fragment,
  )
  const path = target.slice(0, end)
  if (path !== '/api' && !path.startsWith('/api/')) return false
  const scheme = (req.socket as TLSSocket).encrypted === true ? 'https' : 'http'
  const request = new NodeGet(`${scheme}://${host}${target}`, new NodeHeaders(req.headers))
  route(request, path).then(
    (answer) => write(res, answer),
    // The route answers every call itself; this is for a failure of that answer's own.
    () => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
      res.end()
    },
  )
  return true
}
