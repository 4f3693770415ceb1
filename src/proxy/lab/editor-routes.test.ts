/**
 * The flow lab's editor run as routes (src/proxy/lab/editor-routes.ts): its cookies, its single
 * use and its 10 minutes, the guards every /auth write passes, the browser's own app, its body's
 * errors, its throttle; and `POST /auth/start` taking the next return back from the lab.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { LAB_RUN_COOKIE } from '../../protocol/lab-api'
import { PROXY_ERROR_HEADER, StartLoginResponseSchema } from '../../protocol/playground-api'
import { parseTraceHeader, TRACE_HEADER } from '../../protocol/trace'
import { OWN_APPS, saveOwnApp, setupByo } from '../../testing/byo-setup'
import { authorizeThroughPages } from '../../testing/emulator-pages'
import { LAB_SESSION_SECRET, PLAIN_RUN, setupLabEditor } from '../../testing/lab-editor-setup'
import { createBrowser, type SetCookie } from '../../testing/proxy-browser'
import { loadConfig } from '../config'
import type { ProxyContext } from '../context'
import { createSealer } from '../auth/seal'
import { createProxy } from '../proxy'
import { createInProcessUpstream } from '../api/upstream'
import { createEmulator } from '../../emulator/emulator'
import { seedApps } from '../../emulator/seed'
import { createLabEditorRoutes } from './editor-routes'

let lab: ReturnType<typeof setupLabEditor>
beforeEach(() => {
  lab = setupLabEditor()
})

const cookieNamed = (seen: readonly SetCookie[], name: string) =>
  seen.filter((cookie) => cookie.name === name).at(-1)

const errorOf = async (response: Response) => ({
  status: response.status,
  code: response.headers.get(PROXY_ERROR_HEADER),
  message: ((await response.json()) as { message: string }).message,
})

describe('the run’s cookies', () => {
  it('keeps the run in a sealed HttpOnly SameSite=Lax cookie scoped to /auth/lab for 10 minutes, and sets a readable marker without a secret', async () => {
    const { authorizeUrl } = await lab.start()
    const state = new URL(authorizeUrl).searchParams.get('state') ?? ''
    const run = cookieNamed(lab.browser.seen, 'pg_lab_tx')
    expect(run?.value).toMatch(/^[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(run?.value).not.toContain(state)
    expect(Object.fromEntries(run?.attributes ?? [])).toEqual({
      httponly: '',
      samesite: 'Lax',
      path: '/auth/lab',
      'max-age': '600',
    })
    const marker = cookieNamed(lab.browser.seen, LAB_RUN_COOKIE)
    // The run's id: 16 random bytes, neither the state nor the verifier.
    expect(marker?.value).toMatch(/^[\w-]{22}$/)
    expect(lab.issued.filter((value) => value.length === 43)).not.toContain(marker?.value)
    expect(Object.fromEntries(marker?.attributes ?? [])).toEqual({
      samesite: 'Lax',
      path: '/',
      'max-age': '600',
    })
  })

  it('over https: __Secure-pg_lab_tx and __Host-pg_lab_run, both Secure, no Domain', async () => {
    const secure = setupLabEditor({ origin: 'https://playground.example' })
    const { authorizeUrl } = await secure.start()
    const run = cookieNamed(secure.browser.seen, '__Secure-pg_lab_tx')
    const marker = cookieNamed(secure.browser.seen, `__Host-${LAB_RUN_COOKIE}`)
    for (const cookie of [run, marker]) {
      expect(cookie?.attributes.has('secure')).toBe(true)
      expect(cookie?.attributes.has('domain')).toBe(false)
    }
    expect(run?.attributes.get('path')).toBe('/auth/lab')
    expect(marker?.attributes.get('path')).toBe('/')
    const answer = await secure.finished(await secure.approve(authorizeUrl))
    expect(answer.result.actual).toBe('200 token')
  })

  it('a finish clears the marker and deletes the run: finishing twice is refused, and exchanges once', async () => {
    const { authorizeUrl } = await lab.start()
    const query = await lab.approve(authorizeUrl)
    const first = await lab.finish(query)
    expect(first.status).toBe(200)
    const cleared = first.headers.getSetCookie().map((header) => header.split(';')[0])
    expect(cleared).toEqual(expect.arrayContaining([`${LAB_RUN_COOKIE}=`, 'pg_lab_tx=']))
    expect(lab.browser.jar.has(LAB_RUN_COOKIE)).toBe(false)
    expect(lab.browser.jar.has('pg_lab_tx')).toBe(false)
    expect(await errorOf(await lab.finish(query))).toMatchObject({
      status: 400,
      code: 'state_missing',
    })
    expect(lab.tokenCalls()).toHaveLength(1)
  })

  it('a copy of the run’s cookie replayed after the finish exchanges nothing the service has not refused', async () => {
    const { authorizeUrl } = await lab.start()
    const copy = lab.browser.jar.get('pg_lab_tx') ?? ''
    const query = await lab.approve(authorizeUrl)
    expect((await lab.finished(query)).result.actual).toBe('200 token')
    lab.browser.jar.set('pg_lab_tx', copy)
    // The proxy keeps no record of finished runs (as of used states, docs/security.md#a3): the
    // service refuses the spent code.
    expect((await lab.finished(query)).result.actual).toBe('400 invalid_grant')
  })

  it('refuses a finish without a run started in this browser, and clears the marker', async () => {
    lab.browser.jar.set(LAB_RUN_COOKIE, 'left-over')
    const response = await lab.finish('code=abc&state=def')
    const error = await errorOf(response)
    expect(error).toMatchObject({ status: 400, code: 'state_missing' })
    expect(error.message).toMatch(/No lab run was started in this browser.*start the run again/)
    expect(lab.browser.jar.has(LAB_RUN_COOKIE)).toBe(false)
    expect(lab.tokenCalls()).toHaveLength(0)
  })

  it('refuses a finish after 10 minutes without calling the token endpoint', async () => {
    const { authorizeUrl } = await lab.start()
    const query = await lab.approve(authorizeUrl)
    lab.clock.now += 600_001
    const error = await errorOf(await lab.finish(query))
    expect(error).toMatchObject({ status: 400, code: 'state_expired' })
    expect(error.message).toMatch(/expired.*10 minutes/)
    expect(lab.tokenCalls()).toHaveLength(0)
  })

  it('a run’s cookie is not a login’s: its sealed value refused as a transaction cookie', async () => {
    await lab.start()
    const sealer = createSealer(LAB_SESSION_SECRET, () => lab.clock.now)
    const value = lab.browser.jar.get('pg_lab_tx') ?? ''
    expect(await sealer.unseal('lab-run', value)).toMatchObject({ afterReturn: 'none' })
    expect(await sealer.unseal('transaction', value)).toBeNull()
  })
})

describe('POST /auth/start takes the next return back from the lab', () => {
  it('clears the marker: Max-Age=0, Path=/', async () => {
    await lab.start()
    expect(lab.browser.jar.has(LAB_RUN_COOKIE)).toBe(true)
    const response = await lab.browser.call('POST', '/auth/start', { body: { scopes: [] } })
    expect(response.status).toBe(200)
    const marker = response.headers
      .getSetCookie()
      .find((header) => header.startsWith(`${LAB_RUN_COOKIE}=`))
    expect(marker).toMatch(/Max-Age=0/)
    expect(marker).toMatch(/Path=\//)
    expect(lab.browser.jar.has(LAB_RUN_COOKIE)).toBe(false)
    // The login completes as ever.
    const { authorizeUrl, state } = StartLoginResponseSchema.parse(await response.json())
    const code = new URLSearchParams(await lab.approve(authorizeUrl)).get('code')
    const exchange = await lab.browser.call('POST', '/auth/exchange', { body: { code, state } })
    expect(exchange.status).toBe(200)
  })

  it('sets no marker cookie when the browser has none', async () => {
    const response = await lab.browser.call('POST', '/auth/start', { body: { scopes: [] } })
    const names = response.headers.getSetCookie().map((header) => header.split('=')[0])
    expect(names).not.toContain(LAB_RUN_COOKIE)
  })
})

describe('the guards of every /auth write', () => {
  it.each(['/auth/lab/start', '/auth/lab/finish'])(
    '%s refuses a call without the CSRF header or from another origin, and sets nothing',
    async (path) => {
      const body = path.endsWith('start') ? PLAIN_RUN : { query: '' }
      const bare = await lab.browser.call('POST', path, {
        bare: true,
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json' },
      })
      expect(await errorOf(bare)).toMatchObject({ status: 403, code: 'csrf' })
      const foreign = await lab.browser.call('POST', path, {
        body,
        headers: { Origin: 'http://evil.example' },
      })
      expect(await errorOf(foreign)).toMatchObject({ status: 403, code: 'csrf' })
      for (const response of [bare, foreign]) {
        expect(response.headers.getSetCookie()).toEqual([])
      }
    },
  )

  it('throttles starts with the logins (LOGIN_RATE_LIMIT per minute)', async () => {
    const limited = setupLabEditor({ env: { LOGIN_RATE_LIMIT: '2' } })
    await limited.start()
    await limited.start()
    const third = await limited.browser.call('POST', '/auth/lab/start', { body: PLAIN_RUN })
    expect(await errorOf(third)).toMatchObject({ status: 429, code: 'rate_limited' })
    expect(third.headers.get('Retry-After')).toMatch(/^\d+$/)
  })

  it('refuses a start while the service does not answer, as /auth/start', async () => {
    const emulator = createEmulator({ apps: seedApps() })
    const browser = createBrowser(
      createProxy({
        config: loadConfig({ SESSION_SECRET: LAB_SESSION_SECRET }),
        upstream: createInProcessUpstream((request) => emulator.app.request(request)),
        serviceProbe: () => Promise.resolve({ ok: false, detail: 'x is unreachable' }),
      }),
    )
    const response = await browser.call('POST', '/auth/lab/start', { body: PLAIN_RUN })
    expect(await errorOf(response)).toMatchObject({ status: 503, code: 'upstream_unreachable' })
    expect(response.headers.getSetCookie()).toEqual([])
  })
})

describe('a bad request names its field', () => {
  it.each([
    [{ pkce: 'S512' }, /Invalid request pkce/],
    [{ stateMode: 'own' }, /Invalid request ownState/],
    [{ responseType: '' }, /Invalid request responseType/],
    [{ scopes: ['repo:readwrite'] }, /Cannot ask for .*repo:readwrite/],
    [{ afterReturn: 'replay' }, /Invalid request afterReturn/],
  ])('%j', async (change, message) => {
    const response = await lab.browser.call('POST', '/auth/lab/start', {
      body: { ...PLAIN_RUN, ...change },
    })
    const error = await errorOf(response)
    expect(error).toMatchObject({ status: 400, code: 'bad_request' })
    expect(error.message).toMatch(message)
    expect(response.headers.getSetCookie()).toEqual([])
  })

  it('a finish without a query string', async () => {
    const error = await errorOf(await lab.browser.call('POST', '/auth/lab/finish', { body: {} }))
    expect(error).toMatchObject({ status: 400, code: 'bad_request' })
    expect(error.message).toMatch(/Invalid request query/)
  })
})

describe('the browser’s own app', () => {
  it('runs with it, and refuses a finish after it was saved again (app_changed)', async () => {
    const setup = setupByo()
    const browser = createBrowser(setup.proxy)
    await saveOwnApp(browser, OWN_APPS.alice)
    const start = await browser.call('POST', '/auth/lab/start', { body: PLAIN_RUN })
    const { authorizeUrl } = (await start.json()) as { authorizeUrl: string }
    expect(new URL(authorizeUrl).searchParams.get('client_id')).toBe(OWN_APPS.alice.clientId)
    const page = await authorizeThroughPages(setup.emulator.app, authorizeUrl, { login: 'alice' })
    await saveOwnApp(browser, OWN_APPS.bob)
    const query = new URL(page.location ?? '').search
    const finish = await browser.call('POST', '/auth/lab/finish', { body: { query } })
    expect(await errorOf(finish)).toMatchObject({ status: 400, code: 'app_changed' })
    const tokenCalls = setup.emulator.control
      .requestLog()
      .filter((entry) => entry.path === '/oauth2/token')
    expect(tokenCalls).toHaveLength(0)
  })

  it('exchanges with it, its secret nowhere in the answer', async () => {
    const setup = setupByo()
    const browser = createBrowser(setup.proxy, 'http://localhost:5173', { trace: true })
    await saveOwnApp(browser, OWN_APPS.alice)
    const start = await browser.call('POST', '/auth/lab/start', { body: PLAIN_RUN })
    const { authorizeUrl } = (await start.json()) as { authorizeUrl: string }
    const page = await authorizeThroughPages(setup.emulator.app, authorizeUrl, { login: 'alice' })
    const query = new URL(page.location ?? '').search
    const finish = await browser.call('POST', '/auth/lab/finish', { body: { query } })
    const text = await finish.text()
    expect(JSON.parse(text)).toMatchObject({ actual: '200 token', exchanged: true })
    const headers = [...finish.headers].map(([name, value]) => `${name}: ${value}`).join('\n')
    for (const secret of [OWN_APPS.alice.clientSecret, 'emu_at_']) {
      expect(text).not.toContain(secret)
      expect(headers).not.toContain(secret)
    }
  })
})

describe('the flow inspector’s trace of a run', () => {
  it('shows the authorize request and the exchange, redacted', async () => {
    const browser = createBrowser(lab.proxy, 'http://localhost:5173', { trace: true })
    const start = await browser.call('POST', '/auth/lab/start', { body: PLAIN_RUN })
    const { authorizeUrl } = (await start.json()) as { authorizeUrl: string }
    const startTrace = parseTraceHeader(start.headers.get(TRACE_HEADER))
    expect(startTrace?.steps.map((step) => step.kind)).toEqual(['authorize'])
    const sent = new URL(authorizeUrl).searchParams.get('state') ?? ''
    expect(start.headers.get(TRACE_HEADER)).not.toContain(sent)
    const query = await lab.approve(authorizeUrl)
    const finish = await lab.finish(query, browser)
    const trace = parseTraceHeader(finish.headers.get(TRACE_HEADER))
    expect(trace?.steps.map((step) => step.kind)).toEqual(['exchange'])
    const header = finish.headers.get(TRACE_HEADER) ?? ''
    const back = new URLSearchParams(query)
    for (const secret of [back.get('code') ?? '', sent, 'emu_at_']) {
      expect(header).not.toContain(secret)
    }
  })
})

describe('FLOW_LAB off', () => {
  it('leaves the routes out (enabled: false), where the proxy answers 404 as for any unknown path', () => {
    const config = loadConfig({ SESSION_SECRET: LAB_SESSION_SECRET })
    const sealer = createSealer(LAB_SESSION_SECRET, Date.now)
    // Only the configuration is read while the routes are made.
    const ctx = { config } as ProxyContext
    expect(createLabEditorRoutes(ctx, { sealer, enabled: false }).routes).toEqual([])
    expect(
      createLabEditorRoutes(ctx, { sealer }).routes.map((route) => `${route.method} ${route.path}`),
    ).toEqual(['POST /start', 'POST /finish'])
  })
})
