import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { PROXY_ERROR_HEADER, type PROXY_ERROR_CODES } from '../../protocol/playground-api'
import { StoreUnavailableError } from '../store/state-store'
import { UpstreamError } from './upstream'

export type ProxyErrorCode = (typeof PROXY_ERROR_CODES)[number]

/** A refusal of the proxy's own: its status, the code the app acts on, and what to do. */
export interface ProxyRefusal {
  status: ContentfulStatusCode
  code: ProxyErrorCode
  message: string
}

/** An answer the API's route builds without a Hono context (api-routes.ts): status and body. */
export interface Answer {
  status: number
  body: string
}

/** The proxy's one error shape: the service's `{status, message}` plus the code the app acts on. */
export function proxyError(
  c: Context,
  status: ContentfulStatusCode,
  code: ProxyErrorCode,
  message: string,
): Response {
  c.header(PROXY_ERROR_HEADER, code)
  return c.json({ status, message, code }, status)
}

/** A path below /auth or /api that no route serves (proxy.ts, api-routes.ts). */
export function notAnEndpoint(method: string, path: string): ProxyRefusal {
  return {
    status: 404,
    code: 'not_allowed',
    message: `${method} ${path} is not a playground endpoint.`,
  }
}

/** proxyError without a context: the same body, its headers set on the answer's `headers`. */
export function refusalAnswer(headers: Record<string, string>, refusal: ProxyRefusal): Answer {
  const { status, code, message } = refusal
  headers[PROXY_ERROR_HEADER] = code
  headers['Content-Type'] = 'application/json'
  return { status, body: JSON.stringify({ status, message, code }) }
}

/**
 * The refusal for a failed upstream call, one wording for every caller: what did not answer,
 * and what to do next (`next`, which for a code exchange says the code was not retried). Any
 * other error is thrown again, for the proxy's failure answer (`serverFailure`).
 */
export function upstreamRefusal(
  error: unknown,
  what: { name: string; origin: string; timeoutMs: number; next: string },
): ProxyRefusal {
  if (!(error instanceof UpstreamError)) throw error
  switch (error.kind) {
    case 'timeout':
      return {
        status: 504,
        code: 'upstream_timeout',
        message: `${what.name} did not answer within ${what.timeoutMs / 1000} s. ${what.next}`,
      }
    case 'too_large':
      return {
        status: 502,
        code: 'upstream_invalid',
        message: `${what.name} sent a response larger than the playground accepts (1 MB).`,
      }
    case 'unreachable':
      return {
        status: 502,
        code: 'upstream_unreachable',
        message: `${what.name} at ${what.origin} is unreachable. Check that it is running. ${what.next}`,
      }
  }
}

/** upstreamRefusal, answered through a Hono context. */
export function upstreamFailure(
  c: Context,
  error: unknown,
  what: Parameters<typeof upstreamRefusal>[1],
): Response {
  const { status, code, message } = upstreamRefusal(error, what)
  return proxyError(c, status, code, message)
}

/**
 * The answer to an error no route handled (proxy.ts's onError, and the API's route): fail
 * closed, since without the store an ended session or a spent attempt would look live. No code:
 * nothing the app can do about it but wait.
 */
export function serverFailure(error: unknown): {
  status: 500 | 503
  message: string
  headers: Record<string, string>
} {
  if (error instanceof StoreUnavailableError) {
    return {
      status: 503,
      message: `The playground's ${error.store} store is unavailable: the request was refused rather than run without it; try again shortly.`,
      headers: { 'Retry-After': '5' },
    }
  }
  return {
    status: 500,
    message: 'The playground server failed unexpectedly; its log has the details.',
    headers: {},
  }
}
