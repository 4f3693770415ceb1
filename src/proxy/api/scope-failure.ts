/**
 * What an upstream 401 means. The seed spec answers a missing scope with 403
 * (docs/service.md#errors), but the real service answers it with
 * `401 {"message":"scope unauthorized"}` (docs/emulator.md, "observed" profile), the same status as
 * a dead token. Ending the session on such a 401 would log the user out for asking too much; ending
 * it on the dead token is docs/security.md#d5. So:
 *
 * 1. the body says "scope" (`scope unauthorized`) → a scope failure. The OpenAPI document's
 *    `Token/Scope 未通过鉴权` names both causes, so it decides nothing;
 * 2. `X-Accepted-OAuth-Scopes` asks for what `X-OAuth-Scopes` (or the session's scope) does not
 *    cover → a scope failure;
 * 3. neither: ONE probe of `GET /user` with the same token (any valid token may read it,
 *    docs/service.md#scopes "(none)"): 200 → a scope failure, 401 → the token is dead. The probe is
 *    a step of the flow inspector. A 401 from `GET /user` itself is not probed: the probe would
 *    repeat it.
 */
import { z } from 'zod/mini'
import { endpointPath } from '../../protocol/endpoint-path'
import { USER_ME } from '../../protocol/endpoint-rows-account'
import type { Endpoint } from '../../protocol/endpoint-types'
import {
  HEADERS,
  parseAcceptedScopesHeader,
  parseGrantedScopesHeader,
  type HeaderSource,
} from '../../protocol/headers'
import { SCOPE_FAILURE_HEADER, SESSION_HEADER } from '../../protocol/playground-api'
import { leastNeeded, missingScopes, parseScopeList } from '../../protocol/scopes'
import { buildUpstreamUrl } from './allow-list'
import { MAX_UPSTREAM_BYTES, type ProxyContext } from '../context'
import { headerFields, noteStep, pickHeaders } from '../flow-trace'
import { parseJsonOrUndefined } from '../json-body'
import type { ApiCall } from './api-call'

/** The call the probe checks the token with: every valid token may read its own user. */
const PROBE = USER_ME

/**
 * An explicit scope refusal in the body's message (the real service: `scope unauthorized`). A
 * message that names the token too (`Token/Scope 未通过鉴权`) could be either, so it is no answer.
 */
const SCOPE_MESSAGE = /\bscope\b/i
const TOKEN_MESSAGE = /\btoken\b/i

const MessageSchema = z.object({ message: z.string() })

export type Upstream401 =
  /** The token is fine; it lacks a scope. `missing` is empty when the service did not say. */
  | { kind: 'scope'; missing: string[]; reason: string }
  /** The service no longer accepts the token: the session ends (docs/security.md#d5, #f5). */
  | { kind: 'token-dead'; reason: string }

interface Failed401 {
  /** The row of the endpoint table the forwarded call matched. */
  endpoint: Endpoint
  /** The API base the call went to: the probe asks the same service. */
  baseUrl: URL
  body: string
  headers: HeaderSource
  /** The headers the forwarded call went out with (the token among them). */
  requestHeaders: Record<string, string>
}

function hasScopeMessage(body: string): boolean {
  const parsed = MessageSchema.safeParse(parseJsonOrUndefined(body))
  if (!parsed.success) return false
  const { message } = parsed.data
  return SCOPE_MESSAGE.test(message) && !TOKEN_MESSAGE.test(message)
}

/** The accepted scopes the granted ones (header, else the session's) do not cover. */
function uncoveredScopes(headers: HeaderSource, sessionScope: string): string[] {
  const needed = leastNeeded(parseAcceptedScopesHeader(headers))
  const granted = parseGrantedScopesHeader(headers) ?? parseScopeList(sessionScope)
  return missingScopes(granted, needed)
}

/**
 * The token a call was made with: a session's, or a personal token saved in the browser
 * (src/proxy/byo/effective-app.ts). `end` ends the connection it makes.
 */
export interface HeldToken {
  scope: string
  end(): Promise<unknown>
}

