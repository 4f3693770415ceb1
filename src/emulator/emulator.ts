/**
 * The emulator of the Yuque Open API v2 and its OAuth 2.0 authorization server, built by a pure
 * factory: no I/O and no environment access here, everything comes in through the options.
 */
import { Hono } from 'hono'
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { bodyLimit } from 'hono/body-limit'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { createApiRoutes } from './api/api-routes'
import { createAuthorizeRoutes } from './oauth/authorize'
import { createBrowserFlow } from './pages/browser-flow'
import { createConsentRoutes } from './pages/consent'
import { avatarSvg } from './pages/avatars'
import {
  MAX_BODY_BYTES,
  areaOf,
  hasUserAgent,
  type EmulatorDeps,
  type EmulatorEnv,
  type LogDraft,
} from './context'
import { EmulatorError, pageError } from './emulator-error'
import { asEmulatorError, renderError } from './errors'
import { serveFaults } from './control/faults'
import { servePreferredStatus } from './control/prefer'
import { setPageNonce } from './pages/page-shell'
import { setPageLocale } from './pages/page-locale'
import type { PkceMode } from './oauth/pkce'
import { DEFAULT_PROFILE, rulesWithAnonymousBudget, type ProfileName } from './profiles'
import { createAccounts } from './control/accounts'
import { formatLogLine, redactQuery } from './control/request-log'
import type { RequestLogEntry } from './control/request-log'
import { seedApps, seedGroups, seedUsers } from './seed'
import type { AppRegistration, SeedGroup, SeedUser } from './seed'
import type { RandomFill } from '../protocol/client-code'
import { cryptoRandom } from './secrets'
import { guardService } from './api/service-guard'
import { DEFAULT_RATE_LIMIT } from './api/rate-limit'
import { createSignInRoutes } from './oauth/sign-in'
import { createEmulatorState } from './emulator-state'
import { populateFrom, type ConfigFileOptions } from './seed-additions'
import {
  FaultSchema,
  createTestControlRoutes,
  type EmulatorControl,
  type FaultInput,
} from './control/test-control'
import { GUESS_LIMIT, type FailureThrottleOptions } from './oauth/throttle'
import { createTokenRoutes } from './oauth/token'
import { createTokenSettingsRoutes } from './pages/tokens'
import { requestUrl } from '../protocol/request-url'

