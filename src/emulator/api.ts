/**
 * The user API under `/api/v2` (spec §4, §5.1, §5.4, §8): the `{data}` envelope, `{status,
 * message}` errors, the token header, scope checks and the rate limit with its headers.
 */
import { Hono } from 'hono'
import type { Context } from 'hono'
import { HEADERS } from '../protocol/headers'
import { formatScopes, missingScopes } from '../protocol/scopes'
import { parseUserKey } from '../protocol/user-key'
import type { EmulatorDeps, EmulatorEnv } from './context'
import { apiError } from './errors'
import { groupRecord, repoRecord, userRecord } from './records'
import type { SeedUser } from './seed'
import { tokenFingerprint } from './secrets'
import type { TokenRecord } from './store'

interface Caller {
  user: SeedUser
  token: TokenRecord
}

type ApiEnv = EmulatorEnv & {
  Variables: EmulatorEnv['Variables'] & { caller: Caller | null }
}

/** Query parameters that would carry a token in the URL (checklist C4). */
const TOKEN_QUERY_PARAMS = ['access_token', 'token']

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
      return apiError(c, 429, 'Too Many Requests', {
        [HEADERS.retryAfter]: String(rate.retryAfterSeconds),
      })
    }
    if (c.req.header('User-Agent') === undefined) {
      return apiError(c, 403, 'Forbidden: a User-Agent header is required on every request.')
    }
    const url = new URL(c.req.url)
    const inQuery = TOKEN_QUERY_PARAMS.find((name) => url.searchParams.has(name))
    if (inQuery !== undefined) {
      return apiError(
        c,
        400,
        `Send the token in the X-Auth-Token header. A token in the query string ("${inQuery}") is refused: URLs end up in logs, history and Referer headers.`,
      )
    }
    if (sent !== undefined && caller === null) return apiError(c, 401, 'Unauthorized')
    await next()
  })

  /** The caller, or a 401 answer when the endpoint needs a token and none was sent. */
  const requireCaller = (c: Context<ApiEnv>): Caller | Response =>
    c.get('caller') ?? apiError(c, 401, 'Unauthorized')

  /** Spec §5.4 rule 5: announce the needed scope, then check it. */
  const requireScope = (c: Context<ApiEnv>, needed: string): Caller | Response => {
    c.header(HEADERS.acceptedScopes, needed)
    const caller = requireCaller(c)
    if (caller instanceof Response) return caller
    const missing = missingScopes(caller.token.scopes, [needed])
    if (missing.length > 0) {
      const held = caller.token.scopes.length === 0 ? 'no scope' : formatScopes(caller.token.scopes)
      return apiError(
        c,
        403,
        `This request needs the "${needed}" scope (or "${needed.replace(/:read$/, '')}"); the token has ${held}.`,
      )
    }
    return caller
  }

  const findUser = (key: string): SeedUser | undefined => {
    const parsed = parseUserKey(key)
    if (!parsed.ok) return undefined
    return parsed.key.kind === 'id'
      ? deps.directory.userById(parsed.key.id)
      : deps.directory.userByLogin(parsed.key.login)
  }

  const userNotFound = (c: Context<ApiEnv>) => apiError(c, 404, 'User not found')

  api.get('/user', (c) => {
    const caller = requireCaller(c)
    if (caller instanceof Response) return caller
    return c.json({ data: userRecord(caller.user, deps.origin) })
  })

  api.get('/hello', (c) => {
    const caller = requireCaller(c)
    if (caller instanceof Response) return caller
    return c.json({ data: { message: `Hello ${caller.user.name}` } })
  })

  api.get('/users/:key', (c) => {
    const user = findUser(c.req.param('key'))
    if (user === undefined) return userNotFound(c)
    return c.json({ data: userRecord(user, deps.origin) })
  })

  api.get('/users/:key/repos', (c) => {
    const caller = requireScope(c, 'repo:read')
    if (caller instanceof Response) return caller
    const owner = findUser(c.req.param('key'))
    if (owner === undefined) return userNotFound(c)
    // Spec §5.4 rule 4: scopes never grant more than the user may see; only owners see private repos.
    const isOwner = caller.user.id === owner.id
    const repos = owner.repos.filter((repo) => isOwner || repo.public !== 0)
    return c.json({ data: repos.map((repo) => repoRecord(repo, owner, deps.origin)) })
  })

  api.get('/users/:key/groups', (c) => {
    const caller = requireScope(c, 'group:read')
    if (caller instanceof Response) return caller
    const member = findUser(c.req.param('key'))
    if (member === undefined) return userNotFound(c)
    const isSelf = caller.user.id === member.id
    const groups = deps.directory.groupsOf(member).filter((group) => isSelf || group.public !== 0)
    return c.json({ data: groups.map((group) => groupRecord(group, deps.origin)) })
  })

  return api
}
