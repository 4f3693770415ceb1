/**
 * The one owner of everything the emulator changes while it runs: per tenant (the main site, and
 * each enterprise space: docs/emulator.md#enterprise-spaces) the model (users, teams,
 * repositories, documents, versions, tables of contents, the next ids), the OAuth apps, the
 * store (tokens, codes, sign-in sessions, pending authorizations, queued faults), the rate and
 * guess counters and the request log; and for the whole emulator the clock offset, the PKCE mode
 * and the profile. A tenant's world is `TenantState`; the state is the main site's world, with
 * the spaces' beside it (`spaces`), so what reads the main site reads the state as before.
 *
 * `reset()` is "back to the seed" (docs/emulator.md#reset), for every tenant: the model, the
 * directory and the apps are built again from the tenant's seed, which is a function handing out fresh copies on every call, so
 * nothing a test wrote, deleted or counted can survive it, and the next id is the seed's again.
 * The parts other modules hold by reference (the model, the store, the counters) stay the same
 * objects: the model takes the fresh build's contents, the others empty themselves. The directory
 * and the apps are read through here at request time (emulator.ts builds `deps` with getters).
 * A config file's users, data and tokens are part of what a reset returns to (`populate`), and
 * a configured start is where the clock starts again (docs/emulator.md#config-file).
 */
import { createRateLimiter, type RateLimiter, type RateWindows } from './api/rate-limit'
import { createDirectory, type Directory } from './api/records'
import { createRequestLog, type RequestLog } from './control/request-log'
import { createModel } from './model/create-model'
import type { ModelState } from './model/state'
import type { PkceMode } from './oauth/pkce'
import {
  createFailureThrottle,
  type FailureThrottle,
  type FailureThrottleOptions,
  type GuessWindows,
} from './oauth/throttle'
import type { Budget, ProfileName } from './profiles'
import type { SeedContent } from './model/seed-content'
import type { AppRegistration, SeedGroup, SeedUser } from './seed'
import { createStore, type Store } from './store'

/** What a reset returns to. */
export interface Seed {
  users: SeedUser[]
  groups: SeedGroup[]
  apps: AppRegistration[]
  /** The demo data beyond the sign-in seed; default the main site's (model/seed-content.ts). */
  content?: SeedContent | undefined
}

/** A user added at run time (test control): the rest of the record is a new account's. */
export interface NewUser {
  login: string
  name: string
  password: string
}

/** One tenant's world: the main site's, or an enterprise space's. */
export interface TenantState {
  readonly model: ModelState
  readonly store: Store
  readonly rateLimiter: RateLimiter
  readonly guesses: FailureThrottle
  readonly requestLog: RequestLog
  /** Replaced by a reset and by `addUser`: read it here when a request needs it. */
  readonly directory: Directory
  /** Replaced by a reset: read it here when a request needs it. */
  readonly apps: ReadonlyMap<string, AppRegistration>
  /** The emulator's clock: the injected one plus the offset (one clock for every tenant). */
  now(): number
  /** Registers an app until the next reset; the caller has checked it (control/accounts.ts). */
  addApp(app: AppRegistration): void
  /**
   * Adds a user with the model's next id until the next reset; the caller has checked it.
   * `createdAt` (ISO 8601) defaults to now.
   */
  addUser(user: NewUser, createdAt?: string): SeedUser
}

/** A tenant's seed, and what is added to it after every build (a config file's additions). */
export interface TenantSeed {
  /** Builds the seed; called at creation and on every reset, it must return fresh objects. */
  seed: () => Seed
  /**
   * Runs after the seed is built, at creation and after every reset, so what it adds (a config
   * file's users, data and tokens: seed-additions.ts) is restored by a reset like the seed.
   */
  populate?: ((tenant: TenantState) => void) | undefined
}

export interface EmulatorStateOptions extends TenantSeed {
  /** The enterprise spaces, by label, each a world of its own. */
  spaces?: ReadonlyMap<string, TenantSeed> | undefined
  /** The injected clock, ms since the epoch; `now()` adds the test-control offset. */
  clock: () => number
  /**
   * ms since the epoch: `now()` starts here and runs on at `clock`'s pace; a reset starts it here
   * again (a config file's `clock.start`, docs/emulator.md#config-file).
   */
  clockStart?: number | undefined
  rateLimit: Budget
  guessLimit: FailureThrottleOptions
  /** The PKCE mode and the profile the emulator starts with, and a reset returns to. */
  pkce: PkceMode
  profile: ProfileName
}

/** The main site's world, the spaces' beside it, and what the whole emulator shares. */
export interface EmulatorState extends TenantState {
  /** Every enterprise space's world, by label. */
  readonly spaces: ReadonlyMap<string, TenantState>
  clockOffset: number
  pkce: PkceMode
  profile: ProfileName
  /** Every tenant back to its seed, and the shared settings to their start. */
  reset(): void
  /**
   * Everything above as plain data (maps as entry lists, no functions), the counters' windows
   * included, for tests that compare a reset emulator with a fresh one.
   */
  snapshot(): unknown
}

