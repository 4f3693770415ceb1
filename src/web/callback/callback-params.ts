/**
 * What the service's redirect to `/callback` carried, checked before anything is sent anywhere
 * (RFC 6749 §4.1.2, §4.1.2.1). Pure: the page shows the verdict, the tests pin it down.
 */
import { EXCHANGE_PARAM_MAX_LENGTH } from '../../protocol/playground-common'
import type { StoredStateStatus } from '../session/pending-states'

/** Why a callback is refused, as data: the page words it in its language (messages.ts). */
export type InvalidReason =
  | { code: 'repeated'; param: string }
  | { code: 'token-in-query'; param: string }
  | { code: 'token-in-fragment' }
  | { code: 'code-and-error' }
  | { code: 'neither' }
  | { code: 'empty-code' }
  | { code: 'no-state' }
  | { code: 'too-long' }

export type CallbackParams =
  /** No OAuth parameter at all: a reload after they were used and removed, or a bookmark. */
  | { kind: 'empty' }
  /** Malformed or conflicting: nothing is exchanged. */
  | { kind: 'invalid'; reason: InvalidReason; state: string | null }
  /** The service reported an error (`access_denied` when the user declined). */
  | { kind: 'error'; error: string; description: string | null; state: string | null }
  | { kind: 'code'; code: string; state: string }

const OAUTH_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri'] as const
/** Implicit or hybrid responses: this client only ever asks for `response_type=code` (A7). */
const TOKEN_PARAMS = ['access_token', 'id_token', 'token']

export function checkCallbackParams(params: URLSearchParams): CallbackParams {
  const present = [...OAUTH_PARAMS, ...TOKEN_PARAMS].filter((name) => params.has(name))
  if (present.length === 0) return { kind: 'empty' }
  const firstState = params.get('state')
  const state = firstState === null || firstState === '' ? null : firstState

  // RFC 6749 §3.1: parameters MUST NOT be included more than once.
  const repeated = OAUTH_PARAMS.find((name) => params.getAll(name).length > 1)
  if (repeated !== undefined) {
    return {
      kind: 'invalid',
      reason: { code: 'repeated', param: repeated },
      state: null,
    }
  }
  const tokenParam = TOKEN_PARAMS.find((name) => params.has(name))
  if (tokenParam !== undefined) {
    return {
      kind: 'invalid',
      reason: { code: 'token-in-query', param: tokenParam },
      state,
    }
  }
  const code = params.get('code')
  const error = params.get('error')
  if (code !== null && error !== null) {
    return {
      kind: 'invalid',
      reason: { code: 'code-and-error' },
      state,
    }
  }
  if (error !== null) {
    return {
      kind: 'error',
      error: error === '' ? 'unknown_error' : error,
      description: params.get('error_description'),
      state,
    }
  }
  if (code === null) {
    return { kind: 'invalid', reason: { code: 'neither' }, state }
  }
  if (code === '') return { kind: 'invalid', reason: { code: 'empty-code' }, state }
  if (state === null) {
    return { kind: 'invalid', reason: { code: 'no-state' }, state: null }
  }
  // What ExchangeRequestSchema (the proxy's) allows, checked without zod: the callback's early
  // script checks with this and loads no schema (early-exchange.ts).
  if (code.length > EXCHANGE_PARAM_MAX_LENGTH || state.length > EXCHANGE_PARAM_MAX_LENGTH) {
    return { kind: 'invalid', reason: { code: 'too-long' }, state }
  }
  return { kind: 'code', code, state }
}

/**
 * What main.tsx took from the address bar (capture-callback.ts), checked: a token in the fragment
 * is refused as one in the query is (an implicit or hybrid response, which this client never
 * asks for).
 */
export function checkCallbackAddress(address: { search: string; hash: string }): CallbackParams {
  const hash = new URLSearchParams(address.hash.replace(/^#/, ''))
  return hash.has('access_token') || hash.has('id_token')
    ? { kind: 'invalid', reason: { code: 'token-in-fragment' }, state: null }
    : checkCallbackParams(new URLSearchParams(address.search))
}

export type StateVerdict = 'match' | 'missing' | 'unknown' | 'used'

/** `missing`: the response had no state; `unknown`: this tab never sent it; `used`: already spent. */
export function verifyState(state: string | null, status: StoredStateStatus): StateVerdict {
  if (state === null) return 'missing'
  if (status === 'pending') return 'match'
  return status
}
