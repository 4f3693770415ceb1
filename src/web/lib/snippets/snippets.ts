/**
 * One request of the playground as code to run outside it, against the service itself: curl,
 * JavaScript (fetch), Python (requests, what a Python developer reaches for) and Go (net/http).
 * The token is always a placeholder read from the environment (`$YUQUE_TOKEN`,
 * `process.env.YUQUE_TOKEN`, `os.environ["YUQUE_TOKEN"]`, `os.Getenv("YUQUE_TOKEN")`): the browser
 * never holds the real one (docs/security.md#h2). Every snippet names itself in `User-Agent`:
 * the service refuses a call without one (docs/service.md#user-agent). Each prints the status on
 * its first line and the body after it (curl: its `-i` head, then the body), as
 * src/web/lib/snippets/snippets-run.test.ts checks by running them against the emulator.
 */
import { shellQuote } from '../curl'
import { goQuoted, oneLine, pythonQuoted, quoted } from './snippet-quoting'

export interface SnippetRequest {
  method: string
  /** The service's API base, ending in `/api/v2` (GET /auth/config `baseUrl`). */
  baseUrl: string
  /** Below the base, with its query: `/repos/1/docs?limit=5`. */
  servicePath: string
  /** JSON as text (the explorer's textarea): sent compact, as the proxy re-serialises it. */
  body?: string
}

export const SNIPPET_LANGUAGES = ['curl', 'javascript', 'python', 'go'] as const
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number]

/** A tab of snippets (snippet-tabs.tsx): a language, or the official SDK's JavaScript. */
export type SnippetTab = SnippetLanguage | 'sdk'

/** One tab's code. */
export interface TabCode {
  tab: SnippetTab
  code: string
}

/** The comment lines, in the reader's language (the snippets' `snippets` messages). */
export interface SnippetComments {
  token: string
  userAgent: string
}

/** What the snippets send as `User-Agent`: a name the developer replaces with their app's. */
export const SNIPPET_USER_AGENT = 'my-yuque-app/1.0'

const serviceUrl = (request: SnippetRequest) =>
  `${request.baseUrl.replace(/\/+$/, '')}${request.servicePath}`

/** The body as the proxy would send it: re-serialised, compact; as typed when it is no JSON. */
function compactBody(body: string): { text: string; isJson: boolean } {
  try {
    return { text: JSON.stringify(JSON.parse(body)), isJson: true }
  } catch {
    return { text: body, isJson: false }
  }
}

interface Parts {
  method: string
  url: string
  body: string | undefined
  /** The body parsed as JSON (so JavaScript may write it as an object literal). */
  isJson: boolean
  /** Fixed headers beside the token, in order. */
  headers: [string, string][]
}

function partsOf(request: SnippetRequest): Parts {
  const compact = request.body === undefined ? undefined : compactBody(request.body)
  const body = compact?.text
  const headers: [string, string][] = [
    ['Accept', 'application/json'],
    ['User-Agent', SNIPPET_USER_AGENT],
  ]
  if (body !== undefined) headers.push(['Content-Type', 'application/json'])
  return {
    method: request.method.toUpperCase(),
    url: serviceUrl(request),
    body,
    isJson: compact?.isJson === true,
    headers,
  }
}

function curl(parts: Parts, comments: SnippetComments): string {
  const lines = [
    `curl -i -X ${parts.method} ${shellQuote(parts.url)}`,
    `-H "X-Auth-Token: $YUQUE_TOKEN"`,
    ...parts.headers.map(([name, value]) => `-H ${shellQuote(`${name}: ${value}`)}`),
  ]
  if (parts.body !== undefined) lines.push(`--data-binary ${shellQuote(parts.body)}`)
  return [`# ${comments.token}`, `# ${comments.userAgent}`, lines.join(' \\\n  ')].join('\n')
}

