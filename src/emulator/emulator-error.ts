/**
 * The one error the emulator's handlers and guards throw. `app.onError` (errors.tsx) renders it
 * in the shape of the area the path belongs to: `{status, message}` under /api/v2 and the
 * test-control API, RFC 6749 §5.2 `{error, error_description}` at the token endpoint, an HTML
 * page everywhere else.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export interface EmulatorErrorOptions {
  /** The RFC 6749 §5.2 error code at the token endpoint; derived from the status when absent. */
  oauthError?: string
  /** The HTML page's title; derived from the status when absent. */
  title?: string
  /** What to do next, under the message on an HTML page. */
  hint?: string
  headers?: Record<string, string>
}

export class EmulatorError extends Error {
  readonly oauthError: string | undefined
  readonly title: string | undefined
  readonly hint: string | undefined
  readonly headers: Record<string, string>

  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    options: EmulatorErrorOptions = {},
  ) {
    super(message)
    this.name = 'EmulatorError'
    this.oauthError = options.oauthError
    this.title = options.title
    this.hint = options.hint
    this.headers = options.headers ?? {}
  }
}

/** How much of an untrusted value an error message repeats. */
export function excerpt(value: string, max = 120): string {
  return value.length > max ? `${value.slice(0, max)}…` : value
}
