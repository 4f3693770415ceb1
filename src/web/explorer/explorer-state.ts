/**
 * The explorer's state as pure functions: the chosen operation and its inputs live in the URL's
 * search params (a deep link reproduces the form; nothing is sent until the user presses Send),
 * and a request is built from them with the table's own checks, so a bad input is named before
 * anything leaves the page (the proxy checks again).
 */
import { PLAYGROUND_API_BASE, endpointPath } from '../../protocol/endpoint-path'
import { segmentProblemText } from '../lib/segment-problem'
import { ENDPOINTS, type Endpoint } from '../../protocol/endpoints'
import { messagesOf } from '../i18n/i18n-store'
import { CATALOGUE } from './catalogue.gen'
import { explorerMessages } from './messages'

export interface ExplorerInputs {
  path: Readonly<Record<string, string>>
  query: Readonly<Record<string, string>>
  /** The JSON body as typed; null when the operation takes none or it was never edited. */
  body: string | null
}

/** Search param names: `op`, `p.<name>` (path), `q.<name>` (query), `body`. */
const OP = 'op'
const BODY = 'body'

export function findEndpoint(id: string | null): Endpoint | undefined {
  return ENDPOINTS.find((endpoint) => endpoint.id === id)
}

export function readInputs(search: URLSearchParams): ExplorerInputs {
  const path: Record<string, string> = {}
  const query: Record<string, string> = {}
  for (const [name, value] of search) {
    if (name.startsWith('p.')) path[name.slice(2)] = value
    else if (name.startsWith('q.')) query[name.slice(2)] = value
  }
  return { path, query, body: search.get(BODY) }
}

/** The search params for `id` with `inputs`; empty inputs are left out. Never a token. */
export function writeInputs(id: string, inputs: ExplorerInputs): URLSearchParams {
  const search = new URLSearchParams({ [OP]: id })
  for (const [name, value] of Object.entries(inputs.path)) if (value) search.set(`p.${name}`, value)
  for (const [name, value] of Object.entries(inputs.query))
    if (value) search.set(`q.${name}`, value)
  if (inputs.body !== null) search.set(BODY, inputs.body)
  return search
}

export const chosenId = (search: URLSearchParams) => search.get(OP)

/** Where the skip link and a choice from the catalogue send focus: the operation's heading. */
export const FORM_TARGET_ID = 'explorer-form-target'

/** Navigation state of a choice from the catalogue or the history: focus goes to the form. */
export interface ExplorerNavState {
  focusForm: true
}
export const FOCUS_FORM: ExplorerNavState = { focusForm: true }

/** The body shown in the form: what the user typed, else the document's example. */
export function bodyText(endpoint: Endpoint, inputs: ExplorerInputs): string | undefined {
  if (!endpoint.hasBody) return undefined
  return inputs.body ?? CATALOGUE[endpoint.id]?.body ?? '{}'
}

export type BuiltRequest =
  | { ok: true; method: Endpoint['method']; url: string; servicePath: string; body?: string }
  | { ok: false; problems: Readonly<Record<string, string>> }

/** The proxy URL and body for `endpoint` with `inputs`, or each bad input's problem by name. */
export function buildRequest(endpoint: Endpoint, inputs: ExplorerInputs): BuiltRequest {
  const m = messagesOf('explorer', explorerMessages)
  const problems: Record<string, string> = {}
  for (const [name, kind] of Object.entries(endpoint.params)) {
    const value = inputs.path[name] ?? ''
    const problem = value === '' ? m.pathRequired({ name }) : segmentProblemText(name, kind, value)
    if (problem !== null) problems[`p.${name}`] = problem
  }
  const search = new URLSearchParams()
  for (const param of endpoint.query) {
    const value = inputs.query[param.name] ?? ''
    if (value === '') {
      if (CATALOGUE[endpoint.id]?.params[param.name]?.required === true) {
        problems[`q.${param.name}`] = m.queryRequired({ name: param.name })
      }
      continue
    }
    if (param.pattern.test(value)) search.set(param.name, value)
    else problems[`q.${param.name}`] = m.queryInvalid({ name: param.name, hint: param.hint })
  }
  const body = bodyText(endpoint, inputs)
  if (body !== undefined) {
    try {
      const parsed: unknown = JSON.parse(body)
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        problems[BODY] = m.bodyNotObject
      }
    } catch (error) {
      problems[BODY] = m.bodyNotJson({
        reason: error instanceof Error ? error.message : m.unreadable,
      })
    }
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems }
  const servicePath = `${endpointPath(endpoint, inputs.path)}${search.size > 0 ? `?${search.toString()}` : ''}`
  return {
    ok: true,
    method: endpoint.method,
    url: `${PLAYGROUND_API_BASE}${servicePath}`,
    servicePath,
    ...(body === undefined ? {} : { body }),
  }
}

/** Whether the operation changes data on the service (a confirmation is asked first). */
export const isWrite = (endpoint: Endpoint) => endpoint.method !== 'GET'

/**
 * The operations whose path, id, summaries or scope contain `text` (case-insensitive): the
 * summaries of every language loaded (English always; Chinese once chosen, messages.zh.ts).
 */
export function filterEndpoints(
  text: string,
  summaries: readonly Readonly<Record<string, string>>[],
): Endpoint[] {
  const needle = text.trim().toLowerCase()
  if (needle === '') return [...ENDPOINTS]
  return ENDPOINTS.filter((endpoint) =>
    [
      endpoint.id,
      `${endpoint.method} ${endpoint.path}`,
      ...summaries.map((summary) => summary[endpoint.id] ?? ''),
      endpoint.scope ?? 'no scope',
    ].some((field) => field.toLowerCase().includes(needle)),
  )
}

/** The OpenAPI document's `tags`, in its order. */
const TAG_ORDER: readonly Endpoint['tag'][] = [
  'user',
  'search',
  'group',
  'doc',
  'repo',
  'statistic',
]

/** The operations grouped by the document's tags, in its order; the table's order within. */
export function groupByTag(endpoints: readonly Endpoint[]): [Endpoint['tag'], Endpoint[]][] {
  return TAG_ORDER.map(
    (tag) =>
      [tag, endpoints.filter((endpoint) => endpoint.tag === tag)] as [Endpoint['tag'], Endpoint[]],
  ).filter(([, group]) => group.length > 0)
}
