import type { ErrorBody } from '../../protocol/envelope'
import { PROXY_ERROR_HEADER } from '../../protocol/playground-common'
import { messagesOf } from '../i18n/i18n-store'
import { commonMessages } from './messages'
import { readMeta, type ResponseMeta } from './read-meta'

/**
 * `http`: the server answered with a non-2xx status. `network`: no answer at all (the playground
 * server is down or the connection dropped). `invalid-response`: a 2xx whose body did not match
 * the schema, which no retry will fix.
 */
export type ApiErrorKind = 'http' | 'network' | 'invalid-response'

interface ApiErrorInit {
  kind: ApiErrorKind
  status: number
  body: unknown
  headers: Headers
  message: string
  method: string
  path: string
  cause?: unknown
  /** The body read as an error body by the api client (validate.ts); null or absent: not one. */
  errorBody?: ErrorBody | null
  /** The headers already parsed by the api client; parsed here (at `receivedAt`) when absent. */
  meta?: ResponseMeta
  receivedAt?: number
}

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly kind: ApiErrorKind
  /** HTTP status; 0 when there was no answer. */
  readonly status: number
  readonly body: unknown
  readonly headers: Headers
  readonly method: string
  readonly path: string
  /** The response's headers, parsed once (read-meta.ts). */
  readonly meta: ResponseMeta
  /** The body when it has the service's (or the proxy's) error shape. */
  readonly errorBody: ErrorBody | null
  /** A PROXY_ERROR_CODES entry when the proxy itself refused or failed. */
  readonly proxyCode: string | null

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.kind = init.kind
    this.status = init.status
    this.body = init.body
    this.headers = init.headers
    this.method = init.method
    this.path = init.path
    this.meta = init.meta ?? readMeta(init, init.receivedAt)
    this.errorBody = init.errorBody ?? null
    this.proxyCode = init.headers.get(PROXY_ERROR_HEADER) ?? this.errorBody?.code ?? null
  }

  /** An upstream 401 made the proxy end the session. */
  get isSessionEnded(): boolean {
    return this.meta.isSessionEnded
  }

  /**
   * The service refused for a scope the token lacks: a 403 (the spec) or a 401 the proxy found
   * to be about a scope (the real service; proxy/api/scope-failure.ts). The session stays.
   */
  get isScopeFailure(): boolean {
    return (
      this.kind === 'http' &&
      this.proxyCode === null &&
      (this.status === 403 || this.meta.scopeFailure !== null)
    )
  }

  /** Seconds to wait before trying again, from `Retry-After`; null when absent. */
  get retryAfterSeconds(): number | null {
    return this.meta.retryAfter
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** The message an error body carries, or a clear generic text when it has none. */
export function errorMessageFor(status: number, errorBody: ErrorBody | null): string {
  if (errorBody !== null && errorBody.message.trim() !== '') return errorBody.message
  const m = messagesOf('common', commonMessages).errors
  const known = Object.entries(m.status).find(([key]) => key === String(status))
  const text = known?.[1] ?? m.status.other
  return m.noMessage({ status, text })
}
