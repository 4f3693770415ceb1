import { isApiError } from '../lib/api-error'
import type { callbackMessages } from './messages'

export interface ExchangeErrorDescription {
  title: string
  detail: string
  /** The proxy's own message (server text, English), shown beside ours; null when none. */
  proxyMessage: string | null
  /** A page to fix the cause on before starting again (the Your app page); null when none. */
  link: { label: string; to: string } | null
}

/** The page where a browser's own app is saved (src/web/your-app/). */
const YOUR_APP_PATH = '/app'

/**
 * Why the exchange failed, in the page's words, with the one thing to do: start again (codes
 * are single-use), after fixing the app's secret when the service refused it. The proxy's
 * message is passed on as it is, not repeated in ours. The refusals of a browser's own app are
 * docs/decisions/0015-your-own-app.md's: `app_secret_refused` (the token endpoint answered
 * invalid_client to its secret) and `app_changed` (saved again or forgotten meanwhile).
 */
export function describeExchangeError(
  error: unknown,
  m: (typeof callbackMessages)['exchange'],
): ExchangeErrorDescription {
  if (!isApiError(error)) {
    return {
      ...m.page,
      proxyMessage: error instanceof Error ? error.message : String(error),
      link: null,
    }
  }
  if (error.kind === 'network') return { ...m.network, proxyMessage: null, link: null }
  const withMessage = (words: { title: string; detail: string }) => ({
    ...words,
    proxyMessage: error.message,
    link: null,
  })
  switch (error.proxyCode) {
    case 'state_missing':
    case 'state_mismatch':
      return withMessage(m.stateUnknown)
    case 'state_expired':
      return withMessage(m.stateExpired)
    case 'exchange_failed':
      return withMessage(m.refused)
    case 'app_secret_refused':
      return {
        ...withMessage(m.appSecretRefused),
        link: { label: m.checkYourApp, to: YOUR_APP_PATH },
      }
    case 'app_changed':
      return withMessage(m.appChanged)
    case 'upstream_error':
      return withMessage(m.upstreamError)
    case 'upstream_timeout':
    case 'upstream_unreachable':
      return withMessage(m.noAnswer)
    default:
      return withMessage(m.other({ status: error.status }))
  }
}
