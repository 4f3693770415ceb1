/**
 * The one owner of everything the emulator changes while it runs: the model (users, teams,
 * repositories, documents, versions, tables of contents, the next ids), the OAuth apps, the
 * store (tokens, codes, sign-in sessions, pending authorizations, queued faults), the rate and
 * guess counters, the request log, the clock offset, the PKCE mode and the profile.
 *
 * `reset()` is "back to the seed" (docs/emulator.md#reset): the model, the directory and the apps
 * are built again from the seed, which is a function handing out fresh copies on every call, so
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
import type { AppRegistration, SeedGroup, SeedUser } from './seed'
import { createStore, type Store } from './store'

/** What a reset returns to. */
export interface Seed {
  users: SeedUser[]
  groups: SeedGroup[]
  apps: AppRegistration[]
}

export interface EmulatorStateOptions {
  /** Builds the seed; called at creation and on every reset, it must return fresh objects. */
  seed: () => Seed
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
  /**
   * Runs after the seed is built, at creation and after every reset, so what it adds (a config
   * file's users, data and tokens: seed-additions.ts) is restored by a reset like the seed.
   */
  populate?: ((state: EmulatorState) => void) | undefined
}

/** A user added at run time (test control): the rest of the record is a new account's. */
export interface NewUser {
  login: string
  name: string
  password: string
}

export interface EmulatorState {
  readonly model: ModelState
  readonly store: Store
  readonly rateLimiter: RateLimiter
  readonly guesses: FailureThrottle
  readonly requestLog: RequestLog
  /** Replaced by a reset and by `addUser`: read it here when a request needs it. */
  readonly directory: Directory
  /** Replaced by a reset: read it here when a request needs it. */
  readonly apps: ReadonlyMap<string, AppRegistration>
  clockOffset: number
  pkce: PkceMode
  profile: ProfileName
  /** The emulator's clock: the injected one plus the offset. */
  now(): number
  /** Registers an app until the next reset; the caller has checked it (control/accounts.ts). */
  addApp(app: AppRegistration): void
  /**
   * Adds a user with the model's next id until the next reset; the caller has checked it.
   * `createdAt` (ISO 8601) defaults to now.
   */
  addUser(user: NewUser, createdAt?: string): SeedUser
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

export function createEmulatorState(options: EmulatorStateOptions): EmulatorState {
  let startedAt = options.clock()
  const { clock, clockStart } = options
  const sinceStart = clockStart === undefined ? clock : () => clockStart + clock() - startedAt
  const now = () => sinceStart() + state.clockOffset
  // The users list is the model's own: the directory reads the same array, so a user added at
  // run time is in both.
  const build = () => {
    const seed = options.seed()
    return {
      seed,
      model: createModel({ users: seed.users, groups: seed.groups, now }),
      directory: createDirectory(seed.users, seed.groups),
      apps: new Map(seed.apps.map((app) => [app.clientId, app])),
    }
  }
  let world = build()
  const rateWindows: RateWindows = new Map()
  const guessWindows: GuessWindows = new Map()

  const state: EmulatorState = {
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
    clockOffset: 0,
    pkce: options.pkce,
    profile: options.profile,
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
    reset() {
      startedAt = clock()
      world = build()
      // The sub-apps hold the model object: it takes the fresh build's contents, counters included.
      Object.assign(state.model, world.model)
      state.store.reset()
      state.rateLimiter.reset()
      state.guesses.reset()
      state.requestLog.clear()
      state.clockOffset = 0
      state.pkce = options.pkce
      state.profile = options.profile
      options.populate?.(state)
    },
    snapshot: () =>
      plain({
        model: state.model,
        directory: { users: state.directory.users, groups: state.directory.groups },
        apps: state.apps,
        store: state.store,
        rateWindows,
        guessWindows,
        requestLog: state.requestLog.entries(),
        clockOffset: state.clockOffset,
        pkce: state.pkce,
        profile: state.profile,
      }),
  }
  options.populate?.(state)
  return state
}
