/**
 * The user API under `/api/v2` (docs/service.md#requests, #token-header, #scopes, #rate-limits):
 * the `{data}` envelope, `{status, message}` errors (rendered by the one onError), the token
 * header, scope checks and the rate limit with its headers. Paths and scope needs come from the
 * endpoint table (src/protocol/endpoints.ts), the one the proxy and the web app read; how a refusal
 * looks comes from the request's profile (profiles.ts). The User-Agent is checked before this, and
 * before the call is counted (service-guard.ts).
 */
import { Hono } from 'hono'
import type { Context, MiddlewareHandler } from 'hono'
import { endpointById, type Endpoint } from '../../protocol/endpoints'
import { HEADERS } from '../../protocol/headers'
import { formatScopes, missingScopes } from '../../protocol/scopes'
import { createDocApi } from './docs'
import { createGroupApi } from './groups'
import type { ApiEnv, ApiKit } from './kit'
import { checkTableAgrees, honoPathOf, mountNotEmulated } from './not-emulated'
import { createRepoApi } from './repos'
import { createSearchApi } from './search'
import { createStatisticsApi } from './statistics'
import { createUserApi } from './users'
import { budgetOf, findCaller, showBudget, type Caller } from './caller'
import type { EmulatorDeps } from '../context'
import { EmulatorError } from '../emulator-error'
import type { ScopeRefusal } from '../profiles'
import { tokenFingerprint } from '../secrets'
import { requestUrl } from '../../protocol/request-url'

/** Query parameters that would carry a token in the URL (docs/security.md#c4). */
const TOKEN_QUERY_PARAMS = ['access_token', 'token']

/** The caller, or a 401 when the endpoint needs a token and none was sent. */
function requireCaller(c: Context<ApiEnv>): Caller {
  const caller = c.get('caller')
  if (caller === null) throw new EmulatorError(401, 'Unauthorized')
  return caller
}

/** A token without the needed scope, refused as the profile says (`scopeRefusal`). */
function scopeRefusal(refusal: ScopeRefusal, needed: string, caller: Caller): EmulatorError {
  const held = caller.token.scopes.length === 0 ? 'no scope' : formatScopes(caller.token.scopes)
  const explained = `This request needs the "${needed}" scope (or "${needed.replace(/:read$/, '')}"); the token has ${held}.`
  return new EmulatorError(refusal.status, refusal.message ?? explained)
}

/**
 * docs/service.md#scope-headers: announce the scope a call needs (X-Accepted-OAuth-Scopes), then
 * refuse a caller without a token (401) or whose token lacks it (as the profile says).
 */
function requireScope(c: Context<ApiEnv>, needed: string): void {
  c.header(HEADERS.acceptedScopes, needed)
  const caller = requireCaller(c)
  if (missingScopes(caller.token.scopes, [needed]).length > 0) {
    throw scopeRefusal(c.get('rules').scopeRefusal, needed, caller)
  }
}

/**
 * The scope the endpoint's row needs, checked before the handler runs (requireScope). A row that
 * needs no session still needs a token when the profile says every call does
 * (`everyCallNeedsToken`).
 */
function requireScopeOf(endpoint: Endpoint): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const needed = endpoint.scope
    const rules = c.get('rules')
    if (needed !== null) {
      requireScope(c, needed)
    } else if (endpoint.needsSession || rules.everyCallNeedsToken) {
      requireCaller(c)
    }
    await next()
  }
}

export function createApiRoutes(deps: EmulatorDeps): Hono<ApiEnv> {
  const api = new Hono<ApiEnv>()

  api.use('*', async (c, next) => {
    const log = c.get('log')
    const sent = c.req.header('X-Auth-Token')
    const caller = findCaller(deps, sent)
    c.set('caller', caller)
    if (sent !== undefined && sent !== '') log.tokenFingerprint = tokenFingerprint(sent)
    log.user = caller?.user.login ?? null

    // Nothing is awaited between reading and writing the counter, so counting is exact.
    const { key, budget } = budgetOf(deps, c, caller, c.get('rules'))
    const rate = deps.rateLimiter.consume(key, deps.now(), budget)
    showBudget(c, rate)
    if (caller !== null) c.header(HEADERS.oauthScopes, formatScopes(caller.token.scopes))

    if (!rate.allowed) {
      // The renderer drops Retry-After where the profile says the service sends none.
      throw new EmulatorError(429, 'Too Many Requests', {
        headers: { [HEADERS.retryAfter]: String(rate.retryAfterSeconds) },
      })
    }
    const url = requestUrl(c.req.url)
    const inQuery = TOKEN_QUERY_PARAMS.find((name) => url.searchParams.has(name))
    if (inQuery !== undefined) {
      throw new EmulatorError(
        400,
        `Send the token in the X-Auth-Token header. A token in the query string ("${inQuery}") is refused: URLs end up in logs, history and Referer headers.`,
      )
    }
    if (sent !== undefined && caller === null) throw new EmulatorError(401, 'Unauthorized')
    await next()
  })

  // One sub-app per tag of the document, over one model (docs/architecture.md#conventions: "As the
  // emulator grows").
  const handled = new Set<string>()
  const kit: ApiKit = {
    state: deps.model,
    origin: deps.origin,
    caller: requireCaller,
    requireScope,
    route(id) {
      const endpoint = endpointById(id)
      handled.add(id)
      const check = checkTableAgrees(id)
      const guard = requireScopeOf(endpoint)
      const checkThenGuard: MiddlewareHandler<ApiEnv> = (c, next) =>
        check(c, async () => {
          await guard(c, next)
        })
      return [honoPathOf(endpoint), checkThenGuard] as const
    },
  }
  // Docs before repos: `/repos/docs/{id}` and `/repos/{book_id}/docs` before `/repos/{login}/{slug}`.
  for (const sub of [
    createDocApi,
    createRepoApi,
    createUserApi,
    createGroupApi,
    createStatisticsApi,
    createSearchApi,
  ]) {
    api.route('/', sub(kit))
  }
  mountNotEmulated(api, handled)

  return api
}
