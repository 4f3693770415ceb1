/**
 * An upstream 401 ends the session only when the token is dead (scope-failure.ts), against both
 * emulator profiles: `seed` (the spec: a missing scope is a 403) and `observed` (the real service:
 * a missing scope is `401 scope unauthorized`). Each case runs under both: the answers that differ
 * by design come from the emulator's profile; the others are queued as test-control faults.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { createEmulator } from '../../emulator/emulator'
import { seedApps } from '../../emulator/seed'
import { authorizeThroughPages } from '../../testing/emulator-pages'
import { ErrorBodySchema } from '../../protocol/envelope'
import { SCOPE_FAILURE_HEADER, SESSION_HEADER } from '../../protocol/playground-api'
import { SessionResponseSchema } from '../../protocol/session-schemas'
import { TRACE_HEADER, parseTraceHeader } from '../../protocol/trace'
import { loadConfig } from '../config'
import { createProxy } from '../proxy'
import { connectBrowser, createBrowser } from '../../testing/proxy-browser'
import { createInProcessUpstream } from './upstream'

type Profile = 'seed' | 'observed'

const APP = 'http://localhost:5173'
/** Needs `group:read`; the test token holds `repo:read` only. */
const GROUPS = '/api/v2/users/1001/groups'

function createStack(profile: Profile) {
  const emulator = createEmulator({
    testControl: true,
    apps: seedApps({ webRedirectUri: `${APP}/callback` }),
  })
  const proxy = createProxy({
    config: loadConfig({ SESSION_SECRET: 'scope-failure-test-secret-0123456789' }),
    upstream: createInProcessUpstream((request) => emulator.app.request(request)),
    log: () => {},
  })
  emulator.control.setProfile(profile)
  const browser = createBrowser(proxy, APP, { trace: true })
  const probes = () =>
    emulator.control.requestLog().filter((entry) => entry.path === '/api/v2/user').length
  const isConnected = async () =>
    SessionResponseSchema.parse(await (await browser.call('GET', '/auth/session')).json()).connected
  const traceTitles = (response: Response) =>
    parseTraceHeader(response.headers.get(TRACE_HEADER))?.steps.map((step) => step.title) ?? []
  return { emulator, browser, probes, isConnected, traceTitles }
}

let stack: ReturnType<typeof createStack>

async function connectWithRepoRead(profile: Profile) {
  stack = createStack(profile)
  const response = await connectBrowser(
    stack.browser,
    async (url) =>
      (await authorizeThroughPages(stack.emulator.app, url, { login: 'alice' })).location,
    ['repo:read'],
  )
  expect(response.status).toBe(200)
  stack.emulator.control.clearLog()
}

describe.each<Profile>(['seed', 'observed'])('an upstream refusal, %s profile', (profile) => {
  beforeEach(() => connectWithRepoRead(profile))

  it('keeps the session when a call lacks a scope, whichever status the profile uses', async () => {
    const response = await stack.browser.call('GET', GROUPS)
    const body = ErrorBodySchema.parse(await response.json())
    if (profile === 'seed') {
      expect(response.status).toBe(403)
      expect(body.message).toContain('This request needs the "group:read" scope')
      expect(response.headers.get('X-Accepted-OAuth-Scopes')).toContain('group:read')
      expect(response.headers.get(SCOPE_FAILURE_HEADER)).toBeNull()
    } else {
      expect(response.status).toBe(401)
      expect(body.message).toBe('scope unauthorized')
      expect(response.headers.get(SCOPE_FAILURE_HEADER)).toBe('group:read')
    }
    expect(response.headers.get(SESSION_HEADER)).toBeNull()
    // An explicit answer needs no probe.
    expect(stack.probes()).toBe(0)
    expect(await stack.isConnected()).toBe(true)
  })

  it('reads a scope failure from X-Accepted-OAuth-Scopes alone and names the missing scope', async () => {
    stack.emulator.control.queueFault({
      path: GROUPS,
      status: 401,
      body: { status: 401, message: 'Unauthorized' },
      headers: { 'X-Accepted-OAuth-Scopes': 'group,group:read', 'X-OAuth-Scopes': 'repo:read' },
    })
    const response = await stack.browser.call('GET', GROUPS)
    expect(response.status).toBe(401)
    expect(response.headers.get(SCOPE_FAILURE_HEADER)).toBe('group:read')
    expect(response.headers.get(SESSION_HEADER)).toBeNull()
    expect(stack.probes()).toBe(0)
    expect(await stack.isConnected()).toBe(true)
  })

  it('probes GET /user once when a 401 says neither, and keeps the session when it succeeds', async () => {
    stack.emulator.control.queueFault({
      path: GROUPS,
      status: 401,
      body: { status: 401, message: 'Token/Scope 未通过鉴权' },
    })
    const response = await stack.browser.call('GET', GROUPS)
    expect(response.status).toBe(401)
    expect(ErrorBodySchema.parse(await response.json()).message).toBe('Token/Scope 未通过鉴权')
    expect(response.headers.get(SCOPE_FAILURE_HEADER)).toBe('')
    expect(response.headers.get(SESSION_HEADER)).toBeNull()
    expect(stack.probes()).toBe(1)
    expect(stack.traceTitles(response)).toEqual([
      'API call: GET /users/{id}/groups',
      'Token probe: GET /user with the same token',
      'A scope failure: the token works, the session stays',
    ])
    expect(await stack.isConnected()).toBe(true)
  })

  it('ends the session when a 401 says neither and the probe is refused too, probing once', async () => {
    for (const path of [GROUPS, '/api/v2/user']) {
      stack.emulator.control.queueFault({
        path,
        status: 401,
        body: { status: 401, message: 'Unauthorized' },
      })
    }
    const response = await stack.browser.call('GET', GROUPS)
    expect(response.status).toBe(401)
    expect(response.headers.get(SESSION_HEADER)).toBe('ended')
    expect(response.headers.get(SCOPE_FAILURE_HEADER)).toBeNull()
    expect(stack.probes()).toBe(1)
    expect(stack.traceTitles(response)).toContain(
      'The token is no longer accepted: the proxy ended the session',
    )
    expect(await stack.isConnected()).toBe(false)
  })

  it('ends the session on a 401 from GET /user itself without probing it again', async () => {
    stack.emulator.control.queueFault({
      path: '/api/v2/user',
      status: 401,
      body: { status: 401, message: 'Unauthorized' },
    })
    const response = await stack.browser.call('GET', '/api/v2/user')
    expect(response.headers.get(SESSION_HEADER)).toBe('ended')
    expect(stack.probes()).toBe(1)
    expect(await stack.isConnected()).toBe(false)
  })
})
