/**
 * Checks a personal token before the browser is connected with it (docs/decisions/0015-your-own-app.md):
 * one `GET /user` at the chosen service, through the proxy's one upstream client (its time-out,
 * size cap and no redirects) on the origin service-choice.ts resolved, with the headers every
 * forwarded call has (docs/security.md#f3). The answer says whose token it is and, when the
 * service sends `X-OAuth-Scopes` (docs/service.md#scope-headers), what it may do.
 */
import type { Context } from 'hono'
import { matchForwardedCall, buildUpstreamUrl } from '../api/allow-list'
import { PASSED_HEADERS, serviceHeaders } from '../api/api-routes'
import { upstreamRefusal, type ProxyRefusal } from '../api/http-errors'
import { MAX_UPSTREAM_BYTES, type ProxyContext } from '../context'
import { addTraceSecrets, addTraceStep, headerFields, pickHeaders } from '../flow-trace'
import { parseJsonOrUndefined } from '../json-body'
import { parseGrantedScopesHeader } from '../../protocol/headers'
import { UserSchema, envelope } from '../../protocol/schemas'
import type { TokenOwner } from '../../protocol/your-app-api'
import type { ResolvedService } from './service-choice'

const UserAnswerSchema = envelope(UserSchema)

export type TokenCheck =
  | { kind: 'ok'; user: TokenOwner }
  /** The service answered 401: it does not take this token. */
  | { kind: 'refused' }
  | { kind: 'failed'; refusal: ProxyRefusal }

export async function checkPersonalToken(
  c: Context,
  ctx: ProxyContext,
  service: ResolvedService,
  token: string,
): Promise<TokenCheck> {
  const { config } = ctx
  addTraceSecrets(c, token)
  const match = matchForwardedCall('GET', '/user', new URLSearchParams())
  if (!match.ok) throw new Error('GET /user left the endpoint table')
  const url = buildUpstreamUrl(service.baseUrl, match.path, match.search)
  const headers = serviceHeaders(config, token)
  const started = performance.now()
  let response
  try {
    response = await ctx.upstream({
      method: 'GET',
      url,
      headers,
      timeoutMs: config.upstreamTimeoutMs,
      maxBytes: MAX_UPSTREAM_BYTES,
    })
  } catch (error) {
    return {
      kind: 'failed',
      refusal: upstreamRefusal(error, {
        name: 'The service',
        origin: service.origin,
        timeoutMs: config.upstreamTimeoutMs,
        next: 'The token was not saved; try again in a moment.',
      }),
    }
  }
  const { status } = response
  addTraceStep(c, () => ({
    kind: 'api',
    title: 'Personal token checked: GET /user with it',
    outcome: status === 200 ? 'passed' : 'failed',
    notes: [
      status === 200
        ? 'The service knows the token: the browser is connected with it, kept in the proxy (the browser never holds it).'
        : `The service answered ${status}: the token was not saved.`,
    ],
    request: {
      method: 'GET',
      url: url.href,
      paramsIn: 'query',
      params: [],
      headers: headerFields(headers),
    },
    response: {
      status,
      durationMs: Math.round(performance.now() - started),
      headers: pickHeaders(response.headers, PASSED_HEADERS),
      fields: [],
    },
  }))
  if (status === 401) return { kind: 'refused' }
  const user =
    status === 200 ? UserAnswerSchema.safeParse(parseJsonOrUndefined(response.body)) : null
  if (user === null || !user.success) {
    return {
      kind: 'failed',
      refusal: {
        status: 502,
        code: status === 200 ? 'upstream_invalid' : 'upstream_error',
        message:
          status === 200
            ? 'The service answered GET /user without a user record; the token was not saved.'
            : `The service answered HTTP ${status} to GET /user; the token was not saved.`,
      },
    }
  }
  const { login, name } = user.data.data
  return {
    kind: 'ok',
    user: { login, name, scopes: parseGrantedScopesHeader(response.headers) },
  }
}
