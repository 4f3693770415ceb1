/**
 * The new account's profile, asked for by the proxy as soon as the code exchange has a token and
 * sent back with the exchange's answer: the app shows the profile (the header's account, the
 * landing page) right after a login, and would otherwise ask for it as its next request, one
 * more round trip from the browser through the proxy to the service (bench: the login round
 * trip). The app puts it in its cache as the answer to `GET /api/v2/user`
 * (src/web/callback/finish-login.ts). Only a 200 with a JSON body is passed on, as JSON, with the
 * headers the app reads (rate limit, scopes); anything else is left for the app to ask itself.
 */
import type { Context } from 'hono'
import type { ExchangeResponse } from '../../protocol/playground-api'
import type { TraceRequest } from '../../protocol/trace'
import { buildUpstreamUrl, matchForwardedCall } from '../api/allow-list'
import { PASSED_HEADERS, passedHeaders, serviceHeaders } from '../api/api-routes'
import { MAX_UPSTREAM_BYTES, type ProxyContext } from '../context'
import { addTraceStep, headerFields, pickHeaders } from '../flow-trace'
import { parseJsonOrUndefined } from '../json-body'
import { requestIdOf } from '../request-id'

/** The exchange waits no longer than this for the profile; the app asks itself after that. */
export const PRIME_TIMEOUT_MS = 2000

export async function primeProfile(
  c: Context,
  ctx: ProxyContext,
  accessToken: string,
  /** The session's API base (byo/effective-app.ts). */
  baseUrl: URL,
): Promise<ExchangeResponse['user']> {
  const { config } = ctx
  const match = matchForwardedCall('GET', '/user', new URLSearchParams())
  if (!match.ok) throw new Error('GET /user left the endpoint table')
  const url = buildUpstreamUrl(baseUrl, match.path, match.search)
  // The same headers as any forwarded call, and no others (docs/security.md#f3).
  const headers = serviceHeaders(config, accessToken, requestIdOf(c.req.raw.headers))
  const request: TraceRequest = {
    method: 'GET',
    url: url.href,
    paramsIn: 'query',
    params: [],
    headers: headerFields(headers),
  }
  const title = 'API call: GET /user, for the profile the app shows next'
  const started = performance.now()
  try {
    const response = await ctx.upstream({
      method: 'GET',
      url,
      headers,
      timeoutMs: Math.min(config.upstreamTimeoutMs, PRIME_TIMEOUT_MS),
      maxBytes: MAX_UPSTREAM_BYTES,
    })
    const body = response.status === 200 ? parseJsonOrUndefined(response.body) : undefined
    const isUsable = body !== undefined
    addTraceStep(c, () => ({
      kind: 'api',
      title,
      outcome: isUsable ? 'passed' : 'info',
      notes: [
        isUsable
          ? 'Sent back with the exchange’s answer: the app takes it as its own GET /api/v2/user, one round trip fewer.'
          : 'Not usable as the profile: the app asks for it itself, and shows what the service answers then.',
      ],
      request,
      response: {
        status: response.status,
        durationMs: Math.round(performance.now() - started),
        headers: pickHeaders(response.headers, PASSED_HEADERS),
        fields: [],
      },
    }))
    if (!isUsable) return undefined
    return { headers: passedHeaders(response.headers), body }
  } catch {
    // Timed out or unreachable: the exchange has succeeded all the same.
    addTraceStep(c, () => ({
      kind: 'api',
      title,
      outcome: 'info',
      notes: ['The service did not answer in time: the app asks for the profile itself.'],
      request,
    }))
    return undefined
  }
}
