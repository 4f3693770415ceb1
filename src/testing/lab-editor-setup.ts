/**
 * Test support for the flow lab's editor run (src/proxy/lab/editor-routes.ts): the real emulator
 * in-process with its test control, a proxy on it with a clock the test moves and a source of
 * randomness that remembers what it gave (every state and verifier of a run), and the steps of a
 * run as the browser takes them: start, the service's pages or a bare visit of the authorize URL,
 * finish with the callback's query.
 */
import { randomBytes as nodeRandomBytes } from 'node:crypto'
import { CONTROL_HEADERS } from '../emulator/control/test-control'
import { createEmulator } from '../emulator/emulator'
import { seedApps } from '../emulator/seed'
import { LabRunResultSchema, LabStartResponseSchema, type LabRequest } from '../protocol/lab-api'
import { createInProcessUpstream } from '../proxy/api/upstream'
import { loadConfig, type Env } from '../proxy/config'
import { createProxy } from '../proxy/proxy'
import { authorizeThroughPages, type AuthorizeChoice } from './emulator-pages'
import { createBrowser } from './proxy-browser'

export const LAB_SESSION_SECRET = 'lab-editor-test-session-secret-0123456789'
/** The operator's app's secret in the seed (src/emulator/seed.ts). */
export const WEB_CLIENT_SECRET = 'playground-web-secret'

/** A plain run: everything as a careful client sends it. */
export const PLAIN_RUN: LabRequest = {
  scopes: ['repo:read'],
  stateMode: 'generated',
  redirect: 'registered',
  responseType: 'code',
  pkce: 'S256',
  afterReturn: 'none',
}

export function setupLabEditor(options: { env?: Env; origin?: string } = {}) {
  const origin = options.origin ?? 'http://localhost:5173'
  const clock = { now: Date.parse('2026-11-21T10:00:00Z') }
  const emulator = createEmulator({
    clock: () => clock.now,
    testControl: true,
    apps: seedApps({ webRedirectUri: `${origin}/callback` }),
  })
  const issued: string[] = []
  const proxy = createProxy({
    config: loadConfig({
      SESSION_SECRET: LAB_SESSION_SECRET,
      ...(origin.startsWith('https:') ? { APP_ORIGIN: origin, EMULATOR: 'on' } : {}),
      ...options.env,
    }),
    upstream: createInProcessUpstream((request) => emulator.app.request(request)),
    clock: () => clock.now,
    randomBytes: (size) => {
      const bytes = nodeRandomBytes(size)
      issued.push(bytes.toString('base64url'))
      return bytes
    },
  })
  const browser = createBrowser(proxy, origin)

  /** A call of the emulator's test-control API, as a test runner makes it. */
  const control = (path: string, body: unknown) =>
    emulator.app.request(`/__emulator${path}`, {
      method: 'POST',
      headers: CONTROL_HEADERS,
      body: JSON.stringify(body),
    })

  const tokenCalls = () =>
    emulator.control.requestLog().filter((entry) => entry.path === '/oauth2/token')

  async function start(request: Partial<LabRequest> = {}, on = browser) {
    const response = await on.call('POST', '/auth/lab/start', {
      body: { ...PLAIN_RUN, ...request },
    })
    if (response.status !== 200) throw new Error(`lab start: ${await response.text()}`)
    return LabStartResponseSchema.parse(await response.json())
  }

  /** The service's pages as alice takes them; the query the browser comes back with. */
  async function approve(authorizeUrl: string, choice: Partial<AuthorizeChoice> = {}) {
    const page = await authorizeThroughPages(emulator.app, authorizeUrl, {
      login: 'alice',
      ...choice,
    })
    const back = new URL(page.location ?? '')
    if (`${back.origin}${back.pathname}` !== `${origin}/callback`) {
      throw new Error(`the service sent the browser to ${back.href}`)
    }
    return back.search
  }

  /** The authorize URL opened, without sign-in: the service's own answer (a refusal). */
  async function visit(authorizeUrl: string) {
    const response = await emulator.app.request(authorizeUrl, {
      headers: { 'User-Agent': 'lab-editor-test' },
    })
    return { status: response.status, location: response.headers.get('Location') }
  }

  const finish = (query: string, on = browser) =>
    on.call('POST', '/auth/lab/finish', { body: { query } })

  async function finished(query: string, on = browser) {
    const response = await finish(query, on)
    if (response.status !== 200) throw new Error(`lab finish: ${await response.text()}`)
    const text = await response.text()
    return {
      response,
      text,
      result: LabRunResultSchema.parse(JSON.parse(text)),
    }
  }

  return {
    clock,
    emulator,
    proxy,
    browser,
    issued,
    control,
    tokenCalls,
    start,
    approve,
    visit,
    finish,
    finished,
  }
}
