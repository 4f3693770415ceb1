/**
 * The test-control API under `/__emulator/` (only with `testControl: true`, and only for
 * loopback clients when the request came through a socket, or peers in the ranges of
 * `--control-from`, a test runner in another container): `POST /reset`, `/clock`, `/pkce`,
 * `/profile`, `/revoke`, `/faults` (optionally tagged: served only to requests carrying
 * FAULT_TAG_HEADER, so that parallel workers sharing one emulator take their own faults only),
 * `DELETE /faults` (`?tag=` for one tag's), `GET` and `DELETE /log`, `GET /settings` (the
 * profile, PKCE mode and clock a client must know to say what it expects), and `POST /tokens`,
 * `/apps` and `/users` without the pages (accounts.ts); fault-schema.ts checks a fault.
 * docs/emulator.md lists every route with its body, answers and errors.
 * A page in the same browser is a loopback client too, so every call must also carry
 * `X-Emulator-Control: 1` and `Content-Type: application/json` (neither can be sent cross-site
 * without a CORS preflight, which this API never answers), and an `Origin`, when sent, must be
 * the emulator's own (OWASP CSRF CS "Employing Custom Request Headers"; docs/security.md).
 */
import type { PkceMode } from '../oauth/pkce'
import { PROFILE_NAMES, type ProfileName } from '../profiles'
import { Hono } from 'hono'
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { z } from 'zod'
import { isInRanges, parseRangeList, type AddressRange } from '../../protocol/client-address'
import type { EmulatorEnv } from '../context'
import { EmulatorError } from '../emulator-error'
import type { RequestLogEntry } from './request-log'
import { FaultSchema, FaultTagSchema, type FaultInput } from './fault-schema'
import type { Accounts, AppInput, TokenInput, UserInput } from './accounts'

export type { FaultInput } from './fault-schema'

const ClockSchema = z.object({ advanceMs: z.number().int().min(-3.2e11).max(3.2e11) }).strict()
const RevokeSchema = z.object({ token: z.string().min(1).max(4096) }).strict()
const PkceSchema = z
  .object({
    mode: z.enum(['off', 'optional', 'required'], {
      message: 'mode must be "off", "optional" or "required"',
    }),
  })
  .strict()

const ProfileSchema = z
  .object({
    profile: z.enum(PROFILE_NAMES, {
      message: `profile must be ${PROFILE_NAMES.map((name) => `"${name}"`).join(' or ')}`,
    }),
  })
  .strict()

/** The header every test-control call carries; callers import it from here. */
const CONTROL_HEADER = 'X-Emulator-Control'
export const CONTROL_HEADERS = {
  [CONTROL_HEADER]: '1',
  'Content-Type': 'application/json',
} as const

/**
 * The header naming the tag of the faults a request may take (faults.ts): a tagged fault answers
 * only a request that carries its tag, exactly. Honoured with test control on only, as `Prefer`
 * is; the playground's proxy never forwards it from a browser (src/proxy/api/api-routes.ts,
 * `serviceHeaders`), so a page cannot take another browser's fault.
 */
export const FAULT_TAG_HEADER = 'X-Emulator-Fault-Tag'

/** `GET /__emulator/settings`: what a client must know to say what the emulator will answer. */
export interface EmulatorSettings {
  profile: ProfileName
  pkce: PkceMode
  /** The emulator's clock (the injected one plus the offset), ISO 8601. */
  now: string
}

export interface EmulatorControl {
  /**
   * Back to the seed (emulator-state.ts): the model built again from it, ids included; no token,
   * code, session, fault, log entry or count; no clock offset; the PKCE mode and the profile the
   * emulator was created with; no app or user added at run time.
   */
  reset(): void
  advanceClock(ms: number): void
  /** The emulator's current time (injected clock plus offset), ms since the epoch. */
  now(): number
  /** Returns false when the token was never issued. */
  revokeToken(token: string): boolean
  queueFault(fault: FaultInput): void
  /**
   * Drops the queued faults of `tag` (a tag FaultSchema refuses throws), or every one without
   * it: the service is back to normal.
   */
  clearFaults(tag?: string): void
  /** The profile, the PKCE mode and the clock on now. */
  settings(): EmulatorSettings
  requestLog(): RequestLogEntry[]
  clearLog(): void
  /**
   * Switches PKCE at the authorize and token endpoints (docs/security.md#k6); reset restores the
   * start mode.
   */
  setPkceMode(mode: PkceMode): void
  /** Switches the profile (profiles.ts) for the requests that follow; reset restores the start one. */
  setProfile(profile: ProfileName): void
  /** A token for a user, as the OAuth flow (with `app`) or the personal-tokens page would make it. */
  issueToken: Accounts['issueToken']
  /** Registers an OAuth app until the next reset. */
  addApp: Accounts['addApp']
  /** Adds a user who can sign in and call the API, until the next reset. */
  addUser: Accounts['addUser']
  /**
   * The whole state as plain data (emulator-state.ts), every tenant's, for tests that compare a
   * reset emulator with a fresh one.
   */
  snapshot(): unknown
  /**
   * The test control of the enterprise space `label`: its tokens, apps, users, faults and request
   * log (docs/emulator.md#enterprise-spaces); reset, clock, PKCE and profile act on the whole
   * emulator from any tenant. Throws, naming the spaces there are, for an unknown label.
   */
  space(label: string): EmulatorControl
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')
}

