/**
 * What the flow inspector shows of an API call to the service (api-routes.ts): the request as it
 * was sent, the answer, and what its status means for the playground.
 */
import type { Endpoint } from '../../protocol/endpoint-types'
import type { TraceStep } from '../../protocol/trace'
import { headerFields } from '../flow-trace'
import type { ApiBody } from './api-body'

/** What a status means for the playground, in the inspector's words. */
export function apiStatusNotes(status: number, hasSession: boolean): string[] {
  if (status === 401 && hasSession)
    return ['A 401: the proxy tells a missing scope from a dead token (see the next steps).']
  if (status === 403)
    return ['The token lacks a scope this resource needs (see X-Accepted-OAuth-Scopes).']
  if (status === 429)
    return [
      'Rate limit reached: wait for Retry-After (when the service sends it) before calling again.',
    ]
  if (status >= 300 && status < 400)
    return ['A redirect: not followed, so the token goes nowhere else (docs/security.md#c3).']
  if (status >= 500) return ['The service failed; the proxy answered 502.']
  return []
}

/** A call to the service as it is sent: what its trace step shows. */
export interface Sent {
  operation: string
  endpoint: Endpoint
  hasSession: boolean
  url: URL
  body: Extract<ApiBody, { ok: true }>
  headers: Record<string, string>
}

/** The trace's step for a call to the service, from the very request that was sent. */
export function apiStep(
  sent: Sent,
  outcome: TraceStep['outcome'],
  extraNotes: string[],
  response?: TraceStep['response'],
): TraceStep {
  return {
    kind: 'api',
    title: `API call: ${sent.operation}`,
    outcome,
    notes: [
      sent.hasSession
        ? 'The proxy added the session’s token as X-Auth-Token; the browser sent none.'
        : 'No session: sent without a token, as a public lookup.',
      ...extraNotes,
    ],
    request: {
      method: sent.endpoint.method,
      url: sent.url.href,
      paramsIn: sent.body.json === undefined ? 'query' : 'json',
      params: sent.body.fields,
      headers: headerFields(sent.headers),
    },
    ...(response === undefined ? {} : { response }),
  }
}
