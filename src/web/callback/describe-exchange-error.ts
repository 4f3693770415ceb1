import { isApiError } from '../lib/api-error'
import { ExchangeRefusedError } from './exchange-once'

/** Why the exchange failed, in words, with the one thing to do: start again (codes are single-use). */
export function describeExchangeError(error: unknown): { title: string; detail: string } {
  if (error instanceof ExchangeRefusedError) {
    return { title: 'Nothing was exchanged', detail: error.message }
  }
  if (!isApiError(error)) {
    return {
      title: 'The exchange failed',
      detail: error instanceof Error ? error.message : String(error),
    }
  }
  if (error.kind === 'network') {
    return {
      title: 'The playground server is unreachable',
      detail:
        'The code could not be sent. Once the server runs again, start a new login: the code may already be spent.',
    }
  }
  switch (error.proxyCode) {
    case 'state_missing':
    case 'state_mismatch':
      return {
        title: 'The proxy does not know this login',
        detail: `${error.message} Its short-lived login cookie is missing or belongs to another login (another browser, or cookies were cleared). Nothing was exchanged.`,
      }
    case 'state_expired':
      return {
        title: 'The login expired',
        detail: `${error.message} The sign-in took longer than the pending login lives. Nothing was exchanged.`,
      }
    case 'exchange_failed':
      return {
        title: 'The service refused the code',
        detail: `${error.message} A code works once, for a few minutes.`,
      }
    case 'upstream_error':
      return {
        title: 'The service failed during the exchange',
        detail: `${error.message} This is a server error, not a problem with your code or sign-in.`,
      }
    case 'upstream_timeout':
    case 'upstream_unreachable':
      return {
        title: 'The service did not answer the exchange',
        detail: `${error.message} A code must not be sent twice, so it is not retried.`,
      }
    default:
      return { title: `The exchange failed (HTTP ${error.status})`, detail: error.message }
  }
}
