/** @jsxImportSource hono/jsx */
/**
 * Error answers in the shape each area of the emulator speaks: `{status, message}` for the API
 * and the test-control API, RFC 6749 §5.2 `{error, error_description}` at the token endpoint,
 * an HTML page for the browser pages.
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { areaOf } from './context'
import { ErrorPage, sendPage } from './pages'
import type { RandomFill } from './secrets'

export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return c.json({ status, message }, status, headers)
}

/** RFC 6749 §5.1: token endpoint answers, errors included, are never cached. */
export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const

export function oauthError(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): Response {
  return c.json({ error, error_description: description }, status, { ...NO_STORE, ...headers })
}

const PAGE_TITLES: Partial<Record<number, string>> = {
  400: 'This request cannot be handled',
  403: 'Request refused',
  404: 'Page not found',
  405: 'Method not allowed',
  413: 'Request too large',
}

export function errorPage(
  c: Context,
  random: RandomFill,
  status: ContentfulStatusCode,
  message: string,
  options: { title?: string; hint?: string } = {},
): Promise<Response> {
  const title = options.title ?? PAGE_TITLES[status] ?? 'Something went wrong'
  return sendPage(
    c,
    random,
    (nonce) =>
      options.hint === undefined ? (
        <ErrorPage nonce={nonce} title={title} message={message} />
      ) : (
        <ErrorPage nonce={nonce} title={title} message={message} hint={options.hint} />
      ),
    { status },
  )
}

function oauthCodeFor(status: number): string {
  if (status >= 500) return 'server_error'
  if (status === 401) return 'invalid_client'
  return 'invalid_request'
}

/** The one place that picks the error shape from the path (used by notFound, onError, 405, 413). */
export async function errorForPath(
  c: Context,
  random: RandomFill,
  status: ContentfulStatusCode,
  message: string,
): Promise<Response> {
  switch (areaOf(c.req.path)) {
    case 'api':
    case 'control':
      return apiError(c, status, message)
    case 'token':
      return oauthError(c, status, oauthCodeFor(status), message)
    case 'page':
      return errorPage(c, random, status, message)
  }
}
