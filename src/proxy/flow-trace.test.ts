/**
 * The proxy's X-Playground-Trace header (the flow inspector), read as the browser would read it, for a real
 * flow against the real emulator in-process: what it tells, and that no secret is in it.
 */
import { Hono } from 'hono'
import { beforeEach, describe, expect, it } from 'vitest'
import { createEmulator } from '../emulator/emulator'
import { seedApps } from '../emulator/seed'
import { authorizeThroughPages } from '../testing/emulator-pages'
import { StartLoginResponseSchema } from '../protocol/playground-api'
import { TRACE_HEADER, parseTraceHeader, type ProxyTrace, type TraceStep } from '../protocol/trace'
import { TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE } from '../protocol/trace-request'
import { loadConfig } from './config'
import { addTraceStep, flowTraceMiddleware, isTracing } from './flow-trace'
import { createProxy } from './proxy'
import { createBrowser } from '../testing/proxy-browser'
import { createInProcessUpstream } from './api/upstream'

const SESSION_SECRET = 'flow-trace-test-session-secret-0123456789'
let now = Date.parse('2026-11-21T10:00:00Z')
let emulator: ReturnType<typeof createEmulator>
let proxy: ReturnType<typeof createProxy>
/** Every access token the emulator issued, seen on its way to the proxy. */
let issued: string[]

beforeEach(() => {
  issued = []
  const inProcess = createInProcessUpstream((request) => emulator.app.request(request))
  emulator = createEmulator({
    clock: () => now,
    testControl: true,
    apps: seedApps({ webRedirectUri: 'http://localhost:5173/callback' }),
  })
  proxy = createProxy({
    config: loadConfig({ SESSION_SECRET }),
    upstream: async (request) => {
      const response = await inProcess(request)
      const token = /"access_token":"([^"]+)"/.exec(response.body)?.[1]
      if (token !== undefined) issued.push(token)
      return response
    },
    clock: () => now,
  })
})

/** The web app asks for the trace while the inspector is open; these tests read it. */
const TRACED = { trace: true }

/** Everything that must never be in a trace, whatever the call. */
const ALWAYS_SECRET = [
  'emu_at_',
  'client_secret',
  'playground-web-secret',
  'playground-cli-secret',
  SESSION_SECRET,
]

function traceOf(response: Response, secrets: readonly string[] = []): ProxyTrace {
  const raw = response.headers.get(TRACE_HEADER)
  expect(raw, `${TRACE_HEADER} header`).not.toBeNull()
  // An HTTP header value: printable ASCII only (non-ASCII is escaped as \uXXXX).
  expect(raw).toMatch(/^[\x20-\x7e]+$/)
  for (const secret of [...ALWAYS_SECRET, ...secrets].filter((s) => s !== '')) {
    expect(raw!.includes(secret), `the trace holds ${secret.slice(0, 12)}…`).toBe(false)
    expect(raw!.includes(encodeURIComponent(secret))).toBe(false)
  }
  const trace = parseTraceHeader(raw)
  expect(trace, 'the header parses with ProxyTraceSchema').not.toBeNull()
  return trace!
}

const fieldsOf = (fields: { name: string; value: string }[] | undefined) =>
  Object.fromEntries((fields ?? []).map((field) => [field.name, field.value]))

/** The sealed cookies' values; the connected hint's `1` is public by design (decision 0006). */
function cookieValues(browser: ReturnType<typeof createBrowser>): string[] {
  return browser.seen
    .filter((cookie) => !cookie.name.endsWith('pg_connected'))
    .map((cookie) => cookie.value)
    .filter((value) => value !== '')
}

async function login(browser: ReturnType<typeof createBrowser>, scopes = ['repo:read']) {
  const start = await browser.call('POST', '/auth/start', { body: { scopes } })
  const { authorizeUrl, state } = StartLoginResponseSchema.parse(await start.json())
  const result = await authorizeThroughPages(emulator.app, authorizeUrl, { login: 'alice' })
  const code = new URL(result.location ?? '').searchParams.get('code') ?? ''
  const exchange = await browser.call('POST', '/auth/exchange', { body: { code, state } })
  expect(exchange.status).toBe(200)
  return { start, state, code, exchange }
}

