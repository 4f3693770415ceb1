/** Turns any error into what the reader needs: what happened, and what to do next. */
import { canonicalScopes, missingScopes, parseScopeList } from '../../protocol/scopes'
import { isApiError } from './api-error'

export type NextStep = 'connect' | 'retry' | 'wait' | 'none'

export interface ErrorDescription {
  title: string
  detail: string
  next: NextStep
  /** For `wait`: seconds from now, null when the service did not say. */
  retryAfterSeconds: number | null
  missingScopes: string[]
  /** What to tick when connecting again: the scopes held plus the missing ones. */
  reconnectScopes: string[]
}

/**
 * `sessionScope` is the granted scope the session knows, the fallback when the response has no
 * `X-OAuth-Scopes` header (the real service may not send it).
 */
export function describeApiError(
  error: unknown,
  sessionScope: string | null = null,
): ErrorDescription {
  const base = { retryAfterSeconds: null, missingScopes: [], reconnectScopes: [] }
  if (!isApiError(error)) {
    return {
      ...base,
      title: 'Something went wrong in the page',
      detail: error instanceof Error ? error.message : String(error),
      next: 'retry',
    }
  }
  if (error.kind === 'network') {
    return {
      ...base,
      title: 'The playground server is unreachable',
      detail:
        'No answer came back. The page asks again by itself every few seconds; check that the server (npm start or npm run dev) is still running.',
      next: 'retry',
    }
  }
  if (error.kind === 'invalid-response') {
    return {
      ...base,
      title: 'The service answered in an unexpected shape',
      detail: error.message,
      next: 'none',
    }
  }
  const { status } = error
  if (status === 403 && error.proxyCode === 'csrf') {
    return {
      ...base,
      title: 'The proxy refused the request',
      detail: `${error.message} Reload the page and try again.`,
      next: 'none',
    }
  }
  if (error.isScopeFailure) {
    // A 403 (the spec) or a 401 about a scope (the real service): the session is fine.
    const accepted = [...error.meta.acceptedScopes, ...(error.meta.scopeFailure ?? [])]
    const granted = error.meta.grantedScopes ?? parseScopeList(sessionScope ?? '')
    const missing = missingScopes(granted, accepted)
    return {
      ...base,
      missingScopes: missing,
      reconnectScopes: missing.length > 0 ? canonicalScopes([...granted, ...missing]) : [],
      title: 'The token lacks a scope',
      detail:
        missing.length > 0
          ? `This needs ${missing.map((s) => `"${s}"`).join(', ')}, which the token was not granted. Connect again and tick it (and allow it on the consent page).`
          : `${error.message} The service did not say which scope is missing; connect again with the scope this data needs.`,
      next: 'connect',
    }
  }
  if (status === 401 || error.isSessionEnded) {
    return {
      ...base,
      // "Your session ended" is the app-wide banner's sentence (layout/banners.tsx): the page
      // says it once, and this notice says what happened to this request.
      title: error.isSessionEnded ? 'The service rejected the token' : 'Not connected',
      detail: error.isSessionEnded
        ? 'It answered 401, so the playground forgot the token and ended the session. Connect again.'
        : `${error.message} Connect your account first.`,
      next: 'connect',
    }
  }
  if (status === 404) {
    return { ...base, title: 'Not found', detail: error.message, next: 'none' }
  }
  if (status === 429) {
    const wait = error.retryAfterSeconds
    return {
      ...base,
      retryAfterSeconds: wait,
      title: 'Rate limit reached',
      detail:
        wait === null
          ? 'The service asks to slow down and did not say when; try again in a few minutes.'
          : `The service asks to wait ${wait} s before the next request.`,
      next: 'wait',
    }
  }
  if (status >= 500) {
    const isTimeout = status === 504 || error.proxyCode === 'upstream_timeout'
    return {
      ...base,
      title: isTimeout ? 'The service did not answer in time' : 'The service is unreachable',
      detail: error.errorBody
        ? error.message
        : `${error.message} This is usually temporary: retry in a moment.`,
      next: 'retry',
    }
  }
  return {
    ...base,
    title: `The request failed (HTTP ${status})`,
    detail: error.message,
    next: 'none',
  }
}
