/**
 * The emulator's two profiles, as data: each rule on which the seed spec and what is known of the
 * real service disagree is one named switch below, with the value each profile takes and the
 * evidence for it. The guards (api.ts, service-guard.ts) and the error renderer (errors.tsx) read
 * the rules of the request's profile; no handler asks which profile is on. docs/emulator.md
 * lists the same table with the test that covers each switch.
 *
 * - `seed`: the service as the seed spec (docs/service.md) describes it.
 * - `observed`: the service as its OpenAPI document (spec/yuque-openapi-2.0.1.json) and its
 *   clients show it today (docs/service.md#facts-of-the-real-service).
 */
import type { Zone } from './context'

export const PROFILE_NAMES = ['seed', 'observed'] as const
export type ProfileName = (typeof PROFILE_NAMES)[number]
export const DEFAULT_PROFILE: ProfileName = 'seed'

/** A request budget: `limit` requests per `windowMs`. */
export interface Budget {
  limit: number
  windowMs: number
}

/** How a token without the scope an endpoint needs is refused. */
export interface ScopeRefusal {
  status: 401 | 403
  /** The body's message; null: a sentence naming the needed scope and the token's scopes. */
  message: string | null
}

interface Rule<T> {
  /** What the switch decides, in a sentence. */
  readonly decides: string
  readonly seed: T
  readonly observed: T
  readonly evidence: { readonly seed: string; readonly observed: string }
}

const rule = <T>(r: Rule<T>): Rule<T> => r

const HOUR_MS = 3_600_000

export const PROFILE_RULES = {
  scopeRefusal: rule<ScopeRefusal>({
    decides: 'the status and message of a call whose token lacks the scope the endpoint needs',
    seed: { status: 403, message: null },
    observed: { status: 401, message: 'scope unauthorized' },
    evidence: {
      seed: 'the official docs’ older status list: 403 "缺少对应功能的权限" (docs/service.md#scope-failure-status)',
      observed:
        'yuque-openapi-2.0.1.json components.responses.401: "Token/Scope 未通过鉴权"; clients have printed the body message "scope unauthorized" (docs/service.md#scope-failure-status)',
    },
  }),
  everyCallNeedsToken: rule<boolean>({
    decides: 'whether public lookups (GET /users/{login}) also answer 401 without a token',
    seed: false,
    observed: true,
    evidence: {
      seed: 'docs/service.md#endpoints: GET /users/:login "not required for public data"; docs/service.md#token-header: "Public data needs no authentication"',
      observed:
        'yuque-openapi-2.0.1.json: global `security: [{"authToken": []}]` and no GET /users/{login} operation; "since about 2020 every API call needs a token" (docs/service.md#every-call-needs-a-token)',
    },
  }),
  anonymousBudget: rule<Budget | null>({
    decides: 'the budget of calls without a token, per address (null: the same budget as a user’s)',
    seed: null,
    observed: { limit: 200, windowMs: HOUR_MS },
    evidence: {
      seed: 'docs/service.md#rate-limits: "The numeric value of the rate limit, its time window and its scope per token or per address: not shown"',
      observed:
        '"anonymous callers had 200 requests an hour per address" (docs/service.md#every-call-needs-a-token)',
    },
  }),
  sendsRetryAfter: rule<boolean>({
    decides: 'whether a 429 answer carries Retry-After',
    seed: true,
    observed: false,
    evidence: {
      seed: 'RFC 6585 §4: a 429 MAY include Retry-After; the emulator tells clients when to retry',
      observed:
        '"No X-RateLimit-Reset and no Retry-After is documented" (docs/service.md#no-retry-after); yuque-openapi-2.0.1.json components.responses.429 declares no header',
    },
  }),
  userAgentRequiredIn: rule<readonly Zone[]>({
    decides:
      'which parts refuse a request without User-Agent (the API, the OAuth endpoints /oauth2/…, the website’s other pages)',
    seed: ['api', 'oauth2'],
    observed: ['api', 'oauth2', 'site'],
    evidence: {
      seed: 'docs/service.md#user-agent, the seed’s rule "Every request must carry a User-Agent header; a request without it is rejected", over the requests the seed describes (docs/service.md#requests): the API and the OAuth endpoints on {auth_url} (docs/service.md#endpoints); the website’s other pages are not among them',
      observed:
        'docs/service.md#user-agent, general request rules: "Every request must carry a User-Agent header; a request without it is rejected"',
    },
  }),
} as const

export type ProfileRules = {
  readonly [K in keyof typeof PROFILE_RULES]: (typeof PROFILE_RULES)[K]['seed']
}

function rulesFor(profile: ProfileName): ProfileRules {
  const table = PROFILE_RULES
  return {
    scopeRefusal: table.scopeRefusal[profile],
    everyCallNeedsToken: table.everyCallNeedsToken[profile],
    anonymousBudget: table.anonymousBudget[profile],
    sendsRetryAfter: table.sendsRetryAfter[profile],
    userAgentRequiredIn: table.userAgentRequiredIn[profile],
  }
}

/** Each profile's rules, built once from the table. */
export const PROFILES: Readonly<Record<ProfileName, ProfileRules>> = {
  seed: rulesFor('seed'),
  observed: rulesFor('observed'),
}

/**
 * Each profile's rules, with `budget` as the anonymous budget of a profile that has one of its
 * own (a config file's `rateLimit`, docs/emulator.md#config-file); `PROFILES` without one.
 */
export function rulesWithAnonymousBudget(
  budget: Budget | undefined,
): Readonly<Record<ProfileName, ProfileRules>> {
  if (budget === undefined) return PROFILES
  const withBudget = (rules: ProfileRules): ProfileRules =>
    rules.anonymousBudget === null ? rules : { ...rules, anonymousBudget: budget }
  return { seed: withBudget(PROFILES.seed), observed: withBudget(PROFILES.observed) }
}

export function isProfileName(value: string): value is ProfileName {
  return (PROFILE_NAMES as readonly string[]).includes(value)
}

/**
 * A configured profile name (EMULATOR_PROFILE, --profile) checked; `setting` names where it came
 * from in the error. Unset or empty means the default.
 */
export function parseProfile(value: string | undefined, setting: string): ProfileName {
  if (value === undefined || value === '') return DEFAULT_PROFILE
  if (isProfileName(value)) return value
  throw new Error(
    `${setting} must be ${PROFILE_NAMES.map((name) => `"${name}"`).join(' or ')}, not "${value.slice(0, 40)}".`,
  )
}
