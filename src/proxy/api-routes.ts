/**
 * `/api/v2/*`: forwards the allow-listed calls to the configured service with the session's
 * token, and passes back status, body and the headers the app shows (design.md, "API calls").
 */
import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { SESSION_HEADER } from '../protocol/playground-api'
import { MAX_UPSTREAM_BYTES, type ProxyContext } from './context'
import { buildUpstreamUrl, matchAllowedRoute } from './allow-list'
import { proxyError, upstreamFailure } from './http-errors'
import { parseJsonOrUndefined } from './json-body'

/** Response headers passed back to the browser; all others (Set-Cookie, CORS, …) are dropped. */
const PASSED_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-OAuth-Scopes',
  'X-Accepted-OAuth-Scopes',
  'Retry-After',
] as const

const API_PREFIX = '/api/v2/'

export function createApiRoutes(ctx: ProxyContext) {
  const { config, cookies } = ctx
  const api = new Hono()

  api.all('*', async (c) => {
    const url = new URL(c.req.url)
    const match = matchAllowedRoute(
      c.req.method,
      url.pathname.slice(API_PREFIX.length),
      url.searchParams,
    )
    if (!match.ok) {
      if (match.status === 405) c.header('Allow', 'GET')
      return proxyError(c, match.status, 'not_allowed', match.message)
    }

    const session = await cookies.readSession(c)
    if (match.route.needsSession && session === null) {
      return proxyError(
        c,
        401,
        'not_connected',
        `GET /${match.route.pattern} needs a connected account: connect first.`,
      )
    }

    // Only these headers go out: the browser's cookies, Authorization, Host, X-Forwarded-* and
    // any X-Auth-Token it sent are never forwarded (checklist F3).
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': config.userAgent,
    }
    if (session !== null) headers['X-Auth-Token'] = session.accessToken

    let response
    try {
      response = await ctx.upstream({
        method: 'GET',
        url: buildUpstreamUrl(config.baseUrl, match.path, match.search),
        headers,
        timeoutMs: config.upstreamTimeoutMs,
        maxBytes: MAX_UPSTREAM_BYTES,
      })
    } catch (error) {
      return upstreamFailure(c, error, {
        name: 'The service',
        origin: config.baseUrl.origin,
        timeoutMs: config.upstreamTimeoutMs,
        next: 'The page retries by itself; try again in a moment.',
      })
    }

    for (const name of PASSED_HEADERS) {
      const value = response.headers.get(name)
      if (value !== null) c.header(name, value)
    }
    const { status } = response
    if (status >= 300 && status < 400) {
      // Never followed: the token would travel on to wherever it points (checklist C3).
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
      // The service no longer accepts the token: the session ends with it (checklist D5, F5).
      cookies.clearSession(c)
      c.header(SESSION_HEADER, 'ended')
    }
    return c.body(response.body, status as ContentfulStatusCode, {
      'Content-Type': 'application/json; charset=UTF-8',
    })
  })

  return api
}
