import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { PROXY_ERROR_HEADER, type PROXY_ERROR_CODES } from '../../protocol/playground-api'
import { UpstreamError } from './upstream'

export type ProxyErrorCode = (typeof PROXY_ERROR_CODES)[number]

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

/**
 * The answer to a failed upstream call, one wording for every caller: what did not answer, and
 * what to do next (`next`, which for a code exchange says the code was not retried).
 */
export function upstreamFailure(
  c: Context,
  error: unknown,
  what: { name: string; origin: string; timeoutMs: number; next: string },
): Response {
  if (!(error instanceof UpstreamError)) throw error
  switch (error.kind) {
    case 'timeout':
      return proxyError(
        c,
        504,
        'upstream_timeout',
        `${what.name} did not answer within ${what.timeoutMs / 1000} s. ${what.next}`,
      )
    case 'too_large':
      return proxyError(
        c,
        502,
        'upstream_invalid',
        `${what.name} sent a response larger than the playground accepts (1 MB).`,
      )
    case 'unreachable':
      return proxyError(
        c,
        502,
        'upstream_unreachable',
        `${what.name} at ${what.origin} is unreachable. Check that it is running. ${what.next}`,
      )
  }
}
