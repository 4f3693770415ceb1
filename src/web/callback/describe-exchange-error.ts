import { isApiError } from '../lib/api-error'
import type { callbackMessages } from './messages'

export interface ExchangeErrorDescription {
  title: string
  detail: string
  /** The proxy's own message (server text, English), shown beside ours; null when none. */
  proxyMessage: string | null
}

/**
 * Why the exchange failed, in the page's words, with the one thing to do: start again (codes
 * are single-use). The proxy's message is passed on as it is, not repeated in ours.
 */
export function describeExchangeError(
  error: unknown,
  m: (typeof callbackMessages)['exchange'],
): ExchangeErrorDescription {
  if (!isApiError(error)) {
    return { ...m.page, proxyMessage: error instanceof Error ? error.message : String(error) }
  }
  if (error.kind === 'network') return { ...m.network, proxyMessage: null }
  const withMessage = (words: { title: string; detail: string }) => ({
    ...words,
    proxyMessage: error.message,
  })
  switch (error.proxyCode) {
    case 'state_missing':
    case 'state_mismatch':
      return withMessage(m.stateUnknown)
    case 'state_expired':
      return withMessage(m.stateExpired)
    case 'exchange_failed':
      return withMessage(m.refused)
    case 'upstream_error':
      return withMessage(m.upstreamError)
    case 'upstream_timeout':
    case 'upstream_unreachable':
      return withMessage(m.noAnswer)
    default:
      return withMessage(m.other({ status: error.status }))
  }
}
