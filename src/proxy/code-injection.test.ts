/**
 * Checklist B9, code injection (RFC 9700 §4.5): someone who steals a victim's authorization code
 * before it is redeemed posts it in a login of their own. The `state` binding (A2) does not stop
 * this; only PKCE does, and Yuque documents none.
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

  it('is refused by a service that binds the code to a PKCE challenge (the emulator in required mode)', async () => {
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