export type { AppRegistration, SeedGroup, SeedUser } from './seed'
export type { EmulatorControl, FaultInput } from './control/test-control'
export type { ProfileName } from './profiles'
export type { ConfigFileOptions } from './seed-additions'
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

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const random = options.random ?? cryptoRandom
  const origin = (options.origin ?? DEFAULT_ORIGIN).replace(/\/+$/, '')
  // A function: every reset starts from fresh copies, never from objects a test has changed.
  const seed = () => ({
    users: structuredClone(options.users ?? seedUsers),
    groups: structuredClone(options.groups ?? seedGroups),
    apps: structuredClone(options.apps ?? seedApps()),
  })
  const clock = options.clock ?? Date.now
  const state = createEmulatorState({
    seed,
    clock,
    clockStart: options.clockStart,
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    guessLimit: options.guessLimit ?? GUESS_LIMIT,
    pkce: options.pkce ?? 'off',
    profile: options.profile ?? DEFAULT_PROFILE,
    populate: populateFrom(options, clock),
  })
  const { now, requestLog } = state
  const rulesOf = rulesWithAnonymousBudget(options.anonymousBudget)

  // What a reset rebuilds is read through the state at request time.
  const deps: EmulatorDeps = {
    now,
    random,
    origin,
    get apps() {
      return state.apps
    },
    get directory() {
      return state.directory
    },
    model: state.model,
    store: state.store,
    rateLimiter: state.rateLimiter,
    clientAddress: options.clientAddress ?? socketClientAddress,
    get pkce() {
      return state.pkce
    },
    get profile() {
      return state.profile
    },
    guesses: state.guesses,
    autoApprove: options.autoApprove ?? null,
  }

  const accounts = createAccounts(state, random)
  const control: EmulatorControl = {
    reset: () => state.reset(),
    advanceClock(ms) {
      state.clockOffset += ms
    },
    now,
    revokeToken: (token) => state.store.revokeToken(token),
    queueFault(input: FaultInput) {
      const fault = FaultSchema.parse(input)
      state.store.faults.push({
        method: fault.method ?? null,
        path: fault.path,
        status: fault.status ?? null,
        body: fault.body,
        headers: fault.headers ?? {},
        delayMs: fault.delayMs ?? 0,
        redirectTo: fault.redirectTo ?? null,
        drop: fault.drop ?? false,
        remaining: fault.times ?? 1,
      })
    },
    clearFaults() {
      state.store.faults.length = 0
    },
    requestLog: () => requestLog.entries(),
    clearLog: () => requestLog.clear(),
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
  }

  const app = new Hono<EmulatorEnv>()

  // For container probes (docs/emulator.md#health): ahead of every check and of the log, so that
  // any Host (a kubelet sends the pod's address), no User-Agent and no token get it, and no
  // budget is spent or log entry written.
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' }))

  // First: every later step, the error renderer included, reads the request's profile rules.
  app.use('*', async (c, next) => {
    c.set('rules', rulesOf[state.profile])
    await next()
  })

  // Outermost, so it sees the final status of every answer, faults and errors included.
  app.use('*', async (c, next) => {
    const draft: LogDraft = {
      grantType: null,
      clientId: null,
      hasClientSecret: false,
      user: null,
      tokenFingerprint: null,
      fault: false,
    }
    c.set('log', draft)
    const started = Date.now()
    await next()
    if (areaOf(c.req.path) === 'control') return
    const url = requestUrl(c.req.url)
    if (url.searchParams.has('client_secret')) draft.hasClientSecret = true
    const entry: RequestLogEntry = {
      time: new Date(now()).toISOString(),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      query: redactQuery(url),
      headerNames: [...c.req.raw.headers.keys()].sort(),
      hasUserAgent: hasUserAgent(c),
      hasCookie: c.req.header('Cookie') !== undefined,
      hasClientSecret: draft.hasClientSecret,
      grantType: draft.grantType,
      clientId: draft.clientId ?? url.searchParams.get('client_id'),
      user: draft.user,
      tokenFingerprint: draft.tokenFingerprint,
      fault: draft.fault,
    }
    requestLog.add(entry)
    options.log?.(formatLogLine(entry, Date.now() - started))
  })

  const fail = (c: Context<EmulatorEnv>, status: EmulatorError['status'], message: string) =>
    renderError(c, new EmulatorError(status, message))

  app.use('*', setPageNonce(random))
  app.use('*', setPageLocale())

  // RFC 9110 §7.4: a request for another authority is misdirected (DNS rebinding: a page on
  // attacker.example resolving to 127.0.0.1 sends `Host: attacker.example`). `app.request()`
  // in tests sends no Host and is let through.
  // The configured origin and the loopback names of the bound port: none of them is a name an
  // attacker's DNS controls.
  const host = new URL(origin).host
  const hosts = new Set([host, ...(options.otherHosts ?? []).map((name) => name.toLowerCase())])
  app.use('*', async (c, next) => {
    const sent = c.req.header('Host')
    if (sent !== undefined && !hosts.has(sent.toLowerCase())) {
      return fail(
        c,
        421,
        `This emulator answers at ${host}, not at "${sent.slice(0, 100)}". Use ${origin}.`,
      )
    }
    await next()
  })

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => fail(c, 413, `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`),
  })
  // A GET or HEAD is answered without its body ever being read (a fetch Request of either
  // method has none: start.test.ts sends one over a socket), so it has nothing to limit, as in
  // the proxy's guards (src/proxy/guards.ts). bodyLimit's first check, `c.req.raw.body`, makes
  // @hono/node-server build the whole fetch Request (an AbortController, its listeners, a copy
  // of the headers): with it, the emulator spent 198–210 µs of CPU per `GET /api/v2/user` under
  // load, without it 118–133 µs (autocannon, 10 connections, 5 s, two runs each).
  app.use('*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  )

  app.use('*', serveFaults(state.store))

  app.use(
    '*',
    methodNotAllowed({
      app,
      onMethodNotAllowed: async (c, methods) => {
        const response = await fail(
          c,
          405,
          `${c.req.method} is not allowed here; use ${methods.join(' or ')}.`,
        )
        response.headers.set('Allow', methods.join(', '))
        return response
      },
    }),
  )

  app.use('*', guardService(deps))
  if (options.testControl === true) app.use('*', servePreferredStatus(deps))

  const flow = createBrowserFlow(deps)
  app.route('/api/v2', createApiRoutes(deps))
  app.route('/', createTokenRoutes(deps))
  app.route('/', createAuthorizeRoutes(deps, flow))
  app.route('/', createConsentRoutes(deps, flow))
  app.route('/', createSignInRoutes(deps, flow))
  app.route('/', createTokenSettingsRoutes(deps, flow))

  app.get('/avatars/:file', (c) => {
    const match = /^(.+)\.svg$/.exec(c.req.param('file'))
    const login = match?.[1]
    const owner =
      login === undefined
        ? undefined
        : (deps.directory.userByLogin(login) ?? deps.directory.groupByLogin(login))
    if (owner === undefined) throw new EmulatorError(404, 'No such avatar.')
    return c.body(avatarSvg(owner.login, owner.name), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=3600',
    })
  })

  app.get('/', (c) => c.redirect('/settings/tokens', 302))

  if (options.testControl === true) {
    app.route('/__emulator', createTestControlRoutes(control, origin, options.controlFrom))
  }

  app.notFound((c) =>
    renderError(
      c,
      pageError(404, (m) => m.errors.notFound),
    ),
  )

  // The one error path: handlers and guards throw EmulatorError; this renders it per area.
  app.onError((error, c) => renderError(c, asEmulatorError(error)))

  // Callers see a plain Hono: the per-request log variables are internal to the emulator.
  return { app: app as unknown as Hono, control }
}
