/**
 * The emulator of the Yuque Open API v2 and its OAuth 2.0 authorization server, built by a pure
 * factory: no I/O and no environment access here, everything comes in through the options.
 */
import type { IncomingMessage } from 'node:http'
import { Hono } from 'hono'
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { methodNotAllowed } from 'hono/method-not-allowed'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { createApiRoutes } from './api'
import { createAuthorizeRoutes } from './authorize'
import { avatarSvg } from './avatars'
import {
  MAX_BODY_BYTES,
  areaOf,
  type EmulatorDeps,
  type EmulatorEnv,
  type LogDraft,
} from './context'
import { errorForPath } from './errors'
import type { PkceMode } from './pkce'
import { createRateLimiter } from './rate-limit'
import { createDirectory } from './records'
import { createRequestLog, formatLogLine, redactQuery } from './request-log'
import type { RequestLogEntry } from './request-log'
import { seedApps, seedGroups, seedUsers } from './seed'
import type { AppRegistration, SeedGroup, SeedUser } from './seed'
import { cryptoRandom, type RandomFill } from './secrets'
import { createStore, type Fault } from './store'
import {
  FaultSchema,
  createTestControlRoutes,
  type EmulatorControl,
  type FaultInput,
} from './test-control'
import { createTokenRoutes } from './token'

export type { AppRegistration, SeedGroup, SeedUser } from './seed'
export type { EmulatorControl, FaultInput } from './test-control'
export type { RequestLogEntry } from './request-log'
/** For tests that check which token reached the emulator: the log's `tokenFingerprint`. */
export { tokenFingerprint } from './secrets'

export interface EmulatorOptions {
  /** ms since the epoch; every time check uses it (plus the test-control offset). */
  clock?: () => number
  /** A CSPRNG filling the array it is given. */
  random?: RandomFill
  users?: SeedUser[]
  groups?: SeedGroup[]
  apps?: AppRegistration[]
  /** Default: 5000 requests per hour (design.md). */
  rateLimit?: { limit: number; windowMs: number }
  /** The emulator's public origin, for absolute URLs such as `avatar_url`. */
  origin?: string
  /** Enables `/__emulator/*`; never on by default. */
  testControl?: boolean
  /** The key of anonymous rate limits. Default: the socket's address, or 'unknown' without one. */
  clientAddress?: (c: Context) => string
  /** Receives one redacted line per request. */
  log?: (line: string) => void
  /** PKCE at the authorize and token endpoints (pkce.ts). Default `off`, as Yuque documents none. */
  pkce?: PkceMode
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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const clock = options.clock ?? Date.now
  let clockOffset = 0
  const now = () => clock() + clockOffset
  const random = options.random ?? cryptoRandom
  const origin = (options.origin ?? DEFAULT_ORIGIN).replace(/\/+$/, '')
  const users = options.users ?? seedUsers
  const groups = options.groups ?? seedGroups
  const apps = new Map((options.apps ?? seedApps()).map((app) => [app.clientId, app]))
  const store = createStore()
  const rateLimiter = createRateLimiter(options.rateLimit ?? { limit: 5000, windowMs: 3_600_000 })
  const requestLog = createRequestLog(1000)

  const deps: EmulatorDeps = {
    now,
    random,
    origin,
    apps,
    directory: createDirectory(users, groups),
    store,
    rateLimiter,
    clientAddress: options.clientAddress ?? socketClientAddress,
    pkce: options.pkce ?? 'off',
  }
  const startPkceMode = deps.pkce

  const control: EmulatorControl = {
    reset() {
      store.reset()
      rateLimiter.reset()
      requestLog.clear()
      clockOffset = 0
      deps.pkce = startPkceMode
    },
    advanceClock(ms) {
      clockOffset += ms
    },
    now,
    revokeToken: (token) => store.revokeToken(token),
    queueFault(input: FaultInput) {
      const fault = FaultSchema.parse(input)
      store.faults.push({
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
      store.faults.length = 0
    },
    requestLog: () => requestLog.entries(),
    clearLog: () => requestLog.clear(),
    setPkceMode(mode) {
      deps.pkce = mode
    },
  }

  const app = new Hono<EmulatorEnv>()

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
    const url = new URL(c.req.url)
    if (url.searchParams.has('client_secret')) draft.hasClientSecret = true
    const entry: RequestLogEntry = {
      time: new Date(now()).toISOString(),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      query: redactQuery(url),
      headerNames: [...c.req.raw.headers.keys()].sort(),
      hasUserAgent: c.req.header('User-Agent') !== undefined,
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

  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        errorForPath(
          c,
          random,
          413,
          `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`,
        ),
    }),
  )

