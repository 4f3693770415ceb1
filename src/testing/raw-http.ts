/**
 * A raw HTTP/1.1 client for tests: it sends what a browser or an attacker sends (any Host, a
 * header line twice, from another loopback address), one connection per call, and rejects when
 * the connection drops (or stays silent past `timeoutMs`, when given).
 */
import http from 'node:http'
import { expect } from 'vitest'

export interface HttpAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

export interface HttpCall {
  method?: string
  path: string
  /** Object headers, or raw name/value pairs (a header may come twice). */
  headers?: Record<string, string> | string[]
  body?: string
  /** The loopback address the call comes from (default 127.0.0.1). */
  from?: string
  /** How long the call may take before it is abandoned (default: as long as it takes). */
  timeoutMs?: number
}

/** `call` to 127.0.0.1:`port`; object headers get `Host: defaultHost` unless they name one. */
export function sendHttp(port: number, defaultHost: string, call: HttpCall): Promise<HttpAnswer> {
  const { method = 'GET', path, headers = {}, body, from, timeoutMs } = call
  return new Promise<HttpAnswer>((resolve, reject) => {
    const withHost = Array.isArray(headers) ? headers : { Host: defaultHost, ...headers }
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: withHost,
        agent: false,
        setHost: false,
        ...(from === undefined ? {} : { localAddress: from }),
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        )
        res.on('error', reject)
      },
    )
    if (timeoutMs !== undefined) {
      req.setTimeout(timeoutMs, () =>
        req.destroy(new Error(`no answer to ${method} ${path} within ${timeoutMs} ms`)),
      )
    }
    req.on('error', reject)
    req.end(body)
  })
}

/**
 * Node's default limit of a request's header section (http.maxHeaderSize): a section whose count
 * (headerBytes) reaches it is answered 431.
 */
export const NODE_MAX_HEADER_BYTES = 16 * 1024

/**
 * The header section's bytes as Node counts them against its limit: the target, and each
 * header's name and value without separators (node_http_parser.cc, TrackHeader), with the two
 * this client adds: `Connection: close`, and `Transfer-Encoding: chunked` for a body.
 */
export function headerBytes(path: string, headers: readonly string[], hasBody: boolean): number {
  const added = 'Connectionclose'.length + (hasBody ? 'Transfer-Encodingchunked'.length : 0)
  return headers.reduce((bytes, text) => bytes + text.length, path.length + added)
}

/**
 * Whether `answer` is Node's own 431, which it sends before any handler runs: then it came with
 * no body, and only at or over the limit; any other answer, only under it (to the byte).
 */
export function isNodeHeaderRefusal(answer: HttpAnswer, bytes: number, what: string): boolean {
  if (answer.status !== 431) {
    expect(bytes, `${what}: Node let it through`).toBeLessThan(NODE_MAX_HEADER_BYTES)
    return false
  }
  expect(bytes, `${what}: Node refused it`).toBeGreaterThanOrEqual(NODE_MAX_HEADER_BYTES)
  expect(answer.body, what).toBe('')
  return true
}
