/**
 * The JSON body of a forwarded API call (docs/architecture.md#api-calls): read, checked and
 * re-serialised here, so what reaches the service is always one JSON object the proxy wrote itself,
 * never the browser's raw bytes. The size is capped before any route by the /api body limit
 * (proxy.ts).
 */
import type { Endpoint } from '../../protocol/endpoints'
import type { TraceField } from '../../protocol/trace'
import { requestLine } from '../../protocol/endpoint-path'
import type { RequestLike } from '../guards'

/** The largest body an API call may carry: a document's Markdown fits, a flood does not. */
export const MAX_API_BODY_BYTES = 64 * 1024

/**
 * The deepest nesting of arrays and objects a body may have. A document's body is a few levels
 * deep; a 64 KB body of `[[[[…` once made re-serialising it overflow the stack, an
 * unauthenticated 500 (docs/security.md#s6).
 */
export const MAX_JSON_DEPTH = 64

/**
 * How deep `text` nests arrays and objects, counted before it is parsed (brackets inside strings
 * do not count), stopping as soon as it passes the limit. Invalid JSON is JSON.parse's to refuse.
 */
export function nestingDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i)
    if (inString) {
      if (char === 0x5c)
        i += 1 // a backslash: the next character is escaped
      else if (char === 0x22) inString = false
    } else if (char === 0x22) inString = true
    else if (char === 0x5b || char === 0x7b) {
      depth += 1
      if (depth > deepest) deepest = depth
      if (deepest > MAX_JSON_DEPTH) return deepest
    } else if (char === 0x5d || char === 0x7d) depth -= 1
  }
  return deepest
}

export type ApiBody =
  | { ok: true; json: string | undefined; fields: TraceField[] }
  | { ok: false; status: 400 | 415; message: string }

const isJsonType = (type: string) => /^application\/json\s*(;|$)/i.test(type)

/**
 * What the trace shows of a body: each top-level field's name and the kind and size of its
 * value, never the value. Document bodies are not secret, but a trace travels in a response
 * header and is kept in the browser: a field name is what the inspector needs to explain a
 * call, and the explorer already shows the whole body it sent.
 */
function bodyFields(body: Record<string, unknown>): TraceField[] {
  return Object.entries(body).map(([name, value]) => ({
    name,
    value:
      typeof value === 'string'
        ? `(string, ${value.length} characters)`
        : value === null
          ? '(null)'
          : Array.isArray(value)
            ? `(array of ${value.length})`
            : `(${typeof value})`,
  }))
}

/** What the API's route reads of a request (guards.ts): its headers and its body's text. */
export type ApiRequest = RequestLike & { text(): Promise<string> }

const utf8 = new TextDecoder()

/**
 * Reads the body of `request` for `endpoint`: the bytes the checks counted (guards.ts), or else
 * the request's own. An operation without a body (GET, DELETE) must come with none; one with a
 * body needs `Content-Type: application/json` and a JSON object.
 */
export function readApiBody(
  endpoint: Endpoint,
  request: ApiRequest,
  counted?: Uint8Array,
): ApiBody | Promise<ApiBody> {
  // A GET or HEAD request has no body (Fetch forbids one; the Node adapter never attaches it),
  // and asking the adapter's lazy request for its text would build a whole Fetch Request first.
  // Answered at once, without a promise: every page's read takes this way.
  if (request.method === 'GET' || request.method === 'HEAD') return checkBody(endpoint, request, '')
  if (counted !== undefined) return checkBody(endpoint, request, utf8.decode(counted))
  return request.text().then((text) => checkBody(endpoint, request, text))
}

function checkBody(endpoint: Endpoint, request: RequestLike, text: string): ApiBody {
  if (!endpoint.hasBody && text === '') return { ok: true, json: undefined, fields: [] }
  const operation = requestLine(endpoint)
  if (!endpoint.hasBody) {
    return {
      ok: false,
      status: 400,
      message: `${operation} takes no request body: send it without one.`,
    }
  }
  const type = request.headers.get('Content-Type') ?? ''
  if (!isJsonType(type)) {
    return {
      ok: false,
      status: 415,
      message: `${operation} takes a JSON body: send it with Content-Type: application/json (got "${type.slice(0, 60) || 'none'}").`,
    }
  }
  const depth = nestingDepth(text)
  if (depth > MAX_JSON_DEPTH) {
    return {
      ok: false,
      status: 400,
      message: `The request body of ${operation} nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep: send a flatter one.`,
    }
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message.slice(0, 120) : 'unreadable'
    return {
      ok: false,
      status: 400,
      message: `The request body of ${operation} is not valid JSON (${reason}): fix it and send again.`,
    }
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      ok: false,
      status: 400,
      message: `The request body of ${operation} must be a JSON object ({…}), as the API document describes it.`,
    }
  }
  const object = body as Record<string, unknown>
  return { ok: true, json: JSON.stringify(object), fields: bodyFields(object) }
}