function issuedTokens(): string[] {
  expect(issued.length, 'a token was issued').toBeGreaterThan(0)
  return issued
}

describe('X-Playground-Trace', () => {
  it('reports the authorize request with its parameters and the state replaced', async () => {
    const browser = createBrowser(proxy, undefined, TRACED)
    const { start, state } = await login(browser)
    const trace = traceOf(start, [state])
    expect(trace.steps).toHaveLength(1)
    const [step] = trace.steps as [TraceStep]
    expect(step.kind).toBe('authorize')
    expect(step.request?.method).toBe('GET')
    expect(step.request?.url).toBe('http://127.0.0.1:4010/oauth2/authorize')
    expect(step.request?.paramsIn).toBe('query')
    expect(fieldsOf(step.request?.params)).toEqual({
      client_id: 'playground-web',
      scope: 'repo:read',
      redirect_uri: 'http://localhost:5173/callback',
      state: '$STATE',
      response_type: 'code',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{8}…$/) as unknown,
      code_challenge_method: 'S256',
    })
    const stateField = step.request?.params.find((field) => field.name === 'state')
    expect(stateField?.redacted).toBe('value')
    expect(stateField?.note).toContain(state.slice(0, 6))
  })

  it('reports the state check and the exchange as performed, with the code and the credential as placeholders', async () => {
    const browser = createBrowser(proxy, undefined, TRACED)
    const cookiesBefore = () => cookieValues(browser)
    const { exchange, code, state } = await login(browser)
    const trace = traceOf(exchange, [code, state, ...issuedTokens(), ...cookiesBefore()])
    expect(trace.steps.map((step) => [step.kind, step.outcome])).toEqual([
      ['state-check', 'passed'],
      ['exchange', 'passed'],
      // The profile, for the page the app shows next (prime-profile.ts).
      ['api', 'passed'],
    ])
    expect(trace.steps[2]?.request?.url).toBe('http://127.0.0.1:4010/api/v2/user')
    const exchangeStep = trace.steps[1]!
    expect(exchangeStep.request).toMatchObject({
      method: 'POST',
      url: 'http://127.0.0.1:4010/oauth2/token',
      paramsIn: 'form',
    })
    expect(
      exchangeStep.request?.params.map((field) => [field.name, field.value, field.redacted]),
    ).toEqual([
      ['client_id', 'playground-web', undefined],
      ['client credential', '$CLIENT_CREDENTIAL', 'pair'],
      ['code', '$CODE', 'value'],
      ['grant_type', 'authorization_code', undefined],
      ['code_verifier', '$CODE_VERIFIER', 'value'],
    ])
    expect(fieldsOf(exchangeStep.request?.headers)).toMatchObject({
      'Content-Type': 'application/x-www-form-urlencoded',
      'User-Agent': expect.stringMatching(/^yuque-oauth-playground\//),
    })
    expect(exchangeStep.response?.status).toBe(200)
    expect(exchangeStep.response?.durationMs).toBeGreaterThanOrEqual(0)
    expect(fieldsOf(exchangeStep.response?.fields)).toEqual({
      access_token: '$YUQUE_TOKEN',
      token_type: 'bearer',
      scope: 'repo:read',
    })
    // The emulator did receive the real credential and code: the trace describes, not invents.
    expect(
      emulator.control.requestLog().filter((entry) => entry.path === '/oauth2/token'),
    ).toHaveLength(1)
  })

  it('reports a failed state check and no exchange', async () => {
    const browser = createBrowser(proxy, undefined, TRACED)
    const start = await browser.call('POST', '/auth/start', { body: { scopes: [] } })
    const { state } = StartLoginResponseSchema.parse(await start.json())
    const forged = `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`
    const response = await browser.call('POST', '/auth/exchange', {
      body: { code: 'a-code-that-is-never-sent', state: forged },
    })
    expect(response.status).toBe(400)
    const trace = traceOf(response, ['a-code-that-is-never-sent', forged, state])
    expect(trace.error).toBe('state_missing')
    expect(trace.steps.map((step) => [step.kind, step.outcome])).toEqual([
      ['state-check', 'failed'],
    ])
    expect(emulator.control.requestLog().filter((entry) => entry.path === '/oauth2/token')).toEqual(
      [],
    )
  })

  it('keeps a failing token endpoint’s free text out of the body summary (ASVS 16.5.1)', async () => {
    const browser = createBrowser(proxy, undefined, TRACED)
    const start = await browser.call('POST', '/auth/start', { body: { scopes: [] } })
    const { authorizeUrl, state } = StartLoginResponseSchema.parse(await start.json())
    const result = await authorizeThroughPages(emulator.app, authorizeUrl, { login: 'alice' })
    const code = new URL(result.location ?? '').searchParams.get('code') ?? ''
    emulator.control.queueFault({
      path: '/oauth2/token',
      status: 500,
      body: { error: 'server_error', error_description: 'SENTINEL-stack-trace' },
    })
    const response = await browser.call('POST', '/auth/exchange', { body: { code, state } })
    const exchange = traceOf(response, [code, state, 'SENTINEL']).steps[1]
    expect(fieldsOf(exchange?.response?.fields)).toEqual({ error: 'server_error' })
  })

  it('reports each API call with the service URL, status, duration and the headers that matter, the token as a placeholder', async () => {
    const browser = createBrowser(proxy, undefined, TRACED)
    await login(browser, ['repo:read'])
    const response = await browser.call('GET', '/api/v2/user')
    expect(response.status).toBe(200)
    const trace = traceOf(response, [...issuedTokens(), ...cookieValues(browser)])
    const [step] = trace.steps as [TraceStep]
    expect(step).toMatchObject({ kind: 'api', outcome: 'passed' })
    expect(step.request?.url).toBe('http://127.0.0.1:4010/api/v2/user')
    expect(step.request?.headers.find((field) => field.name === 'X-Auth-Token')).toMatchObject({
      value: '$YUQUE_TOKEN',
      redacted: 'value',
    })
    expect(step.response?.status).toBe(200)
    expect(Object.keys(fieldsOf(step.response?.headers))).toEqual(
      expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-OAuth-Scopes']),
    )
  })

  it('reports a public lookup as sent without a token', async () => {
    const response = await createBrowser(proxy, undefined, TRACED).call(
      'GET',
      '/api/v2/users/wangxiaoming',
    )
    const [step] = traceOf(response).steps as [TraceStep]
    expect(step.request?.headers.map((field) => field.name)).toEqual(['Accept', 'User-Agent'])
    expect(step.notes.join(' ')).toContain('without a token')
  })

  it('reports a refusal of the proxy by its error code, with no step', async () => {
    const response = await createBrowser(proxy, undefined, TRACED).call('GET', '/api/v2/user')
    expect(response.status).toBe(401)
    const trace = traceOf(response)
    expect(trace).toMatchObject({ steps: [], error: 'not_connected' })
  })

  it('describes every call of the proxy, even one that needed no step', async () => {
    const response = await createBrowser(proxy, undefined, TRACED).call('GET', '/auth/session')
    const trace = traceOf(response)
    expect(trace.steps).toEqual([])
    expect(trace.call).toEqual({
      method: 'GET',
      path: '/auth/session',
      status: 200,
      at: now,
      durationMs: expect.any(Number),
    })
  })

  it('reports the client-code signing and each poll without the client code or the credential', async () => {
    const browser = createBrowser(proxy, undefined, TRACED)
    const start = await browser.call('POST', '/auth/client-code/start', {
      body: { scopes: ['repo:read'] },
    })
    const redirect = await browser.call('GET', '/auth/client-code/authorize', { bare: true })
    const authorizeUrl = new URL(redirect.headers.get('Location') ?? '')
    const clientCode = authorizeUrl.searchParams.get('code') ?? ''
    expect(clientCode).toHaveLength(40)

    const signing = traceOf(start, [clientCode, ...cookieValues(browser)]).steps[0]!
    expect(signing.kind).toBe('sign')
    expect(fieldsOf(signing.request?.params)).toMatchObject({
      client_id: 'playground-cli',
      code: '$CLIENT_CODE',
      response_type: 'code',
      scope: 'repo:read',
      sign: authorizeUrl.searchParams.get('sign'),
    })

    const pending = await browser.call('POST', '/auth/client-code/poll', { body: {} })
    const pendingStep = traceOf(pending, [clientCode, ...cookieValues(browser)]).steps[0]!
    expect(pendingStep).toMatchObject({ kind: 'poll', outcome: 'pending' })
    expect(pendingStep.title).toContain('Poll 1 of 20')
    expect(pendingStep.request?.params.map((field) => [field.name, field.value])).toEqual([
      ['client_id', 'playground-cli'],
      ['code', '$CLIENT_CODE'],
      ['grant_type', 'client_code'],
    ])
    expect(pendingStep.response?.status).toBe(400)
    // RFC 6749 §5.2: the description is for the developer reading the inspector.
    expect(fieldsOf(pendingStep.response?.fields)).toEqual({
      error: 'invalid_request',
      error_description: 'authorization code is invalid',
    })

    await authorizeThroughPages(emulator.app, authorizeUrl.href, { login: 'bob' })
    now += 3000 // polls are at least 3 s apart (client-code-routes.ts)
    const approved = await browser.call('POST', '/auth/client-code/poll', { body: {} })
    const approvedStep = traceOf(approved, [
      clientCode,
      ...issuedTokens(),
      ...cookieValues(browser),
    ]).steps[0]!
    expect(approvedStep).toMatchObject({ kind: 'poll', outcome: 'passed' })
    expect(fieldsOf(approvedStep.response?.fields)).toMatchObject({ access_token: '$YUQUE_TOKEN' })
  })

  it('reports a logout and that the token stays valid at the service', async () => {
    const browser = createBrowser(proxy, undefined, TRACED)
    await login(browser)
    const response = await browser.call('POST', '/auth/logout', { body: {} })
    const [step] = traceOf(response, issuedTokens()).steps as [TraceStep]
    expect(step.kind).toBe('session')
    expect(step.notes.join(' ')).toContain('stays valid')
  })
})