  app.use('*', async (c, next) => {
    if (areaOf(c.req.path) === 'control') return next()
    const fault = store.takeFault(c.req.method, c.req.path)
    if (fault === undefined) return next()
    c.get('log').fault = true
    if (fault.delayMs > 0) await sleep(fault.delayMs)
    if (fault.drop) return dropConnection(c, random)
    if (fault.redirectTo !== null) {
      return c.body(null, 302, { ...fault.headers, Location: fault.redirectTo })
    }
    if (fault.status === null) return next()
    return faultResponse(c, random, fault, fault.status)
  })

  app.use(
    '*',
    methodNotAllowed({
      app,
      onMethodNotAllowed: async (c, methods) => {
        const response = await errorForPath(
          c,
          random,
          405,
          `${c.req.method} is not allowed here; use ${methods.join(' or ')}.`,
        )
        response.headers.set('Allow', methods.join(', '))
        return response
      },
    }),
  )

  app.route('/api/v2', createApiRoutes(deps))
  app.route('/', createTokenRoutes(deps))
  app.route('/', createAuthorizeRoutes(deps))

  app.get('/avatars/:file', (c) => {
    const match = /^(.+)\.svg$/.exec(c.req.param('file'))
    const login = match?.[1]
    const owner =
      login === undefined
        ? undefined
        : (deps.directory.userByLogin(login) ?? deps.directory.groupByLogin(login))
    if (owner === undefined) return errorForPath(c, random, 404, 'No such avatar.')
    return c.body(avatarSvg(owner.login, owner.name), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=3600',
    })
  })

  app.get('/', (c) => c.redirect('/settings/tokens', 302))

  if (options.testControl === true) app.route('/__emulator', createTestControlRoutes(control))

  app.notFound((c) => errorForPath(c, random, 404, 'Not Found'))

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      const status = (error.status >= 400 ? error.status : 400) as ContentfulStatusCode
      return errorForPath(c, random, status, error.message || 'Bad Request')
    }
    return errorForPath(c, random, 500, 'The emulator failed to handle this request.')
  })

  // Callers see a plain Hono: the per-request log variables are internal to the emulator.
  return { app: app as unknown as Hono, control }
}

async function faultResponse(
  c: Context,
  random: RandomFill,
  fault: Fault,
  status: number,
): Promise<Response> {
  const headers = new Headers(fault.headers)
  const isContentless = status === 204 || status === 205 || status === 304
  if (isContentless) return new Response(null, { status, headers })
  if (fault.body === undefined) {
    if (status < 400) return new Response(null, { status, headers })
    // Without a body, answer in the shape the real endpoint's errors have.
    const shaped = await errorForPath(
      c,
      random,
      status as ContentfulStatusCode,
      `Injected fault (${status})`,
    )
    return withHeaders(shaped, headers)
  }
  if (typeof fault.body === 'string') {
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'text/plain; charset=utf-8')
    return new Response(fault.body, { status, headers })
  }
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  return new Response(JSON.stringify(fault.body), { status, headers })
}

/**
 * Closes the socket without writing a byte: the client sees a reset connection, as when the
 * service is down. `app.request()` has no socket to close; it gets a 503 in the area's shape.
 */
function dropConnection(c: Context, random: RandomFill): Promise<Response> | Response {
  const env: unknown = c.env
  const incoming =
    typeof env === 'object' && env !== null && 'incoming' in env
      ? (env as { incoming: IncomingMessage }).incoming
      : undefined
  if (incoming === undefined) {
    return errorForPath(c, random, 503, 'Injected fault: the connection was dropped')
  }
  incoming.socket.destroy()
  // Never sent (the socket is gone); the log shows nginx's "closed without response" status.
  return new Response(null, { status: 444 })
}

function withHeaders(response: Response, headers: Headers): Response {
  for (const [name, value] of headers) response.headers.set(name, value)
  return response
}
