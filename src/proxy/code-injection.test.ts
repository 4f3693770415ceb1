/**
 * Checklist B9, code injection (RFC 9700 §4.5): someone who steals a victim's authorization code
 * before it is redeemed posts it in a login of their own. The `state` binding (A2) does not stop
 * this; only PKCE does (A8): the proxy sends it, but Yuque documents none, so against Yuque it
 * protects nothing that can be shown.
 */
import { describe, expect, it } from 'vitest'
import { createEmulator } from '../emulator/emulator'
import { s256Challenge } from '../emulator/pkce'
import { seedApps } from '../emulator/seed'
import { authorizeThroughPages, redeemCode } from '../emulator/testing'
import { loadConfig } from './config'
import { createProxy } from './proxy'
import { createBrowser } from './test-client'
import { createInProcessUpstream } from './upstream'

const APP_ORIGIN = 'http://localhost:5173'

describe('a stolen code injected into the attacker’s own login', () => {
  it('connects the attacker as the victim against a service without PKCE (known limitation, as with Yuque)', async () => {
    const emulator = createEmulator({
      apps: seedApps({ webRedirectUri: `${APP_ORIGIN}/callback` }),
    })
    const proxy = createProxy({
      config: loadConfig({ SESSION_SECRET: 'code-injection-session-secret-0123456789' }),
      upstream: createInProcessUpstream((request) => emulator.app.request(request)),
    })

    // The victim's login: the code is stolen from the callback before the victim's tab posts it.
    const victim = createBrowser(proxy, APP_ORIGIN)
    const victimStart = await victim.call('POST', '/auth/start', { body: { scopes: ['doc'] } })
    const { authorizeUrl } = (await victimStart.json()) as { authorizeUrl: string }
    const approved = await authorizeThroughPages(emulator.app, authorizeUrl, { login: 'alice' })
    const stolenCode = new URL(approved.location ?? '').searchParams.get('code')

    // The attacker starts a login of their own and posts the stolen code with their own state.
    const attacker = createBrowser(proxy, APP_ORIGIN)
    const attackerStart = await attacker.call('POST', '/auth/start', { body: { scopes: [] } })
    const { state } = (await attackerStart.json()) as { state: string }
    const injected = await attacker.call('POST', '/auth/exchange', {
      body: { code: stolenCode, state },
    })

    // Nothing in the proxy can tell: the attacker's browser now holds alice's account.
    expect(injected.status).toBe(200)
    const profile = await attacker.call('GET', '/api/v2/user')
    expect(await profile.json()).toMatchObject({ data: { login: 'alice' } })
  })

  it('is refused through the proxy when the service checks the PKCE verifier the proxy sends (emulator in required mode)', async () => {
    const emulator = createEmulator({
      apps: seedApps({ webRedirectUri: `${APP_ORIGIN}/callback` }),
      pkce: 'required',
    })
    const proxy = createProxy({
      config: loadConfig({ SESSION_SECRET: 'code-injection-session-secret-0123456789' }),
      upstream: createInProcessUpstream((request) => emulator.app.request(request)),
    })

    const victim = createBrowser(proxy, APP_ORIGIN)
    const victimStart = await victim.call('POST', '/auth/start', { body: { scopes: ['doc'] } })
    const { authorizeUrl } = (await victimStart.json()) as { authorizeUrl: string }
    // The proxy sent an S256 challenge: the required-mode service accepted the authorization.
    expect(new URL(authorizeUrl).searchParams.get('code_challenge_method')).toBe('S256')
    const approved = await authorizeThroughPages(emulator.app, authorizeUrl, { login: 'alice' })
    const stolenCode = new URL(approved.location ?? '').searchParams.get('code')
    expect(stolenCode).toMatch(/\S{10,}/)

    const attacker = createBrowser(proxy, APP_ORIGIN)
    const attackerStart = await attacker.call('POST', '/auth/start', { body: { scopes: [] } })
    const { state } = (await attackerStart.json()) as { state: string }
    const injected = await attacker.call('POST', '/auth/exchange', {
      body: { code: stolenCode, state },
    })

    // The attacker's login carries the attacker's verifier, which does not fit alice's code.
    expect(injected.status).toBe(400)
    expect(await injected.json()).toMatchObject({
      message: expect.stringContaining('invalid_grant') as unknown,
    })
    expect(await (await attacker.call('GET', '/auth/session')).json()).toEqual({
      connected: false,
    })
  })

  it('connects through the proxy with PKCE required: the proxy sends the verifier that fits its challenge', async () => {
    const emulator = createEmulator({
      apps: seedApps({ webRedirectUri: `${APP_ORIGIN}/callback` }),
      pkce: 'required',
    })
    const proxy = createProxy({
      config: loadConfig({ SESSION_SECRET: 'code-injection-session-secret-0123456789' }),
      upstream: createInProcessUpstream((request) => emulator.app.request(request)),
    })
    const user = createBrowser(proxy, APP_ORIGIN)
    const started = await user.call('POST', '/auth/start', { body: { scopes: ['doc'] } })
    const { authorizeUrl, state } = (await started.json()) as {
      authorizeUrl: string
      state: string
    }
    const approved = await authorizeThroughPages(emulator.app, authorizeUrl, { login: 'alice' })
    const code = new URL(approved.location ?? '').searchParams.get('code')
    const exchanged = await user.call('POST', '/auth/exchange', { body: { code, state } })
    expect(exchanged.status).toBe(200)
    const profile = await user.call('GET', '/api/v2/user')
    expect(await profile.json()).toMatchObject({ data: { login: 'alice' } })
  })

  it('sends no PKCE with OAUTH_PKCE=off, so a service that requires it refuses the authorization', async () => {
    const emulator = createEmulator({
      apps: seedApps({ webRedirectUri: `${APP_ORIGIN}/callback` }),
      pkce: 'required',
    })
    const proxy = createProxy({
      config: loadConfig({
        SESSION_SECRET: 'code-injection-session-secret-0123456789',
        OAUTH_PKCE: 'off',
      }),
      upstream: createInProcessUpstream((request) => emulator.app.request(request)),
    })
    const user = createBrowser(proxy, APP_ORIGIN)
    const started = await user.call('POST', '/auth/start', { body: { scopes: ['doc'] } })
    const { authorizeUrl } = (await started.json()) as { authorizeUrl: string }
    expect(new URL(authorizeUrl).searchParams.has('code_challenge')).toBe(false)
    const refused = await emulator.app.request(authorizeUrl)
    expect(new URL(refused.headers.get('Location') ?? '').searchParams.get('error')).toBe(
      'invalid_request',
    )
  })

  it('is refused by the service itself when the verifier is not the victim’s (emulator in required mode)', async () => {
    const emulator = createEmulator({ pkce: 'required' })
    // The victim's client sent the challenge of a verifier only it knows.
    const victimVerifier = 'victim-verifier-0123456789-abcdefghijklmnopqrstuv'
    const params = new URLSearchParams({
      client_id: 'playground-web',
      response_type: 'code',
      scope: 'doc',
      state: 'victim-state',
      code_challenge: s256Challenge(victimVerifier),
      code_challenge_method: 'S256',
    })
    const approved = await authorizeThroughPages(emulator.app, `/oauth2/authorize?${params}`, {
      login: 'alice',
    })
    const stolenCode = new URL(approved.location ?? '').searchParams.get('code') ?? ''

    // The attacker's client redeems it with the verifier of its own login.
    const injected = await redeemCode(emulator.app, stolenCode, {
      code_verifier: 'attacker-verifier-0123456789-abcdefghijklmnopqrs',
    })
    expect(injected.status).toBe(400)
    expect(await injected.json()).toMatchObject({ error: 'invalid_grant' })
  })
})