describe('X-Playground-Trace only when asked for', () => {
  it('answers a call without the request header with no trace, a refusal included', async () => {
    const browser = createBrowser(proxy)
    await login(browser)
    const user = await browser.call('GET', '/api/v2/user')
    expect(user.status).toBe(200)
    expect(user.headers.get(TRACE_HEADER)).toBeNull()
    const refused = await createBrowser(proxy).call('GET', '/api/v2/nowhere')
    expect(refused.status).toBe(404)
    expect(refused.headers.get(TRACE_HEADER)).toBeNull()
  })

  it('asks for the trace with the header the inspector sends, and nothing else', async () => {
    const browser = createBrowser(proxy)
    const other = await browser.call('GET', '/auth/session', {
      headers: { [TRACE_REQUEST_HEADER]: 'yes' },
    })
    expect(other.headers.get(TRACE_HEADER)).toBeNull()
    const asked = await browser.call('GET', '/auth/session', {
      headers: { [TRACE_REQUEST_HEADER]: TRACE_REQUEST_VALUE },
    })
    expect(traceOf(asked).call.path).toBe('/auth/session')
  })

  it('builds no step for a call that did not ask (a route passes a function, never called)', async () => {
    const app = new Hono()
    let built = 0
    app.use(
      '*',
      flowTraceMiddleware(loadConfig({ SESSION_SECRET }), () => now),
    )
    app.get('/step', (c) => {
      addTraceStep(c, () => {
        built += 1
        return { kind: 'session', title: 'built', outcome: 'info', notes: [] }
      })
      return c.json({ tracing: isTracing(c) })
    })
    const plain = await app.request('/step')
    expect(await plain.json()).toEqual({ tracing: false })
    expect(built).toBe(0)
    const asked = await app.request('/step', {
      headers: { [TRACE_REQUEST_HEADER]: TRACE_REQUEST_VALUE },
    })
    expect(await asked.json()).toEqual({ tracing: true })
    expect(built).toBe(1)
    expect(traceOf(asked).steps.map((step) => step.title)).toEqual(['built'])
  })
})
