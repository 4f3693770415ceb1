/**
 * What the service checks of every request before any route, in this order: the User-Agent
 * (docs/service.md#user-agent), refused before the call is counted against the rate limit, in the
 * parts the profile names (profiles.ts, `userAgentRequiredIn`); and the rate-limit headers on the
 * answers that are not counted (docs/service.md#rate-limits: "Every response carries the headers
 * X-RateLimit-Limit and X-RateLimit-Remaining"): the OAuth endpoints' (`/oauth2/…`: the token
 * endpoint, the authorize, sign-in and consent pages), the sign-in form's posts, and an API call
 * refused for its User-Agent. They show the caller's budget without spending it. The API's own
 * middleware (api.ts) counts the calls it lets through and overwrites them.
 */
import type { MiddlewareHandler } from 'hono'
import { budgetOf, findCaller, showBudget } from './caller'
import {
  areaOf,
  hasUserAgent,
  zoneOf,
  type Area,
  type EmulatorDeps,
  type EmulatorEnv,
} from '../context'
import { EmulatorError } from '../emulator-error'

const USER_AGENT_REQUIRED =
  'A User-Agent header is required on every request (an empty one counts as none); send one that names your app, such as "my-app/1.0".'

/** The refusal in the area's terms: RFC 6749 §5.2 `invalid_request` (400) at the token endpoint. */
function userAgentRefusal(area: Area): EmulatorError {
  if (area === 'token') {
    return new EmulatorError(400, USER_AGENT_REQUIRED, { oauthError: 'invalid_request' })
  }
  return new EmulatorError(403, USER_AGENT_REQUIRED, {
    title: 'User-Agent required',
    hint: 'Browsers send one by themselves; a script or a command-line client must set it.',
  })
}

/**
 * The pages of the authorization flow beside `/oauth2/…`: the sign-in form posts to `/session`
 * (sign-in.ts), whose answer is the sign-in page again or the way on to consent.
 */
const isSignInPost = (path: string) => path === '/session' || path === '/session/end'

export function guardService(deps: EmulatorDeps): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    const { path } = c.req
    const area = areaOf(path)
    const zone = zoneOf(path)
    const rules = c.get('rules')
    const isRefused = zone !== null && rules.userAgentRequiredIn.includes(zone) && !hasUserAgent(c)
    const showsBudget = zone === 'api' ? isRefused : zone === 'oauth2' || isSignInPost(path)
    if (showsBudget) {
      const caller = area === 'api' ? findCaller(deps, c.req.header('X-Auth-Token')) : null
      const { key, budget } = budgetOf(deps, c, caller, rules)
      showBudget(c, deps.rateLimiter.peek(key, deps.now(), budget))
    }
    if (isRefused) throw userAgentRefusal(area)
    await next()
  }
}
