/**
 * The API calls of a flow lab run (lab-client.ts makes the OAuth ones): `GET {base_url}/…` with
 * the run's own token, `User-Agent` as every call to the service carries it (or, on purpose, not),
 * and what the step shows of the answer: the rate-limit and scope headers, the error's message or
 * who the user is.
 */
import type { TraceField } from '../../protocol/trace'
import { parseJsonOrUndefined } from '../json-body'
import type { LabRun } from './lab-client'
import type { Sent } from './recorder'

/** Response headers an API step shows: rate limit, scopes, Retry-After. */
const API_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'Retry-After',
  'X-OAuth-Scopes',
  'X-Accepted-OAuth-Scopes',
  'Preference-Applied',
]

export interface ApiOptions {
  title: string
  /** Sent without `User-Agent` (docs/service.md#user-agent). */
  withoutUserAgent?: boolean
  /** A `Prefer` header: the emulator's failure injection (docs/emulator.md). */
  prefer?: string
  notes?: string[]
}

/** `GET {base_url}/<path>` with the run's token. */
export function callApi(
  run: LabRun,
  token: string,
  path: string,
  options: ApiOptions,
): Promise<Sent> {
  run.rec.secret(token)
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (options.withoutUserAgent !== true) headers['User-Agent'] = run.userAgent
  headers['X-Auth-Token'] = token
  if (options.prefer !== undefined) headers.Prefer = options.prefer
  return run.rec
    .send({
      kind: 'api',
      title: options.title,
      method: 'GET',
      url: new URL(path.replace(/^\//, ''), run.app.baseUrl),
      params: [],
      headers,
      notes: options.notes ?? [],
      showHeaders: API_HEADERS,
      summarise: (response) => apiFields(response.body),
    })
    .then((sent) => {
      if (sent.ok) sent.step.outcome = sent.response.status < 300 ? 'passed' : 'failed'
      return sent
    })
}

/** An API answer's fields that say what happened: the error message, or who the user is. */
function apiFields(body: string): TraceField[] {
  const json = parseJsonOrUndefined(body)
  if (typeof json !== 'object' || json === null) return []
  const fields: TraceField[] = []
  if ('message' in json && typeof json.message === 'string') {
    fields.push({ name: 'message', value: json.message.slice(0, 256) })
  }
  const data = 'data' in json ? json.data : undefined
  if (
    typeof data === 'object' &&
    data !== null &&
    'login' in data &&
    typeof data.login === 'string'
  ) {
    fields.push({ name: 'data.login', value: data.login.slice(0, 64) })
  } else if (Array.isArray(data)) {
    fields.push({ name: 'data', value: `${data.length} records` })
  }
  return fields
}

/** The status of a call, or why there was none. */
export function statusOf(sent: Sent): string {
  return sent.ok ? String(sent.response.status) : 'no answer'
}
