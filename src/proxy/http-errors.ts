import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { PROXY_ERROR_HEADER, type PROXY_ERROR_CODES } from '../protocol/playground-api'

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
