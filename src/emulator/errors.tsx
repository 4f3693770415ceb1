/** @jsxImportSource hono/jsx */
/**
 * The one renderer of failures, used by `app.onError` and by the few answers Hono's own
 * middleware makes (404, 405, 413, injected faults): `{status, message}` for the API and the
 * test-control API, RFC 6749 §5.2 `{error, error_description}` at the token endpoint, an HTML
 * page for the browser pages, in the page's language (page-locale.ts). The request's profile decides what a 429 carries (profiles.ts).
 */
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { areaOf, type EmulatorEnv } from './context'
import { EmulatorError, pageError } from './emulator-error'
import { ErrorPage } from './pages/error-page'
import { pageTextOf } from './pages/page-locale'
import { sendPage } from './pages/page-shell'

/** RFC 6749 §5.1: token endpoint answers, errors included, are never cached. */
export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const

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
  return pageError(500, (m) => m.errors.failed)
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
      const { m } = pageTextOf(c)
      const text = error.localize?.(m) ?? error
      const titles: Partial<Record<number, string>> = m.statusTitles
      const title = text.title ?? titles[status] ?? m.statusTitles.other
      return sendPage(
        c,
        title,
        <ErrorPage title={title} message={text.message} hint={text.hint} />,
        {
          status,
          headers,
        },
      )
    }
  }
}
