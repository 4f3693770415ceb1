/**
 * A request of the explorer as code to run outside the playground, against the service itself:
 * a curl command and a TypeScript `fetch`. The token is always a placeholder the developer sets
 * (`$YUQUE_TOKEN`, `process.env.YUQUE_TOKEN`): the browser never holds the real one
 * (docs/security.md#h2).
 */
import { shellQuote } from '../lib/curl'

export interface SnippetRequest {
  method: string
  /** The service's API base, ending in `/api/v2` (GET /auth/config `baseUrl`). */
  baseUrl: string
  /** Below the base, with its query: `/repos/1/docs?limit=5`. */
  servicePath: string
  body?: string
}

const serviceUrl = (request: SnippetRequest) =>
  `${request.baseUrl.replace(/\/+$/, '')}${request.servicePath}`

/** The body as the proxy would send it: re-serialised, compact. */
const compactBody = (body: string) => JSON.stringify(JSON.parse(body))

export function curlSnippet(request: SnippetRequest): string {
  const lines = [
    `curl -i -X ${request.method} ${shellQuote(serviceUrl(request))}`,
    `-H "X-Auth-Token: $YUQUE_TOKEN"`,
    `-H ${shellQuote('Accept: application/json')}`,
  ]
  if (request.body !== undefined) {
    lines.push(`-H ${shellQuote('Content-Type: application/json')}`)
    lines.push(`--data ${shellQuote(compactBody(request.body))}`)
  }
  return ['# Set YUQUE_TOKEN to an access token first.', lines.join(' \\\n  ')].join('\n')
}

export function fetchSnippet(request: SnippetRequest): string {
  const headers = [
    `    'X-Auth-Token': process.env.YUQUE_TOKEN ?? '',`,
    `    Accept: 'application/json',`,
  ]
  if (request.body !== undefined) headers.push(`    'Content-Type': 'application/json',`)
  const body =
    request.body === undefined ? [] : [`  body: JSON.stringify(${compactBody(request.body)}),`]
  return [
    `const response = await fetch(${JSON.stringify(serviceUrl(request))}, {`,
    `  method: '${request.method}',`,
    '  headers: {',
    ...headers,
    '  },',
    ...body,
    '})',
    'console.log(response.status, await response.json())',
  ].join('\n')
}
