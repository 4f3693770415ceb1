/**
 * Test support for "your own app" (docs/decisions/0015-your-own-app.md): the real emulator with
 * two more apps registered (each user's own), a proxy on it with a store whose every write is
 * kept for inspection, its log lines, and a browser that keeps every answer it got, so that a
 * test can look for a secret in all of them.
 */
import type { Hono } from 'hono'
import { z } from 'zod/mini'
import { createEmulator } from '../emulator/emulator'
import { seedApps, type AppRegistration } from '../emulator/seed'
import { StartLoginResponseSchema } from '../protocol/playground-api'
import { FIELD_CODES, FieldErrorsBodySchema } from '../protocol/your-app-api'
import { parseTraceHeader, TRACE_HEADER } from '../protocol/trace'
import { createInProcessUpstream, type Upstream } from '../proxy/api/upstream'
import { loadConfig, type Env } from '../proxy/config'
import { createProxy } from '../proxy/proxy'
import { createMemoryStore } from '../proxy/store/memory-store'
import type { StateStore } from '../proxy/store/state-store'
import { authorizeThroughPages } from './emulator-pages'
import { createBrowser, type CallOptions } from './proxy-browser'

export const SESSION_SECRET = 'byo-test-session-secret-0123456789abcdef'
const CALLBACK = 'http://localhost:5173/callback'

/**
 * A 400 of `/auth/app` or `/auth/app/token` exactly: the proxy's error shape with `error` and
 * `fields` as the protocol's FieldErrorsBodySchema reads them, every code one of FIELD_CODES.
 */
export const FieldErrorsAnswerSchema = z.strictObject({
  ...FieldErrorsBodySchema.shape,
  status: z.literal(400),
  code: z.literal('invalid_request'),
  error: z.literal('invalid_request'),
  message: z.string(),
  fields: z.record(z.string(), z.enum(FIELD_CODES)),
})

/** Alice's own app, Bob's own app and Alice's app of the client-code flow, in the emulator. */
export const OWN_APPS = {
  alice: { clientId: 'alice-own-app', clientSecret: 'alice-own-secret-A1b2C3d4' },
  bob: { clientId: 'bob-own-app', clientSecret: 'bob-own-secret-E5f6G7h8' },
  aliceCli: { clientId: 'alice-own-cli', clientSecret: 'alice-cli-secret-I9j0K1l2' },
} as const

export const OWN_APP_REGISTRATIONS: AppRegistration[] = [
  { ...OWN_APPS.alice, name: 'Alice’s own app', redirectUris: [CALLBACK] },
  { ...OWN_APPS.bob, name: 'Bob’s own app', redirectUris: [CALLBACK] },
  { ...OWN_APPS.aliceCli, name: 'Alice’s own CLI', redirectUris: [] },
]

/** A store that keeps every value written to it, raw, and every key read, besides storing it. */
export function keepingWrites(store: StateStore) {
  const writes: { key: string; value: string }[] = []
  const reads: string[] = []
  const keeping: StateStore = {
    ...store,
    name: store.name,
    get: (key) => {
      reads.push(key)
      return store.get(key)
    },
    set: async (key, value, ttlMs) => {
      writes.push({ key, value })
      await store.set(key, value, ttlMs)
    },
    setIfAbsent: async (key, value, ttlMs) => {
      writes.push({ key, value })
      return store.setIfAbsent(key, value, ttlMs)
    },
  }
  return { store: keeping, writes, reads }
}

export interface ByoSetupOptions {
  env?: Env
  clock?: () => number
  store?: StateStore
  /** The emulator to use; a new one with OWN_APP_REGISTRATIONS when absent. */
  emulator?: ReturnType<typeof createEmulator>
  /** Wraps the in-process upstream (to see where calls went). */
  upstream?: (inner: Upstream) => Upstream
}

export function setupByo(options: ByoSetupOptions = {}) {
  const clock = options.clock ?? Date.now
  const emulator =
    options.emulator ??
    createEmulator({
      clock,
      testControl: true,
      apps: [...seedApps({ webRedirectUri: CALLBACK }), ...OWN_APP_REGISTRATIONS],
    })
  const kept = keepingWrites(options.store ?? createMemoryStore({ clock }))
  const logLines: string[] = []
  const inner = createInProcessUpstream((request) => emulator.app.request(request))
  const proxy = createProxy({
    config: loadConfig({ SESSION_SECRET, ...options.env }),
    upstream: options.upstream === undefined ? inner : options.upstream(inner),
    clock,
    store: kept.store,
    log: (line) => logLines.push(line),
  })
  return { emulator, proxy, logLines, writes: kept.writes, reads: kept.reads }
}

/** Everything a browser got: each answer's status line, headers (the trace decoded) and body. */
export function recordingBrowser(app: Hono, trace = false) {
  const browser = createBrowser(app, 'http://localhost:5173', { trace })
  const seen: string[] = []
  const call = async (method: string, path: string, options: CallOptions = {}) => {
    const response = await browser.call(method, path, options)
    const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`)
    const traced = parseTraceHeader(response.headers.get(TRACE_HEADER))
    seen.push(
      `${method} ${path} ${response.status}`,
      ...headers,
      traced === null ? '' : JSON.stringify(traced),
      await response.clone().text(),
    )
    return response
  }
  return { ...browser, call, seen }
}

/** What the helpers below need of a browser: its calls (with its cookie jar behind them). */
type Browser = Pick<ReturnType<typeof createBrowser>, 'call'>

/** A login as the web app makes one, approved as `login` on the emulator's pages. */
export async function loginThroughProxy(
  browser: Browser,
  emulator: ReturnType<typeof createEmulator>,
  login = 'alice',
  scopes: string[] = ['repo:read'],
) {
  const start = await browser.call('POST', '/auth/start', { body: { scopes } })
  if (start.status !== 200) throw new Error(`start failed: ${await start.text()}`)
  const { authorizeUrl, state } = StartLoginResponseSchema.parse(await start.json())
  const page = await authorizeThroughPages(emulator.app, authorizeUrl, { login })
  const code = new URL(page.location ?? '', CALLBACK).searchParams.get('code')
  const exchange = await browser.call('POST', '/auth/exchange', { body: { code, state } })
  return { authorizeUrl: new URL(authorizeUrl), exchange }
}

/** Saves an app of the emulator as this browser's own. */
export function saveOwnApp(
  browser: Browser,
  app: { clientId: string; clientSecret: string },
  extra: Record<string, unknown> = {},
) {
  return browser.call('PUT', '/auth/app', {
    body: { service: { kind: 'emulator' }, ...app, ...extra },
  })
}
