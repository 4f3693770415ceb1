/**
 * Per-request failure injection, with test control on only: an API call (`/api/v2/*`) carrying
 * `Prefer: code=429` is answered with that status, in the API's `{status, message}` shape and the
 * profile's (a 429 with the profile's Retry-After, errors.tsx), with the X-RateLimit headers
 * every API answer has, without doing the call and without counting it. The same header asks the
 * same of Stoplight Prism; Prefer itself is RFC 7240, and `Preference-Applied` (RFC 7240 §3)
 * says it was honoured. Without test control the header is ignored, as a server ignores a preference it does
 * not support (RFC 7240 §2). The playground's proxy never forwards it (src/proxy/api/api-routes.ts,
 * `serviceHeaders`): a page cannot inject faults through the playground.
 *
 * It runs after the service's own checks (a call without User-Agent is refused as before,
 * service-guard.ts) and after queued faults (faults.ts), which win.
 */
import type { MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { HEADERS } from '../../protocol/headers'
import { budgetOf, findCaller, showBudget } from '../api/caller'
import { areaOf, type EmulatorDeps, type EmulatorEnv } from '../context'
import { EmulatorError, excerpt } from '../emulator-error'
import { tokenFingerprint } from '../secrets'

/**
 * The value of the first `code` preference (RFC 7240 §2: a preference given twice counts once,
 * the first), quotes removed; '' for a bare `code`; null without one.
 */
function preferredCode(header: string): string | null {
  for (const preference of header.split(',')) {
    const [token = ''] = preference.split(';')
    const equals = token.indexOf('=')
    const name = (equals < 0 ? token : token.slice(0, equals)).trim().toLowerCase()
    if (name !== 'code') continue
    return equals < 0
      ? ''
      : token
          .slice(equals + 1)
          .trim()
          .replace(/^"(.*)"$/, '$1')
  }
  return null
}

/** The emulator's own message where it has one for the status, so a client sees what it would. */
function messageOf(status: number): string {
  if (status === 429) return 'Too Many Requests'
  if (status === 401) return 'Unauthorized'
  return `Injected fault (${status})`
}

export function servePreferredStatus(deps: EmulatorDeps): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    if (areaOf(c.req.path) !== 'api') return next()
    const header = c.req.header('Prefer')
    const code = header === undefined ? null : preferredCode(header)
    if (code === null) return next()
    if (!/^[45][0-9][0-9]$/.test(code)) {
      throw new EmulatorError(
        400,
        `Prefer: code=${excerpt(code, 20)} cannot be injected: ask for an error status from 400 to 599, such as "Prefer: code=429".`,
      )
    }
    const status = Number(code) as ContentfulStatusCode
    const log = c.get('log')
    log.fault = true
    const sent = c.req.header('X-Auth-Token')
    const caller = findCaller(deps, sent)
    log.user = caller?.user.login ?? null
    if (sent !== undefined && sent !== '') log.tokenFingerprint = tokenFingerprint(sent)
    // The budget as it stands: an injected answer spends none of it.
    const { key, budget } = budgetOf(deps, c, caller, c.get('rules'))
    const rate = deps.rateLimiter.peek(key, deps.now(), budget)
    showBudget(c, status === 429 ? { limit: rate.limit, remaining: 0 } : rate)
    c.header('Preference-Applied', `code=${status}`)
    // The renderer drops Retry-After where the profile says the service sends none.
    const headers =
      status === 429 ? { [HEADERS.retryAfter]: String(rate.retryAfterSeconds) } : undefined
    throw new EmulatorError(status, messageOf(status), headers === undefined ? {} : { headers })
  }
}
