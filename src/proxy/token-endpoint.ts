/**
 * The one way the proxy calls the service's token endpoint (`POST {auth_url}/oauth2/token`,
 * form-encoded as RFC 6749 §4.1.3 asks), for both grants, with the upstream client's time-out,
 * size cap and no redirects.
 */
import type { Context } from 'hono'
import { MAX_UPSTREAM_BYTES, type ProxyContext } from './context'
import { upstreamFailure } from './http-errors'
import type { UpstreamResponse } from './upstream'

export type TokenCall =
  | { ok: true; response: UpstreamResponse; durationMs: number }
  | { ok: false; failure: Response; durationMs: number }

/** The headers of every token request, also shown by the flow inspector as they were sent. */
export function tokenRequestHeaders(config: ProxyContext['config']): Record<string, string> {
  return {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
    'User-Agent': config.userAgent,
  }
}

/**
 * Sends one token request. A failure to get an answer becomes the proxy's error response, whose
 * text ends with `next` (what the user should do now).
 */
export async function callTokenEndpoint(
  ctx: ProxyContext,
  c: Context,
  params: Record<string, string>,
  next: string,
): Promise<TokenCall> {
  const { config } = ctx
  const started = performance.now()
  try {
    const response = await ctx.upstream({
      method: 'POST',
      url: new URL('/oauth2/token', config.authUrl),
      headers: tokenRequestHeaders(config),
      body: new URLSearchParams(params).toString(),
      timeoutMs: config.upstreamTimeoutMs,
      maxBytes: MAX_UPSTREAM_BYTES,
    })
    return { ok: true, response, durationMs: performance.now() - started }
  } catch (error) {
    const failure = upstreamFailure(c, error, {
      name: "The service's token endpoint",
      origin: config.authUrl.origin,
      timeoutMs: config.upstreamTimeoutMs,
      next,
    })
    return { ok: false, failure, durationMs: performance.now() - started }
  }
}
