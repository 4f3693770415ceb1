/**
 * The one error the emulator's handlers and guards throw. `app.onError` (errors.tsx) renders it
 * in the shape of the area the path belongs to: `{status, message}` under /api/v2 and the
 * test-control API, RFC 6749 §5.2 `{error, error_description}` at the token endpoint, an HTML
 * page everywhere else.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { emulatorMessages as ENGLISH, type EmulatorMessages, type ErrorText } from './pages/messages'

export interface EmulatorErrorOptions {
  /** The RFC 6749 §5.2 error code at the token endpoint; derived from the status when absent. */
  oauthError?: string
  /** The HTML page's title; derived from the status when absent. */
  title?: string
  /** What to do next, under the message on an HTML page. */
  hint?: string
  headers?: Record<string, string>
  /** The page's text in the page's language (messages.ts); the message above stays English. */
  localize?: (m: EmulatorMessages) => ErrorText
}

export class EmulatorError extends Error {
  readonly oauthError: string | undefined
  readonly title: string | undefined
  readonly hint: string | undefined
  readonly headers: Record<string, string>
  readonly localize: ((m: EmulatorMessages) => ErrorText) | undefined

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
    this.localize = options.localize
  }
}

/**
 * An error whose page is translated: `pick` chooses its text from a catalog. The English text
 * is the error's message, title and hint (what the JSON areas, the logs and the tests see).
 */
export function pageError(
  status: ContentfulStatusCode,
  pick: (m: EmulatorMessages) => ErrorText,
  options: Omit<EmulatorErrorOptions, 'title' | 'hint' | 'localize'> = {},
): EmulatorError {
  const english = pick(ENGLISH)
  return new EmulatorError(status, english.message, {
    ...options,
    ...(english.title === undefined ? {} : { title: english.title }),
    ...(english.hint === undefined ? {} : { hint: english.hint }),
    localize: pick,
  })
}

/** How much of an untrusted value an error message repeats. */
export function excerpt(value: string, max = 120): string {
  return value.length > max ? `${value.slice(0, max)}…` : value
}
