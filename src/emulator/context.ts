/**
 * What every part of the emulator shares: its dependencies (clock, randomness, state) and the
 * per-request values the request log collects.
 */
import type { Context } from 'hono'
import { SCOPES } from '../protocol/scopes'
import type { PageLocale } from './pages/page-locale'
import type { PkceMode } from './oauth/pkce'
import type { ProfileName, ProfileRules } from './profiles'
import type { RateLimiter } from './api/rate-limit'
import type { FailureThrottle } from './oauth/throttle'
import type { Directory } from './api/records'
import type { ModelState } from './model/state'
import type { AppRegistration } from './seed'
import type { RandomFill } from '../protocol/client-code'
import type { Store } from './store'

export interface LogDraft {
  grantType: string | null
  clientId: string | null
  hasClientSecret: boolean
  user: string | null
  tokenFingerprint: string | null
  fault: boolean
}

export interface EmulatorEnv {
  /**
   * `nonce`: the page's CSP nonce, set once per request by a middleware (page-shell.tsx).
   * `rules`: the rules of the profile on when the request arrived (profiles.ts).
   * `locale`, `chosenLang`: the pages' language, and the one the user chose if any (page-locale.ts).
   * `space`: the enterprise space the request is answered for, null on the main site
   * (tenant-app.ts).
   */
  Variables: {
    log: LogDraft
    nonce: string
    rules: ProfileRules
    locale: PageLocale
    chosenLang: PageLocale | null
    space: SpaceOfRequest | null
  }
}

/** An enterprise space as its pages name it (docs/emulator.md#enterprise-spaces). */
export interface SpaceOfRequest {
  label: string
  /** Its display name, such as "Acme Corp". */
  name: string
  /** Its host, such as `acme.localhost:4010`. */
  host: string
}

export type EmulatorContext = Context<EmulatorEnv>

export interface EmulatorDeps {
  /** The emulator's clock: the injected clock plus the test-control offset. */
  now(): number
  random: RandomFill
  origin: string
  /**
   * The apps, the users and the model as they are now: a reset builds them again from the seed
   * (emulator-state.ts), so they are read when a request needs them.
   */
  readonly apps: ReadonlyMap<string, AppRegistration>
  readonly directory: Directory
  readonly model: ModelState
  store: Store
  rateLimiter: RateLimiter
  clientAddress(c: Context): string
  readonly pkce: PkceMode
  /** The profile on now (profiles.ts); test control switches it. */
  readonly profile: ProfileName
  /** Failed password and client-secret guesses (docs/security.md#em4: throttle guessing). */
  guesses: FailureThrottle
  /** A headless approval at the authorize endpoint (oauth/authorize.ts), or null: the pages. */
  readonly autoApprove: AutoApprove | null
}

/**
 * The authorize endpoint approves every valid authorization-code request as `login`, redirecting
 * straight back with a code (docs/emulator.md#config-file), as navikt's mock-oauth2-server's
 * headless login does.
 */
export interface AutoApprove {
  login: string
  /** What the user approves: the requested scopes these cover. Absent: every requested scope. */
  scopes?: string[] | undefined
}

/** RFC 6749 §4.1.2 recommends at most 10 minutes for authorization codes. */
export const CODE_TTL_MS = 10 * 60 * 1000
/** How long a started authorization (sign-in and consent pages) stays answerable. */
export const PENDING_TTL_MS = 10 * 60 * 1000
/** The client-code flow's `timestamp` must be this close to the emulator's clock. */
export const TIMESTAMP_WINDOW_MS = 10 * 60 * 1000
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000
export const MAX_BODY_BYTES = 64 * 1024

export const SESSION_COOKIE = 'emu_session'
/** The sign-in form's double-submit CSRF cookie (sessions.ts). */
export const SIGN_IN_COOKIE = 'emu_sign_in'
export const TOKEN_PREFIX = 'emu_at_'

export type Area = 'api' | 'token' | 'control' | 'page'

/**
 * docs/service.md#user-agent: every request carries a User-Agent; an empty one says nothing, so it
 * counts as none.
 */
export function hasUserAgent(c: Context): boolean {
  return (c.req.header('User-Agent') ?? '').trim() !== ''
}

/** Which error shape a path answers with. */
export function areaOf(path: string): Area {
  if (path === '/api/v2' || path.startsWith('/api/v2/')) return 'api'
  if (path === '/oauth2/token') return 'token'
  if (path.startsWith('/__emulator/')) return 'control'
  return 'page'
}

/**
 * Where a request goes, for the rules that cover part of the emulator (profiles.ts,
 * `userAgentRequiredIn`): the API, the OAuth endpoints the seed lists (`/oauth2/…`: authorize with
 * its sign-in and consent steps, and token; docs/service.md#endpoints), or the website's other
 * pages (the sign-in posts, personal tokens, avatars). Test control is none of them.
 */
export type Zone = 'api' | 'oauth2' | 'site'

export function zoneOf(path: string): Zone | null {
  const area = areaOf(path)
  if (area === 'control') return null
  if (area === 'api') return 'api'
  return path.startsWith('/oauth2/') ? 'oauth2' : 'site'
}

/**
 * The scopes an app may request (docs/service.md#operator-approved-scopes: `attach_upload` only
 * when enabled).
 */
export function allowedScopesOf(app: AppRegistration): string[] {
  return app.allowedScopes ?? SCOPES.filter((scope) => !scope.needsApproval).map((s) => s.name)
}