/** The socket's address, or null when there is no socket (`app.request()` in tests). */
function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null
  } catch {
    return null
  }
}

async function readBody(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text()) as unknown
  } catch {
    throw new EmulatorError(400, 'The body must be JSON.')
  }
}

/** A 400 that names every field the schema refused, of the body or of the query. */
function invalidBody(error: z.ZodError, part: 'body' | 'query' = 'body'): EmulatorError {
  const message = error.issues
    .map((issue) => `${issue.path.join('.') || part}: ${issue.message}`)
    .join('; ')
  return new EmulatorError(400, `Invalid ${part}: ${message}`)
}

async function readJson<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await readBody(c))
  if (!parsed.success) throw invalidBody(parsed.error)
  return parsed.data
}

/** Runs an operation that checks the body itself (accounts.ts), its ZodError a 400. */
async function withBody<T>(c: Context, run: (body: unknown) => T): Promise<T> {
  const body = await readBody(c)
  try {
    return run(body)
  } catch (error) {
    if (error instanceof z.ZodError) throw invalidBody(error)
    throw error
  }
}

/**
 * Why a call may not use the test-control API, or null when it may. `peers`: the ranges of
 * `--control-from`, answered beside loopback; every other rule holds for them too.
 */
function refusal(c: Context, origin: string, peers: readonly AddressRange[]): string | null {
  const address = socketAddress(c)
  if (address !== null && !isLoopback(address) && !isInRanges(address, peers)) {
    return peers.length === 0
      ? 'The test-control API answers loopback clients only.'
      : 'The test-control API answers loopback clients and the addresses of --control-from only.'
  }
  const sentOrigin = c.req.header('Origin')
  if (sentOrigin !== undefined && sentOrigin !== origin) {
    return `The test-control API refuses calls from pages of other origins (Origin "${sentOrigin.slice(0, 100)}").`
  }
  if (c.req.header(CONTROL_HEADER) !== '1') {
    return `Every test-control call needs the header ${CONTROL_HEADER}: 1.`
  }
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json') {
    return 'Every test-control call needs Content-Type: application/json.'
  }
  return null
}

/**
 * `controlFrom`: the addresses and CIDR ranges (`--control-from`, a test runner in another
 * container) whose peers are answered besides loopback; a bad entry throws, naming it.
 */
export function createTestControlRoutes(
  control: EmulatorControl,
  origin: string,
  controlFrom: readonly string[] = [],
): Hono<EmulatorEnv> {
  const { ranges: peers, problems } = parseRangeList(controlFrom.join(','), 'controlFrom')
  if (problems.length > 0) throw new Error(problems.join('; '))
  const routes = new Hono<EmulatorEnv>()

  routes.use('*', async (c, next) => {
    const refused = refusal(c, origin, peers)
    if (refused !== null) throw new EmulatorError(403, refused)
    c.header('Cache-Control', 'no-store')
    await next()
  })

  routes.post('/reset', (c) => {
    control.reset()
    return c.json({ reset: true })
  })

  routes.post('/clock', async (c) => {
    const body = await readJson(c, ClockSchema)
    control.advanceClock(body.advanceMs)
    return c.json({ now: new Date(control.now()).toISOString() })
  })

  routes.post('/pkce', async (c) => {
    const body = await readJson(c, PkceSchema)
    control.setPkceMode(body.mode)
    return c.json({ pkce: body.mode })
  })

  routes.post('/profile', async (c) => {
    const body = await readJson(c, ProfileSchema)
    control.setProfile(body.profile)
    return c.json({ profile: body.profile })
  })

  routes.post('/revoke', async (c) => {
    const body = await readJson(c, RevokeSchema)
    return c.json({ revoked: control.revokeToken(body.token) })
  })

  // The bodies' types are checked by the operations themselves (accounts.ts).
  routes.post('/tokens', async (c) =>
    c.json(await withBody(c, (body) => control.issueToken(body as TokenInput)), 201),
  )

  routes.post('/apps', async (c) =>
    c.json(await withBody(c, (body) => control.addApp(body as AppInput)), 201),
  )

  routes.post('/users', async (c) =>
    c.json(await withBody(c, (body) => control.addUser(body as UserInput)), 201),
  )

  routes.post('/faults', async (c) => {
    const body = await readJson(c, FaultSchema)
    control.queueFault(body)
    return c.json({ queued: true }, 201)
  })

  routes.delete('/faults', (c) => {
    const tag = c.req.query('tag')
    if (tag === undefined) {
      control.clearFaults()
      return c.json({ cleared: true })
    }
    const parsed = z.object({ tag: FaultTagSchema }).safeParse({ tag })
    if (!parsed.success) throw invalidBody(parsed.error, 'query')
    control.clearFaults(parsed.data.tag)
    return c.json({ cleared: true, tag: parsed.data.tag })
  })

  routes.get('/settings', (c) => c.json(control.settings()))

  routes.get('/log', (c) => c.json({ entries: control.requestLog() }))

  routes.delete('/log', (c) => {
    control.clearLog()
    return c.json({ cleared: true })
  })

  return routes
}
