/**
 * The user API under `/api/v2` (spec §4, §5.1, §5.4, §8): the `{data}` envelope, `{status,
 * message}` errors (rendered by the one onError), the token header, scope checks and the rate
 * limit with its headers. Paths and scope needs come from the endpoint table
 * (src/protocol/endpoints.ts), the one the proxy and the web app read; how a refusal looks
 * comes from the request's profile (profiles.ts). The User-Agent is checked before this, and
 * before the call is counted (service-guard.ts).
 */
import { Hono } from 'hono'
import type { Context, MiddlewareHandler } from 'hono'
import { endpointById, type Endpoint, type EndpointId } from '../protocol/endpoints'
import { HEADERS } from '../protocol/headers'
import { formatScopes, missingScopes } from '../protocol/scopes'
import { parseUserKey } from '../protocol/user-key'
import { budgetOf, findCaller, showBudget, type Caller } from './caller'
import type { EmulatorDeps, EmulatorEnv } from './context'
import { EmulatorError } from './emulator-error'
import type { ScopeRefusal } from './profiles'
import { groupRecord, repoRecord, userRecord } from './records'
import type { SeedUser } from './seed'
import { tokenFingerprint } from './secrets'

type ApiEnv = EmulatorEnv & {
  Variables: EmulatorEnv['Variables'] & { caller: Caller | null }
}

/** Query parameters that would carry a token in the URL (checklist C4). */
const TOKEN_QUERY_PARAMS = ['access_token', 'token']

/** The Hono route of an endpoint: `/users/{login}/repos` → `/users/:login/repos`. */
function routeOf(endpoint: Endpoint): string {
  return endpoint.path.replace(/\{(\w+)\}/g, ':$1')
}

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
 * Spec §5.4 rule 5: announce the scope the endpoint's row needs (X-Accepted-OAuth-Scopes), then
 * check it before the handler runs. A row that needs no session still needs a token when the
 * profile says every call does (`everyCallNeedsToken`).
 */
function requireScopeOf(endpoint: Endpoint): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const needed = endpoint.scope
    const rules = c.get('rules')
    if (needed !== null) {
      c.header(HEADERS.acceptedScopes, needed)
      const caller = requireCaller(c)
      if (missingScopes(caller.token.scopes, [needed]).length > 0) {
        throw scopeRefusal(rules.scopeRefusal, needed, caller)
      }
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

  const findUser = (key: string): SeedUser => {
    const parsed = parseUserKey(key)
    const user = !parsed.ok
      ? undefined
      : parsed.key.kind === 'id'
        ? deps.directory.userById(parsed.key.id)
        : deps.directory.userByLogin(parsed.key.login)
    if (user === undefined) throw new EmulatorError(404, 'User not found')
    return user
  }

  /** The endpoint's row, its route and its guard, in one place. */
  const route = (id: EndpointId) => {
    const endpoint = endpointById(id)
    return [routeOf(endpoint), requireScopeOf(endpoint)] as const
  }

  api.get(...route('user.me'), (c) => {
    return c.json({ data: userRecord(requireCaller(c).user, deps.origin) })
  })

  api.get(...route('user.hello'), (c) => {
    return c.json({ data: { message: `Hello ${requireCaller(c).user.name}` } })
  })

  api.get(...route('user.show'), (c) => {
    return c.json({ data: userRecord(findUser(c.req.param('login') ?? ''), deps.origin) })
  })

  api.get(...route('repo.listByUser'), (c) => {
    const caller = requireCaller(c)
    const owner = findUser(c.req.param('login') ?? '')
    // Spec §5.4 rule 4: scopes never grant more than the user may see; only owners see private repos.
    const isOwner = caller.user.id === owner.id
    const repos = owner.repos.filter((repo) => isOwner || repo.public !== 0)
    return c.json({ data: repos.map((repo) => repoRecord(repo, owner, deps.origin)) })
  })

  api.get(...route('group.listByUser'), (c) => {
    const caller = requireCaller(c)
    const member = findUser(c.req.param('id') ?? '')
    const isSelf = caller.user.id === member.id
    const groups = deps.directory.groupsOf(member).filter((group) => isSelf || group.public !== 0)
    return c.json({ data: groups.map((group) => groupRecord(group, deps.origin)) })
  })

  return api
}