/** Maps as `[key, value]` lists and objects without their functions, recursively. */
function plain(value: unknown): unknown {
  if (value instanceof Map) return [...value].map(([key, item]) => [plain(key), plain(item)])
  if (Array.isArray(value)) return value.map(plain)
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => typeof item !== 'function')
        .map(([key, item]) => [key, plain(item)]),
    )
  }
  return value
}

interface Tenant {
  state: TenantState
  /** Back to the seed: the model rebuilt in place, the rest emptied, then `populate`. */
  reset(): void
  populate(): void
  snapshot(): unknown
}

function createTenant(
  { seed: seedOf, populate }: TenantSeed,
  options: Pick<EmulatorStateOptions, 'rateLimit' | 'guessLimit'>,
  now: () => number,
): Tenant {
  // The users list is the model's own: the directory reads the same array, so a user added at
  // run time is in both.
  const build = () => {
    const seed = seedOf()
    return {
      seed,
      model: createModel({ users: seed.users, groups: seed.groups, content: seed.content, now }),
      directory: createDirectory(seed.users, seed.groups),
      apps: new Map(seed.apps.map((app) => [app.clientId, app])),
    }
  }
  let world = build()
  const rateWindows: RateWindows = new Map()
  const guessWindows: GuessWindows = new Map()
  const state: TenantState = {
    model: world.model,
    store: createStore(),
    rateLimiter: createRateLimiter(options.rateLimit, rateWindows),
    guesses: createFailureThrottle(options.guessLimit, guessWindows),
    requestLog: createRequestLog(1000),
    get directory() {
      return world.directory
    },
    get apps() {
      return world.apps
    },
    now,
    addApp(app) {
      world.apps.set(app.clientId, app)
    },
    addUser({ login, name, password }, createdAt) {
      const at = createdAt ?? new Date(now()).toISOString()
      const user: SeedUser = {
        id: state.model.nextId(),
        login,
        name,
        description: null,
        password,
        followersCount: 0,
        followingCount: 0,
        createdAt: at,
        updatedAt: at,
        repos: [],
      }
      world.seed.users.push(user)
      world.directory = createDirectory(world.seed.users, world.seed.groups)
      return user
    },
  }
  return {
    state,
    reset() {
      world = build()
      // The sub-apps hold the model object: it takes the fresh build's contents, counters included.
      Object.assign(state.model, world.model)
      state.store.reset()
      state.rateLimiter.reset()
      state.guesses.reset()
      state.requestLog.clear()
    },
    populate: () => populate?.(state),
    snapshot: () =>
      plain({
        model: state.model,
        directory: { users: state.directory.users, groups: state.directory.groups },
        apps: state.apps,
        store: state.store,
        rateWindows,
        guessWindows,
        requestLog: state.requestLog.entries(),
      }),
  }
}

export function createEmulatorState(options: EmulatorStateOptions): EmulatorState {
  let startedAt = options.clock()
  const { clock, clockStart } = options
  const sinceStart = clockStart === undefined ? clock : () => clockStart + clock() - startedAt
  let clockOffset = 0
  const now = () => sinceStart() + clockOffset
  const main = createTenant(options, options, now)
  const spaces = new Map(
    [...(options.spaces ?? [])].map(([label, seed]) => [label, createTenant(seed, options, now)]),
  )
  const tenants = [main, ...spaces.values()]

  // The main site's world, read through: what holds the state reads the main site.
  const state: EmulatorState = {
    get model() {
      return main.state.model
    },
    get store() {
      return main.state.store
    },
    get rateLimiter() {
      return main.state.rateLimiter
    },
    get guesses() {
      return main.state.guesses
    },
    get requestLog() {
      return main.state.requestLog
    },
    get directory() {
      return main.state.directory
    },
    get apps() {
      return main.state.apps
    },
    now,
    addApp: (app) => main.state.addApp(app),
    addUser: (user, createdAt) => main.state.addUser(user, createdAt),
    spaces: new Map([...spaces].map(([label, tenant]) => [label, tenant.state])),
    get clockOffset() {
      return clockOffset
    },
    set clockOffset(ms: number) {
      clockOffset = ms
    },
    pkce: options.pkce,
    profile: options.profile,
    reset() {
      startedAt = clock()
      clockOffset = 0
      for (const tenant of tenants) tenant.reset()
      state.pkce = options.pkce
      state.profile = options.profile
      for (const tenant of tenants) tenant.populate()
    },
    snapshot: () => ({
      tenants: [
        ['main', main.snapshot()],
        ...[...spaces].map(([label, tenant]) => [label, tenant.snapshot()]),
      ],
      clockOffset,
      pkce: state.pkce,
      profile: state.profile,
    }),
  }
  for (const tenant of tenants) tenant.populate()
  return state
}