function javascript(parts: Parts, comments: SnippetComments): string {
  const headers = [
    `    'X-Auth-Token': process.env.YUQUE_TOKEN ?? '',`,
    ...parts.headers.map(([name, value]) => `    ${quoted(name)}: ${quoted(value)},`),
  ]
  // JSON text is a JavaScript expression (ES2019 took in U+2028 and U+2029).
  const value = parts.isJson ? `JSON.stringify(${parts.body})` : quoted(parts.body ?? '')
  const body = parts.body === undefined ? [] : [`  body: ${value},`]
  return [
    `// ${comments.token}`,
    `// ${comments.userAgent}`,
    `const response = await fetch(${quoted(parts.url)}, {`,
    `  method: ${quoted(parts.method)},`,
    '  headers: {',
    ...headers,
    '  },',
    ...body,
    '})',
    'console.log(response.status)',
    'console.log(await response.text())',
  ].join('\n')
}

/** requests' function for each method the API has; `requests.request` for any other. */
const REQUESTS_FUNCTIONS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'])

function python(parts: Parts, comments: SnippetComments): string {
  const headers = [
    '        "X-Auth-Token": os.environ["YUQUE_TOKEN"],',
    ...parts.headers.map(([name, value]) => `        ${quoted(name)}: ${quoted(value)},`),
  ]
  const call = REQUESTS_FUNCTIONS.has(parts.method)
    ? [`response = requests.${parts.method.toLowerCase()}(`]
    : ['response = requests.request(', `    ${quoted(parts.method)},`]
  const data =
    parts.body === undefined ? [] : [`    data=${pythonQuoted(parts.body)}.encode("utf-8"),`]
  return [
    `# ${comments.token}`,
    `# ${comments.userAgent}`,
    'import os',
    '',
    'import requests',
    '',
    ...call,
    `    ${quoted(parts.url)},`,
    '    headers={',
    ...headers,
    '    },',
    ...data,
    // requests waits for ever without one.
    '    timeout=30,',
    ')',
    // requests does not raise on a 4xx or 5xx: their body, the service's explanation, is printed.
    'print(response.status_code)',
    'print(response.text)',
  ].join('\n')
}

function go(parts: Parts, comments: SnippetComments): string {
  const imports = ['fmt', 'io', 'net/http', 'os', ...(parts.body === undefined ? [] : ['strings'])]
  const body = parts.body === undefined ? 'nil' : `strings.NewReader(${goQuoted(parts.body)})`
  const check = ['\tif err != nil {', '\t\tpanic(err)', '\t}']
  return [
    `// ${comments.token}`,
    `// ${comments.userAgent}`,
    'package main',
    '',
    'import (',
    ...imports.map((name) => `\t"${name}"`),
    ')',
    '',
    'func main() {',
    `\trequest, err := http.NewRequest(${quoted(parts.method)}, ${quoted(parts.url)}, ${body})`,
    ...check,
    '\trequest.Header.Set("X-Auth-Token", os.Getenv("YUQUE_TOKEN"))',
    ...parts.headers.map(
      ([name, value]) => `\trequest.Header.Set(${quoted(name)}, ${quoted(value)})`,
    ),
    '\tresponse, err := http.DefaultClient.Do(request)',
    ...check,
    '\tdefer response.Body.Close()',
    '\ttext, err := io.ReadAll(response.Body)',
    ...check,
    '\tfmt.Println(response.StatusCode)',
    '\tfmt.Println(string(text))',
    '}',
  ].join('\n')
}

const WRITERS: Record<SnippetLanguage, (parts: Parts, comments: SnippetComments) => string> = {
  curl,
  javascript,
  python,
  go,
}

/** `request` as a program in `language`, with `comments` (one line each) at its top. */
export function snippetFor(
  language: SnippetLanguage,
  request: SnippetRequest,
  comments: SnippetComments,
): string {
  const lines = { token: oneLine(comments.token), userAgent: oneLine(comments.userAgent) }
  return WRITERS[language](partsOf(request), lines)
}
