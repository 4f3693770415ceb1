/** @jsxImportSource hono/jsx */
/**
 * The one renderer of failures, used by `app.onError` and by the few answers Hono's own
 * middleware makes (404, 405, 413, injected faults): `{status, message}` for the API and the
 * test-control API, RFC 6749 §5.2 `{error, error_description}` at the token endpoint, an HTML
 * page for the browser pages. The request's profile decides what a 429 carries (profiles.ts).
 */
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { areaOf, type EmulatorEnv } from './context'
import { EmulatorError } from './emulator-error'
import { ErrorPage } from './error-page'
import { sendPage } from './page-shell'

/** RFC 6749 §5.1: token endpoint answers, errors included, are never cached. */
export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const

const PAGE_TITLES: Partial<Record<number, string>> = {
  400: 'This request cannot be handled',
  403: 'Request refused',
  404: 'Page not found',
  405: 'Method not allowed',
  413: 'Request too large',
  421: 'Wrong host',
  429: 'Too many attempts',
}

function oauthCodeFor(status: number): string {
  if (status >= 500) return 'server_error'
  if (status === 401) return 'invalid_client'
  return 'invalid_request'
}

/** Any thrown value as an EmulatorError: Hono's HTTPExceptions keep their status, others are 500s. */
export function asEmulatorError(error: unknown): EmulatorError {
  if (error instanceof EmulatorError) return error
  if (error instanceof HTTPException) {
    const status = (error.status >= 400 ? error.status : 400) as ContentfulStatusCode
    return new EmulatorError(status, error.message || 'Bad Request')
  }
  return new EmulatorError(500, 'The emulator failed to handle this request.')
}

/** The error's headers, less Retry-After on a 429 where the profile says the service sends none. */
function headersOf(c: Context<EmulatorEnv>, error: EmulatorError): Record<string, string> {
  if (error.status !== 429 || c.get('rules').sendsRetryAfter) return error.headers
  return Object.fromEntries(
    Object.entries(error.headers).filter(([name]) => name.toLowerCase() !== 'retry-after'),
  )
}

export async function renderError(
  c: Context<EmulatorEnv>,
  error: EmulatorError,
): Promise<Response> {
  const { status, message } = error
  const headers = headersOf(c, error)
  switch (areaOf(c.req.path)) {
    case 'api':
    case 'control':
      return c.json({ status, message }, status, headers)
    case 'token':
      return c.json(
        { error: error.oauthError ?? oauthCodeFor(status), error_description: message },
        status,
        { ...NO_STORE, ...headers },
      )
    case 'page': {
      const title = error.title ?? PAGE_TITLES[status] ?? 'Something went wrong'
      return sendPage(c, title, <ErrorPage title={title} message={message} hint={error.hint} />, {
        status,
        headers,
      })
    }
  }
}
