/** Turns any error into what the reader needs: what happened, and what to do next. */
import { canonicalScopes, missingScopes, parseScopeList } from '../../protocol/scopes'
import { messagesOf } from '../i18n/i18n-store'
import { isApiError } from './api-error'
import { commonMessages } from './messages'

type ProxyRefusalTexts = (typeof commonMessages)['errors']['proxy']

/** The page's words for a proxy's refusal of a call to the service, or null for any other code. */
function proxyRefusalText(code: string | null, texts: ProxyRefusalTexts): string | null {
  return code !== null && Object.hasOwn(texts, code) ? texts[code as keyof ProxyRefusalTexts] : null
}

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
  const m = messagesOf('common', commonMessages).errors
  if (!isApiError(error)) {
    return {
      ...base,
      title: m.pageBug,
      detail: error instanceof Error ? error.message : String(error),
      next: 'retry',
    }
  }
  if (error.kind === 'network') {
    // No connection at all (navigator.onLine, HTML's online state): the advice is the network,
    // not the server; the page asks again when it is back (query-client.ts, e2e/offline.spec.ts).
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      const common = messagesOf('common', commonMessages)
      return { ...base, title: common.offlineTitle, detail: common.offlineDetail, next: 'retry' }
    }
    return {
      ...base,
      title: m.unreachableTitle,
      detail: m.unreachableDetail,
      next: 'retry',
    }
  }
  if (error.kind === 'invalid-response') {
    return {
      ...base,
      title: m.shapeTitle,
      detail: error.message,
      next: 'none',
    }
  }
  const { status } = error
  if (status === 403 && error.proxyCode === 'csrf') {
    return {
      ...base,
      title: m.csrfTitle,
      detail: m.csrfDetail({ message: error.message }),
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
      title: m.scopeTitle,
      detail:
        missing.length > 0
          ? m.scopeMissing({ scopes: missing.map((s) => `"${s}"`).join(', ') })
          : m.scopeUnknown({ status }),
      next: 'connect',
    }
  }
  if (status === 401 || error.isSessionEnded) {
    const notConnected =
      error.proxyCode === 'not_connected'
        ? m.notConnectedProxy
        : m.notConnectedDetail({ message: error.message })
    return {
      ...base,
      // "Your session ended" is the app-wide banner's sentence (layout/banners.tsx): the page
      // says it once, and this notice says what happened to this request.
      title: error.isSessionEnded ? m.rejectedTitle : m.notConnectedTitle,
      detail: error.isSessionEnded ? m.rejectedDetail : notConnected,
      next: 'connect',
    }
  }
  if (status === 404) {
    return { ...base, title: m.notFoundTitle, detail: error.message, next: 'none' }
  }
  if (status === 429) {
    const wait = error.retryAfterSeconds
    return {
      ...base,
      retryAfterSeconds: wait,
      title: m.rateLimitTitle,
      // No number here: the notice's button and the banner count down the same time (the
      // countdown stays out of live regions; rate-limit e2e in faults.spec.ts).
      detail: wait === null ? m.rateLimitUnknown : m.rateLimitKnown,
      next: 'wait',
    }
  }
  const proxyText = proxyRefusalText(error.proxyCode, m.proxy)
  if (status >= 500 || proxyText !== null) {
    const isTimeout = status === 504 || error.proxyCode === 'upstream_timeout'
    const title = isTimeout
      ? m.timeoutTitle
      : error.proxyCode === 'upstream_error'
        ? m.serviceFailedTitle
        : error.proxyCode === 'upstream_invalid'
          ? m.unusableTitle
          : m.downTitle
    return {
      ...base,
      title,
      detail:
        proxyText ?? (error.errorBody ? error.message : m.temporary({ message: error.message })),
      next: 'retry',
    }
  }
  return {
    ...base,
    title: m.failedTitle({ status }),
    detail: error.message,
    next: 'none',
  }
}
