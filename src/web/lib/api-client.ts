/**
 * The one fetch client of the app. It talks to the same-origin proxy only, parses every body
 * with zod and every response's headers once (read-meta.ts), tells its onResponse listeners
 * (main.tsx wires the status store and the inspector's recorder: lib/ imports no feature), and
 * throws ApiError. It shows no toasts and redirects nowhere: callers decide what an error means.
 */
// First: zod's settings (English messages, no eval probe) precede every schema (see the module).
import './zod-config'
import { z } from 'zod/mini'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../protocol/playground-common'
import { TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE } from '../../protocol/trace-request'
import { envelope } from '../../protocol/envelope'
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
  method?: 'GET' | 'POST'
  body?: unknown
  signal?: AbortSignal
}

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
  options: { body?: unknown; rawBody?: string; signal?: AbortSignal },
): Promise<{ response: Response; meta: ResponseMeta }> {
  // checklist E1: the static header a cross-site page cannot send without a refused preflight.
  const headers = new Headers({ Accept: 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE })
  const init: RequestInit = { method, headers, credentials: 'same-origin', cache: 'no-store' }
  if (method !== 'GET') headers.set('Content-Type', 'application/json')
  if (isTraceWanted()) headers.set(TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE)
  if (options.rawBody !== undefined) init.body = options.rawBody
  else if (options.body !== undefined) init.body = JSON.stringify(options.body)
  if (options.signal) init.signal = options.signal

  let response: Response
  try {
    response = await fetch(path, init)
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
  schema: z.core.$ZodType<T>,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const method = options.method ?? 'GET'
  const { response, meta } = await send(path, method, options)
  const payload = await readPayload(response)
  if (!response.ok) {
    throw new ApiError({
      kind: 'http',
      status: response.status,
      body: payload,
      headers: response.headers,
      meta,
      method,
      path,
      message: errorMessageFor(response.status, payload),
    })
  }
  const parsed = z.safeParse(schema, payload)
  if (!parsed.success) {
    throw new ApiError({
      kind: 'invalid-response',
      status: response.status,
      body: payload,
      headers: response.headers,
      meta,
      method,
      path,
      cause: parsed.error,
      message: messagesOf('common', commonMessages).errors.shapeMessage({
        request: `${method} ${path}`,
        issues: parsed.error.issues
          .slice(0, 3)
          .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
          .join('; '),
      }),
    })
  }
  return { data: parsed.data, meta }
}

/** GET on the service's API through the proxy: unwraps the `{data: …}` envelope. */
export async function apiGet<T>(
  path: string,
  schema: z.core.$ZodType<T>,
  options: { signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  const result = await requestJson(path, envelope(schema), options)
  return { data: result.data.data, meta: result.meta }
}

export async function postJson<T>(
  path: string,
  body: unknown,
  schema: z.core.$ZodType<T>,
): Promise<ApiResult<T>> {
  return requestJson(path, schema, { method: 'POST', body })
}