/**
 * The proxy's answer to an upstream 401 of a call made with the connection's token: a scope
 * failure keeps the session and says so in SCOPE_FAILURE_HEADER (status and body pass on as the
 * service wrote them); a dead token ends the session and says so in SESSION_HEADER.
 */
export async function settleUpstream401(
  call: ApiCall,
  ctx: ProxyContext,
  held: HeldToken,
  failed: Failed401,
): Promise<void> {
  const verdict = await classifyUpstream401(call, ctx, held.scope, failed)
  const isScope = verdict.kind === 'scope'
  noteStep(call.trace, {
    kind: 'api',
    title: isScope
      ? 'A scope failure: the token works, the session stays'
      : 'The token is no longer accepted: the proxy ended the session',
    outcome: 'info',
    notes: [verdict.reason],
  })
  if (isScope) {
    call.headers[SCOPE_FAILURE_HEADER] = verdict.missing.join(',')
    return
  }
  await held.end()
  ctx.events.sessionEnded('token_refused')
  call.headers[SESSION_HEADER] = 'ended'
}

export async function classifyUpstream401(
  call: Pick<ApiCall, 'trace'>,
  ctx: ProxyContext,
  sessionScope: string,
  failed: Failed401,
): Promise<Upstream401> {
  const missing = uncoveredScopes(failed.headers, sessionScope)
  if (hasScopeMessage(failed.body)) {
    return { kind: 'scope', missing, reason: 'Its message says a scope is missing.' }
  }
  if (missing.length > 0) {
    return {
      kind: 'scope',
      missing,
      reason: `${HEADERS.acceptedScopes} asks for ${missing.join(',')}, which the token lacks.`,
    }
  }
  if (failed.endpoint === PROBE) {
    return { kind: 'token-dead', reason: 'GET /user itself was refused.' }
  }
  return probeToken(call, ctx, failed.baseUrl, failed.requestHeaders)
}

/** One `GET /user` with the same token, noted in the flow inspector. */
async function probeToken(
  call: Pick<ApiCall, 'trace'>,
  ctx: ProxyContext,
  baseUrl: URL,
  headers: Record<string, string>,
): Promise<Upstream401> {
  const { config } = ctx
  // Relative to the base, as the allow-list builds every forwarded call (allow-list.ts).
  const url = buildUpstreamUrl(baseUrl, endpointPath(PROBE, {}).slice(1), '')
  const request = {
    method: 'GET' as const,
    url: url.href,
    paramsIn: 'query' as const,
    params: [],
    headers: headerFields(headers),
  }
  const title = 'Token probe: GET /user with the same token'
  const started = performance.now()
  let status: number
  try {
    const response = await ctx.upstream({
      method: 'GET',
      url,
      headers,
      timeoutMs: config.upstreamTimeoutMs,
      maxBytes: MAX_UPSTREAM_BYTES,
    })
    status = response.status
    const isAlive = status >= 200 && status < 300
    noteStep(call.trace, {
      kind: 'api',
      title,
      outcome: 'info',
      notes: [
        'The 401 above said neither "scope" nor which scope it wants: the proxy asked once whether the token still works.',
        isAlive
          ? 'It does: the 401 was about a scope, so the session stays.'
          : `It answered ${status}: the token is no longer accepted, so the session ends.`,
      ],
      request,
      response: {
        status,
        durationMs: Math.round(performance.now() - started),
        headers: pickHeaders(response.headers, Object.values(HEADERS)),
        fields: [],
      },
    })
  } catch {
    noteStep(call.trace, {
      kind: 'api',
      title,
      outcome: 'failed',
      notes: ['The service did not answer the probe: the 401 is taken as it came.'],
      request,
    })
    return { kind: 'token-dead', reason: 'The probe got no answer.' }
  }
  return status >= 200 && status < 300
    ? { kind: 'scope', missing: [], reason: 'GET /user with the same token still succeeds.' }
    : { kind: 'token-dead', reason: `GET /user with the same token answered ${status}.` }
}
