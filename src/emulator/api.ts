/**
 * The user API under `/api/v2` (spec §4, §5.1, §5.4, §8): the `{data}` envelope, `{status,
 * message}` errors (rendered by the one onError), the token header, scope checks and the rate
 * limit with its headers. Paths and scope needs come from the endpoint table
 * (src/protocol/endpoints.ts), the one the proxy and the web app read.
 */
import { Hono } from 'hono'
import type { Context, MiddlewareHandler } from 'hono'
import { endpointById, type Endpoint } from '../protocol/endpoints'
import { HEADERS } from '../protocol/headers'
import { formatScopes, missingScopes } from '../protocol/scopes'
import { createDocApi } from './api/docs'
import { createGroupApi } from './api/groups'
import type { ApiEnv, ApiKit, Caller } from './api/kit'
import { checkTableAgrees, honoPathOf, mountNotEmulated } from './api/not-emulated'
import { createRepoApi } from './api/repos'
import { createSearchApi } from './api/search'
import { createStatisticsApi } from './api/statistics'
import { createUserApi } from './api/users'
import type { EmulatorDeps } from './context'
import { EmulatorError } from './emulator-error'
import { createModel } from './model/create-model'
import { tokenFingerprint } from './secrets'

/** Query parameters that would carry a token in the URL (checklist C4). */
const TOKEN_QUERY_PARAMS = ['access_token', 'token']

/** The caller, or a 401 when the endpoint needs a token and none was sent. */
function requireCaller(c: Context<ApiEnv>): Caller {
  const caller = c.get('caller')
  if (caller === null) throw new EmulatorError(401, 'Unauthorized')
  return caller
}

/**
 * Spec §5.4 rule 5: announce the scope the endpoint's row needs (X-Accepted-OAuth-Scopes), then
 * check it before the handler runs.
 */
function requireScopeOf(endpoint: Endpoint): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const needed = endpoint.scope
    if (needed !== null) {
      c.header(HEADERS.acceptedScopes, needed)
      const caller = requireCaller(c)
      if (missingScopes(caller.token.scopes, [needed]).length > 0) {
        const held =
          caller.token.scopes.length === 0 ? 'no scope' : formatScopes(caller.token.scopes)
        throw new EmulatorError(
          403,
          `This request needs the "${needed}" scope (or "${needed.replace(/:read$/, '')}"); the token has ${held}.`,
        )
      }
    } else if (endpoint.needsSession) {
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
    const token = sent === undefined || sent === '' ? undefined : deps.store.findToken(sent)
    const user = token === undefined ? undefined : deps.directory.userById(token.userId)
    const caller = token !== undefined && user !== undefined ? { user, token } : null
    c.set('caller', caller)
    if (sent !== undefined && sent !== '') log.tokenFingerprint = tokenFingerprint(sent)
    log.user = caller?.user.login ?? null

    // Spec §8 and design.md: one budget per user, whichever token is used; per address otherwise.
    // Nothing is awaited between reading and writing the counter, so counting is exact.
    const key = caller === null ? `address:${deps.clientAddress(c)}` : `user:${caller.user.id}`
    const rate = deps.rateLimiter.consume(key, deps.now())
    c.header(HEADERS.rateLimit, String(rate.limit))
    c.header(HEADERS.rateRemaining, String(rate.remaining))
    if (caller !== null) c.header(HEADERS.oauthScopes, formatScopes(caller.token.scopes))

    if (!rate.allowed) {
      throw new EmulatorError(429, 'Too Many Requests', {
        headers: { [HEADERS.retryAfter]: String(rate.retryAfterSeconds) },
      })
    }
    if (c.req.header('User-Agent') === undefined) {
      throw new EmulatorError(403, 'Forbidden: a User-Agent header is required on every request.')
    }
    const url = new URL(c.req.url)
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

  // One sub-app per tag of the document, over one model (conventions: "As the emulator grows").
  const handled = new Set<string>()
  const kit: ApiKit = {
    state: createModel({
      users: deps.directory.users,
      groups: deps.directory.groups,
      now: deps.now,
    }),
    origin: deps.origin,
    caller: requireCaller,
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
