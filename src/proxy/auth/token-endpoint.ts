/**
 * The one way the proxy calls the service's token endpoint (`POST {auth_url}/oauth2/token`,
 * form-encoded as RFC 6749 §4.1.3 asks), for both grants, with the upstream client's time-out,
 * size cap and no redirects. One list of parameters makes both the body sent and the request
 * the flow inspector shows, so the two cannot differ.
 */
import type { Context } from 'hono'
import type { TraceField, TraceRequest } from '../../protocol/trace'
import { MAX_UPSTREAM_BYTES, type ProxyContext } from '../context'
import { codeField, codeVerifierField, credentialField, headerFields } from '../flow-trace'
import { upstreamFailure } from '../api/http-errors'
import { processTokenResponse, type TokenAnswer } from './oauth'
import type { UpstreamResponse } from '../api/upstream'
import { REQUEST_ID_HEADER, requestIdOf } from '../request-id'

/** A parameter of a token request: sent as `name=value`, shown as `shown` when it is a secret. */
export interface TokenParam {
  name: string
  value: string
  /** The inspector's placeholder for a secret (flow-trace.ts); without one the value is shown. */
  shown?: TraceField
}

export type TokenCall =
  | {
      ok: true
      request: TraceRequest
      response: UpstreamResponse
      answer: TokenAnswer
      durationMs: number
    }
  | { ok: false; request: TraceRequest; failure: Response; durationMs: number }

/**
 * The code exchange's parameters (RFC 6749 §4.1.3), as `/auth/exchange` sends them and the flow
 * lab's editor run too (src/proxy/lab/editor-finish.ts): secrets shown as their placeholders.
 */
export function codeExchangeParams(
  app: { clientId: string; clientSecret: string },
  code: string,
  codeVerifier: string | null,
): TokenParam[] {
  return [
    { name: 'client_id', value: app.clientId },
    { name: 'client_secret', value: app.clientSecret, shown: credentialField() },
    { name: 'code', value: code, shown: codeField() },
    { name: 'grant_type', value: 'authorization_code' },
    // RFC 7636 §4.5: proves this browser's login asked for the code (docs/security.md#a8).
    ...(codeVerifier === null
      ? []
      : [{ name: 'code_verifier', value: codeVerifier, shown: codeVerifierField() }]),
  ]
}

/** The headers of every token request, also shown by the flow inspector as they were sent. */
function tokenRequestHeaders(
  config: ProxyContext['config'],
  requestId: string | null,
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
    'User-Agent': config.userAgent,
  }
  // The request's id, when safe, as on every call to the service (api-routes.ts serviceHeaders).
  if (requestId !== null) headers[REQUEST_ID_HEADER] = requestId
  return headers
}

/**
 * Sends one token request and classifies the answer (processTokenResponse). A failure to get an
 * answer becomes the proxy's error response, whose text ends with `next` (what to do now).
 */
export async function callTokenEndpoint(
  ctx: ProxyContext,
  c: Context,
  /** The app's OAuth host (byo/effective-app.ts): the operator's, or the browser's own. */
  authUrl: URL,
  params: readonly TokenParam[],
  next: string,
): Promise<TokenCall> {
  const { config } = ctx
  const url = new URL('/oauth2/token', authUrl)
  const headers = tokenRequestHeaders(config, requestIdOf(c.req.raw.headers))
  const request: TraceRequest = {
    method: 'POST',
    url: url.href,
    paramsIn: 'form',
    params: params.map(({ name, value, shown }) => shown ?? { name, value }),
    headers: headerFields(headers),
  }
  const body = new URLSearchParams(params.map(({ name, value }) => [name, value]))
  const started = performance.now()
  try {
    const response = await ctx.upstream({
      method: 'POST',
      url,
      headers,
      body: body.toString(),
      timeoutMs: config.upstreamTimeoutMs,
      maxBytes: MAX_UPSTREAM_BYTES,
    })
    const answer = processTokenResponse(response.status, response.body)
    return { ok: true, request, response, answer, durationMs: performance.now() - started }
  } catch (error) {
    const failure = upstreamFailure(c, error, {
      name: "The service's token endpoint",
      origin: authUrl.origin,
      timeoutMs: config.upstreamTimeoutMs,
      next,
    })
    return { ok: false, request, failure, durationMs: performance.now() - started }
  }
}
