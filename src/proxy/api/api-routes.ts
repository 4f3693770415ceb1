/**
 * `/api/v2/*`: forwards the allow-listed calls to the configured service with the session's
 * token, and passes back status, body and the headers the app shows
 * (docs/architecture.md#api-calls).
 */
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { requestLine } from '../../protocol/endpoint-path'
import { HEADERS, type HeaderSource } from '../../protocol/headers'
import type { TraceStep } from '../../protocol/trace'
import type { Config } from '../config'
import { API_ANSWER_TYPE, MAX_UPSTREAM_BYTES, type ProxyContext } from '../context'
import { buildUpstreamUrl, matchForwardedCall } from './allow-list'
import { proxyError, upstreamFailure } from './http-errors'
import { parseJsonOrUndefined } from '../json-body'
import { readApiBody } from './api-body'
import { takeHandover } from './handover'
import { addTraceSecrets, addTraceStep, headerFields, pickHeaders } from '../flow-trace'
import { settleUpstream401 } from './scope-failure'

/**
 * Response headers passed back to the browser: the ones the protocol parses (headers.ts); all
 * others (Set-Cookie, CORS, …) are dropped.
 */
export const PASSED_HEADERS: readonly string[] = Object.values(HEADERS)

/** The passed headers an answer of the service carries, as `[name, value]` pairs. */
export function passedHeaders(headers: HeaderSource): [string, string][] {
  // A loop, not flatMap: one array per call instead of one per header (on every forwarded call).
  const passed: [string, string][] = []
  for (const name of PASSED_HEADERS) {
    const value = headers.get(name)
    if (value !== null) passed.push([name, value])
  }
  return passed
}

/**
 * The headers of a call to the service, and only these: the browser's cookies, Authorization,
 * Host, X-Forwarded-* and any X-Auth-Token it sent are never forwarded (docs/security.md#f3).
 */
export function serviceHeaders(config: Config, accessToken: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'User-Agent': config.userAgent,
  }
  if (accessToken !== null) headers['X-Auth-Token'] = accessToken
  return headers
}

/** Where this sub-app is mounted (proxy.ts); the table's paths are below it. */
export const API_BASE = '/api/v2'

/**
 * Whether the service's answer goes back as it is: not a redirect (never followed,
 * docs/security.md#c3), not a failure of the service (a 502 instead), and not a 401 of a session's
 * call (the proxy first tells a missing scope from a dead token, scope-failure.ts). The fast lane
 * asks; the route below decides the same by its own branches, and fast-lane.test.ts holds the two
 * together (a redirect, a 500, a 401 of a session, each sent both ways).
 */
export function passesThrough(status: number, hasSession: boolean): boolean {
  if (status >= 300 && status < 400) return false
  if (status >= 500) return false
  return !(status === 401 && hasSession)
}

/** What a status means for the playground, in the inspector's words. */
function apiStatusNotes(status: number, hasSession: boolean): string[] {
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

export function createApiRoutes(ctx: ProxyContext) {
  const { config, cookies } = ctx
  const api = new Hono()

  api.all('*', async (c) => {
    const url = new URL(c.req.url)
    const match = matchForwardedCall(
      c.req.method,
      url.pathname.slice(API_BASE.length),
      url.searchParams,
    )
    if (!match.ok) {
      // RFC 9110 §15.5.6: a 405 lists the methods the resource allows.
      if (match.status === 405) c.header('Allow', match.allow.join(', '))
      return proxyError(c, match.status, 'not_allowed', match.message)
    }
    const { endpoint } = match
    const operation = requestLine(endpoint)
    // Before the session is read and before anything is sent: a bad body never costs a call.
    const body = await readApiBody(endpoint, c.req.raw)
    if (!body.ok) return proxyError(c, body.status, 'bad_request', body.message)

    const session = await cookies.readSession(c)
    if (endpoint.needsSession && session === null) {
      return proxyError(
        c,
        401,
        'not_connected',
        `${operation} needs a connected account: connect first.`,
      )
    }

    const headers = serviceHeaders(config, session?.accessToken ?? null)
    if (session !== null) addTraceSecrets(c, session.accessToken)

    // Re-serialised by readApiBody: the service gets the proxy's JSON, not the browser's bytes.
    if (body.json !== undefined) headers['Content-Type'] = 'application/json'
    const upstreamUrl = buildUpstreamUrl(config.baseUrl, match.path, match.search)
    // Built only for a request that asked for its trace (flow-trace.ts): the hot path skips it.
    const step = (
      outcome: TraceStep['outcome'],
      extraNotes: string[],
      response?: TraceStep['response'],
    ): TraceStep => ({
      kind: 'api',
      title: `API call: ${operation}`,
      outcome,
      notes: [
        session === null
          ? 'No session: sent without a token, as a public lookup.'
          : 'The proxy added the session’s token as X-Auth-Token; the browser sent none.',
        ...extraNotes,
      ],
      request: {
        method: endpoint.method,
        url: upstreamUrl.href,
        paramsIn: body.json === undefined ? 'query' : 'json',
        params: body.fields,
        headers: headerFields(headers),
      },
      ...(response === undefined ? {} : { response }),
    })
    const started = performance.now()
    let response
    try {
      // The fast lane may have sent this very call already (fast-lane.ts): never twice.
      response = await (takeHandover(c, upstreamUrl) ??
        ctx.upstream({
          method: endpoint.method,
          url: upstreamUrl,
          headers,
          ...(body.json === undefined ? {} : { body: body.json }),
          timeoutMs: config.upstreamTimeoutMs,
          maxBytes: MAX_UPSTREAM_BYTES,
        }))
    } catch (error) {
      addTraceStep(c, () => step('failed', ['The service did not answer: see the error below.']))
      return upstreamFailure(c, error, {
        name: 'The service',
        origin: config.baseUrl.origin,
        timeoutMs: config.upstreamTimeoutMs,
        next: 'The page retries by itself; try again in a moment.',
      })
    }

    for (const [name, value] of passedHeaders(response.headers)) c.header(name, value)
    const { status } = response
    const durationMs = Math.round(performance.now() - started)
    addTraceStep(c, () =>
      step(status < 400 ? 'passed' : 'failed', apiStatusNotes(status, session !== null), {
        status,
        durationMs,
        headers: pickHeaders(response.headers, PASSED_HEADERS),
        fields: [],
      }),
    )
    if (status >= 300 && status < 400) {
      // Never followed: the token would travel on to wherever it points (docs/security.md#c3).
      return proxyError(
        c,
        502,
        'upstream_invalid',
        `The service answered with a redirect (HTTP ${status}); the playground does not follow redirects.`,
      )
    }
    if (status >= 500) {
      return proxyError(
        c,
        502,
        'upstream_error',
        `The service failed (HTTP ${status}). Try again in a moment.`,
      )
    }
    // Checked to be JSON, then passed on as the service wrote it: no second serialisation.
    if (parseJsonOrUndefined(response.body) === undefined) {
      return proxyError(
        c,
        502,
        'upstream_invalid',
        `The service answered HTTP ${status} with a body that is not JSON.`,
      )
    }
    if (status === 401 && session !== null) {
      // A missing scope keeps the session; a dead token ends it (scope-failure.ts).
      await settleUpstream401(c, ctx, session, {
        endpoint,
        body: response.body,
        headers: response.headers,
        requestHeaders: headers,
      })
    }
    return c.body(response.body, status as ContentfulStatusCode, {
      'Content-Type': API_ANSWER_TYPE,
    })
  })

  return api
}
