/**
 * The emulator of the Yuque Open API v2 and its OAuth 2.0 authorization server, built by a pure
 * factory: no I/O and no environment access here, everything comes in through the options. It
 * answers the main site on its origin and each enterprise space on the space's subdomain
 * (src/protocol/space-host.ts), each a tenant with its own world (emulator-state.ts) and its own
 * copy of the routes (tenant-app.ts); docs/emulator.md#enterprise-spaces.
 */
import { Hono } from 'hono'
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { AutoApprove, EmulatorDeps, SpaceOfRequest } from './context'
import type { PkceMode } from './oauth/pkce'
import { DEFAULT_PROFILE, rulesWithAnonymousBudget, type ProfileName } from './profiles'
import { createAccounts } from './control/accounts'
import { seedApps, seedGroups, seedUsers } from './seed'
import type { AppRegistration, SeedGroup, SeedUser } from './seed'
import { seedSpaces } from './seed-space'
import { NO_CONTENT } from './model/seed-content'
import type { RandomFill } from '../protocol/client-code'
import { hostTenantReader, spaceOrigin, type HostTenant } from '../protocol/space-host'
import { cryptoRandom } from './secrets'
import { DEFAULT_RATE_LIMIT } from './api/rate-limit'
import {
  createEmulatorState,
  type EmulatorState,
  type TenantSeed,
  type TenantState,
} from './emulator-state'
import { populateFrom, type ConfigFileOptions, type SpaceOptions } from './seed-additions'
import type { EmulatorControl, FaultInput } from './control/test-control'
import { FaultSchema, FaultTagSchema } from './control/fault-schema'
import { GUESS_LIMIT, type FailureThrottleOptions } from './oauth/throttle'
import { createTenantApp } from './tenant-app'

export type { AppRegistration, SeedGroup, SeedUser } from './seed'
export type { EmulatorControl, FaultInput } from './control/test-control'
export type { ProfileName } from './profiles'
export type { ConfigFileOptions, SpaceOptions } from './seed-additions'
export type { RequestLogEntry } from './control/request-log'
/** For tests that check which token reached the emulator: the log's `tokenFingerprint`. */
export { tokenFingerprint } from './secrets'

/** `ConfigFileOptions`: what a config file sets beyond these (docs/emulator.md#config-file). */
export interface EmulatorOptions extends ConfigFileOptions {
  /** ms since the epoch; every time check uses it (plus the test-control offset). */
  clock?: () => number
  /** A CSPRNG filling the array it is given. */
  random?: RandomFill
  users?: SeedUser[]
  groups?: SeedGroup[]
  apps?: AppRegistration[]
  /** Default: 5000 requests per hour (docs/service.md#rate-limit-per-user). */
  rateLimit?: { limit: number; windowMs: number }
  /** The emulator's public origin, for absolute URLs such as `avatar_url`. */
  origin?: string
  /**
   * Other `host[:port]` values a request may name besides the origin's (start.ts: the loopback
   * names of the bound port, so `localhost:<port>` works beside `127.0.0.1:<port>`).
   */
  otherHosts?: readonly string[]
  /** Enables `/__emulator/*`; never on by default. */
  testControl?: boolean
  /** Addresses and CIDR ranges (`10.0.0.0/8`) `/__emulator/*` answers besides loopback. */
  controlFrom?: readonly string[]
  /** The key of anonymous rate limits. Default: the socket's address, or 'unknown' without one. */
  clientAddress?: (c: Context) => string
  /** Receives one redacted line per request. */
  log?: (line: string) => void
  /** PKCE at the authorize and token endpoints (pkce.ts). Default `off`, as Yuque documents none. */
  pkce?: PkceMode
  /** Failed password and client-secret guesses allowed per window (throttle.ts). */
  guessLimit?: FailureThrottleOptions
  /** Which service to behave like (profiles.ts). Default `seed`; test control switches it. */
  profile?: ProfileName
}

export interface Emulator {
  app: Hono
  control: EmulatorControl
}

export const DEFAULT_ORIGIN = 'http://127.0.0.1:4010'

function socketClientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** The test control of one tenant: its world's parts, and the emulator's shared switches. */
function tenantControl(
  state: EmulatorState,
  tenant: TenantState,
  random: RandomFill,
  spaceControl: (label: string) => EmulatorControl,
): EmulatorControl {
  const accounts = createAccounts(tenant, random)
  return {
    reset: () => state.reset(),
    advanceClock(ms) {
      state.clockOffset += ms
    },
    now: state.now,
    revokeToken: (token) => tenant.store.revokeToken(token),
    queueFault(input: FaultInput) {
      const fault = FaultSchema.parse(input)
      tenant.store.faults.push({
        method: fault.method ?? null,
        path: fault.path,
        status: fault.status ?? null,
        body: fault.body,
        headers: fault.headers ?? {},
        delayMs: fault.delayMs ?? 0,
        redirectTo: fault.redirectTo ?? null,
        drop: fault.drop ?? false,
        remaining: fault.times ?? 1,
        tag: fault.tag ?? null,
      })
    },
    clearFaults(tag) {
      tenant.store.dropFaults(tag === undefined ? undefined : FaultTagSchema.parse(tag))
    },
    settings: () => ({
      profile: state.profile,
      pkce: state.pkce,
      now: new Date(state.now()).toISOString(),
    }),
    requestLog: () => tenant.requestLog.entries(),
    clearLog: () => tenant.requestLog.clear(),
    setPkceMode(mode) {
      state.pkce = mode
    },
    setProfile(profile) {
      state.profile = profile
    },
    issueToken: (input) => accounts.issueToken(input),
    addApp: (input) => accounts.addApp(input),
    addUser: (input) => accounts.addUser(input),
    snapshot: () => state.snapshot(),
    space: spaceControl,
  }
}

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const random = options.random ?? cryptoRandom
  const origin = (options.origin ?? DEFAULT_ORIGIN).replace(/\/+$/, '')
  const clock = options.clock ?? Date.now
  const spaces: readonly SpaceOptions[] = options.spaces ?? seedSpaces()
  const labels = spaces.map((space) => space.label)
  const twice = labels.find((label, i) => labels.indexOf(label) !== i)
  if (twice !== undefined) throw new Error(`spaces: the label "${twice}" is given twice`)
  // Functions: every reset starts from fresh copies, never from objects a test has changed.
  const spaceSeeds = new Map<string, TenantSeed>(
    spaces.map((space) => [
      space.label,
      {
        seed: () =>
          structuredClone({
            users: space.users,
            groups: space.groups,
            apps: space.apps,
            content: space.content ?? NO_CONTENT,
          }),
        populate: populateFrom({ ...options, additions: space.additions }, clock),
      },
    ]),
  )
  const state = createEmulatorState({
    seed: () => ({
      users: structuredClone(options.users ?? seedUsers),
      groups: structuredClone(options.groups ?? seedGroups),
      apps: structuredClone(options.apps ?? seedApps()),
    }),
    populate: populateFrom(options, clock),
    spaces: spaceSeeds,
    clock,
    clockStart: options.clockStart,
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    guessLimit: options.guessLimit ?? GUESS_LIMIT,
    pkce: options.pkce ?? 'off',
    profile: options.profile ?? DEFAULT_PROFILE,
  })
  const rulesOf = rulesWithAnonymousBudget(options.anonymousBudget)
  const clientAddress = options.clientAddress ?? socketClientAddress

  // What a reset rebuilds is read through the tenant's state at request time.
  const depsOf = (
    tenant: TenantState,
    tenantOrigin: string,
    autoApprove: AutoApprove | undefined,
  ): EmulatorDeps => ({
    now: state.now,
    random,
    origin: tenantOrigin,
    get apps() {
      return tenant.apps
    },
    get directory() {
      return tenant.directory
    },
    model: tenant.model,
    store: tenant.store,
    rateLimiter: tenant.rateLimiter,
    clientAddress,
    get pkce() {
      return state.pkce
    },
    get profile() {
      return state.profile
    },
    guesses: tenant.guesses,
    autoApprove: autoApprove ?? null,
  })

  // Whom a Host names: the public origin's host, or the loopback names of the bound port
  // (`otherHosts`), each with its spaces' subdomains (src/protocol/space-host.ts).
  const readers = [origin, ...(options.otherHosts ?? []).map((host) => `http://${host}`)].map(
    (named) => hostTenantReader(named, labels),
  )
  const hostTenant = (host: string): HostTenant => {
    let verdict: HostTenant = { kind: 'foreign' }
    for (const read of readers) {
      verdict = read(host)
      if (verdict.kind !== 'foreign') return verdict
    }
    return verdict
  }

  const controls = new Map<string, EmulatorControl>()
  const spaceControl = (label: string) => {
    const control = controls.get(label)
    if (control === undefined) {
      throw new Error(
        `No enterprise space "${label}"; the spaces are: ${labels.join(', ') || 'none'}`,
      )
    }
    return control
  }
  const shared = {
    hostTenant,
    publicOrigin: origin,
    spaceHosts: labels.map((label) => new URL(spaceOrigin(origin, label)).host),
    rulesOf,
    profile: () => state.profile,
    testControl: options.testControl === true,
    controlFrom: options.controlFrom,
    log: options.log,
  }
  const tenantApp = (
    tenant: TenantState,
    control: EmulatorControl,
    space: SpaceOfRequest | null,
    autoApprove: AutoApprove | undefined,
  ) =>
    createTenantApp({
      ...shared,
      deps: depsOf(tenant, space === null ? origin : spaceOrigin(origin, space.label), autoApprove),
      tenant,
      control,
      space,
    })
  const control = tenantControl(state, state, random, spaceControl)
  const main = tenantApp(state, control, null, options.autoApprove)
  const spaceApps = new Map(
    spaces.map((space) => {
      const tenant = state.spaces.get(space.label)
      if (tenant === undefined) throw new Error(`unreachable: the state has space ${space.label}`)
      const own = tenantControl(state, tenant, random, spaceControl)
      controls.set(space.label, own)
      const host = new URL(spaceOrigin(origin, space.label)).host
      const named = { label: space.label, name: space.name, host }
      return [space.label, tenantApp(tenant, own, named, space.autoApprove)] as const
    }),
  )

  // Each request to the tenant its Host names; the main site answers the rest (no Host, as
  // `app.request()` sends, is the main site; a foreign Host gets its 421, an unknown space 404).
  const app = new Hono()
  app.all('*', (c) => {
    const host = c.req.header('Host')
    const verdict = host === undefined ? null : hostTenant(host)
    const target = verdict?.kind === 'space' ? spaceApps.get(verdict.label) : undefined
    return (target ?? main).fetch(c.req.raw, c.env)
  })

  return { app, control }
}
