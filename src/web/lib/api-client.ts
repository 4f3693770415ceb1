/**
 * The one fetch client of the app. It talks to the same-origin proxy only, parses every body
 * with zod and every response's headers once (read-meta.ts), tells its onResponse listeners
 * (main.tsx wires the status store and the inspector's recorder: lib/ imports no feature), and
 * throws ApiError. It shows no toasts and redirects nowhere: callers decide what an error means.
 *
 * zod is not in the first load (bench/bundle-budget.test.ts, docs/decisions/0008): the checks
 * (validate.ts) load when a request leaves, beside it, and a query of the first load names its
 * schema as a loader (SchemaSource) so that the schema comes with them.
 */
import type { z } from 'zod/mini'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../protocol/playground-common'
import { TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE } from '../../protocol/trace-request'
import { messagesOf } from '../i18n/i18n-store'
import { ApiError, errorMessageFor } from './api-error'
import { commonMessages } from './messages'
import { readMeta, type ResponseMeta } from './read-meta'
import { isTraceWanted } from './trace-request'

export type { ResponseMeta } from './read-meta'

/** Told of every answer the proxy gives, with its headers parsed once. */
export type ResponseListener = (response: Response, meta: ResponseMeta) => void

const responseListeners = new Set<ResponseListener>()

/** Registers a listener for every answer; returns the function that removes it. */
export function onResponse(listener: ResponseListener): () => void {
  responseListeners.add(listener)
  return () => responseListeners.delete(listener)
}

export interface ApiResult<T> {
  data: T
  meta: ResponseMeta
}

interface RequestOptions {
  method?: Method
  body?: unknown
  signal?: AbortSignal
  /** The body is the service's `{data: …}` envelope around what `schema` describes. */
  enveloped?: boolean
  /** The request left already (callback/early-exchange.ts): this call judges its answer. */
  sent?: Promise<Response> | null
}

/** A schema, or a loader of one: the first load's queries import theirs when they ask. */
export type SchemaSource<T> = z.core.$ZodType<T> | (() => Promise<z.core.$ZodType<T>>)

const loadValidation = () => import('./validate')

export async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * One call to the proxy: the CSRF header always, a JSON body when given (and the JSON
 * Content-Type on every unsafe method: the proxy's CSRF check asks it of DELETE too), the
 * listeners told. A network failure is an ApiError; an HTTP status is the caller's to judge.
 */
export async function send(
  path: string,
  method: Method,
  options: {
    body?: unknown
    rawBody?: string
    signal?: AbortSignal
    sent?: Promise<Response> | null
  },
): Promise<{ response: Response; meta: ResponseMeta }> {
  // docs/security.md#e1: the static header a cross-site page cannot send without a refused
  // preflight.
  const headers = new Headers({ Accept: 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE })
  const init: RequestInit = { method, headers, credentials: 'same-origin', cache: 'no-store' }
  if (method !== 'GET') headers.set('Content-Type', 'application/json')
  if (isTraceWanted()) headers.set(TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE)
  if (options.rawBody !== undefined) init.body = options.rawBody
  else if (options.body !== undefined) init.body = JSON.stringify(options.body)
  if (options.signal) init.signal = options.signal

  let response: Response
  try {
    response = await (options.sent ?? fetch(path, init))
  } catch (cause) {
    // A cancelled query is not a failure: let TanStack Query see the AbortError itself.
    if (options.signal?.aborted) throw cause
    throw new ApiError({
      kind: 'network',
      status: 0,
      body: undefined,
      headers: new Headers(),
      method,
      path,
      cause,
      message: messagesOf('common', commonMessages).errors.unreachableMessage,
    })
  }
  const meta = readMeta(response)
  for (const listener of responseListeners) listener(response, meta)
  return { response, meta }
}

/** A request to the proxy whose whole JSON body is parsed with `schema` (204 parses `undefined`). */
export async function requestJson<T>(
  path: string,
  schema: SchemaSource<T>,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const method = options.method ?? 'GET'
  // Leave together: the checks and the schema load while the request is on its way.
  const checks = Promise.all([loadValidation(), typeof schema === 'function' ? schema() : schema])
  checks.catch(() => undefined)
  const { response, meta } = await send(path, method, options)
  const payload = await readPayload(response)
  const failure = { status: response.status, body: payload, headers: response.headers, meta }
  let validation: Awaited<typeof checks>
  try {
    validation = await checks
  } catch (cause) {
    // The app's own code did not load (the server was updated or went away): no answer can be
    // judged, which a reload fixes.
    throw new ApiError({
      ...failure,
      kind: 'network',
      // As for no answer at all (api-error.ts): what came cannot be read.
      status: 0,
      method,
      path,
      cause,
      message: messagesOf('common', commonMessages).errors.unreachableMessage,
    })
  }
  const [{ check, readErrorBody }, resolved] = validation
  if (!response.ok) {
    const errorBody = readErrorBody(payload)
    throw new ApiError({
      ...failure,
      kind: 'http',
      errorBody,
      method,
      path,
      message: errorMessageFor(response.status, errorBody),
    })
  }
  const parsed = check(resolved, payload, options.enveloped === true)
  if (!parsed.ok) {
    throw new ApiError({
      ...failure,
      kind: 'invalid-response',
      method,
      path,
      cause: parsed.error,
      message: messagesOf('common', commonMessages).errors.shapeMessage({
        request: `${method} ${path}`,
        issues: parsed.issues,
      }),
    })
  }
  return { data: parsed.data, meta }
}

/** GET on the service's API through the proxy: unwraps the `{data: …}` envelope. */
export async function apiGet<T>(
  path: string,
  schema: SchemaSource<T>,
  options: { signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  return requestJson(path, schema, { ...options, enveloped: true })
}

export async function postJson<T>(
  path: string,
  body: unknown,
  schema: SchemaSource<T>,
  sent: Promise<Response> | null = null,
): Promise<ApiResult<T>> {
  return requestJson(path, schema, { method: 'POST', body, sent })
}
