/**
 * docs/security.md#b9, code injection (RFC 9700 §4.5): someone who steals a victim's authorization
 * code before it is redeemed posts it in a login of their own. The `state` binding (A2) does not
 * stop this; only PKCE does (A8): the proxy sends it, but Yuque documents none, so against Yuque it
 * protects nothing that can be shown.
 */
import { describe, expect, it } from 'vitest'
import { createEmulator } from '../../emulator/emulator'
import { s256Challenge, type PkceMode } from '../../emulator/oauth/pkce'
import { seedApps } from '../../emulator/seed'
import { StartLoginResponseSchema } from '../../protocol/playground-api'
import { authorizeThroughPages, redeemCode } from '../../testing/emulator-pages'
import { loadConfig, type Env } from '../config'
import { createProxy } from '../proxy'
import { createBrowser } from '../../testing/proxy-browser'
import { createInProcessUpstream } from '../api/upstream'

const APP_ORIGIN = 'http://localhost:5173'

/** The real proxy in front of the real emulator, PKCE at the service as given. */
function setup(options: { pkce?: PkceMode; env?: Env } = {}) {
  const emulator = createEmulator({
    apps: seedApps({ webRedirectUri: `${APP_ORIGIN}/callback` }),
    ...(options.pkce === undefined ? {} : { pkce: options.pkce }),
  })
  const proxy = createProxy({
    config: loadConfig({
      SESSION_SECRET: 'code-injection-session-secret-0123456789',
      ...options.env,
    }),
    upstream: createInProcessUpstream((request) => emulator.app.request(request)),
  })
  return { emulator, proxy }
}

/** A browser's `POST /auth/start`: the authorize URL and the state the proxy made. */
async function startLogin(browser: ReturnType<typeof createBrowser>, scopes: string[]) {
  const started = await browser.call('POST', '/auth/start', { body: { scopes } })
  return StartLoginResponseSchema.parse(await started.json())
}

/** Alice approves a login started in `browser`: the code the service sends back, unredeemed. */
async function approvedCode(
  { emulator }: ReturnType<typeof setup>,
  browser: ReturnType<typeof createBrowser>,
) {
  const { authorizeUrl, state } = await startLogin(browser, ['doc'])
  const approved = await authorizeThroughPages(emulator.app, authorizeUrl, { login: 'alice' })
  return { code: new URL(approved.location ?? '').searchParams.get('code'), state, authorizeUrl }
}

/** The victim's code, stolen before the victim's tab posts it, posted in the attacker's login. */
async function injectVictimCode(stack: ReturnType<typeof setup>) {
  const victim = createBrowser(stack.proxy, APP_ORIGIN)
  const stolen = await approvedCode(stack, victim)
  expect(stolen.code).toMatch(/\S{10,}/)
  const attacker = createBrowser(stack.proxy, APP_ORIGIN)
  const { state } = await startLogin(attacker, [])
  const injected = await attacker.call('POST', '/auth/exchange', {
    body: { code: stolen.code, state },
  })
  return { attacker, injected, victimAuthorizeUrl: stolen.authorizeUrl }
}

describe('a stolen code injected into the attacker’s own login', () => {
  it('connects the attacker as the victim against a service without PKCE (known limitation, as with Yuque)', async () => {
    const { attacker, injected } = await injectVictimCode(setup())

    // Nothing in the proxy can tell: the attacker's browser now holds alice's account.
    expect(injected.status).toBe(200)
    const profile = await attacker.call('GET', '/api/v2/user')
    expect(await profile.json()).toMatchObject({ data: { login: 'alice' } })
  })

  it('is refused through the proxy when the service checks the PKCE verifier the proxy sends (emulator in required mode)', async () => {
    const { attacker, injected, victimAuthorizeUrl } = await injectVictimCode(
      setup({ pkce: 'required' }),
    )

    // The proxy sent an S256 challenge, so the required-mode service issued the victim's code;
    // the attacker's login carries the attacker's verifier, which does not fit that code.
    expect(new URL(victimAuthorizeUrl).searchParams.get('code_challenge_method')).toBe('S256')
    expect(injected.status).toBe(400)
    expect(await injected.json()).toMatchObject({
      message: expect.stringContaining('invalid_grant') as unknown,
    })
    expect(await (await attacker.call('GET', '/auth/session')).json()).toEqual({
      connected: false,
    })
  })

  it('connects through the proxy with PKCE required: the proxy sends the verifier that fits its challenge', async () => {
    const stack = setup({ pkce: 'required' })
    const user = createBrowser(stack.proxy, APP_ORIGIN)
    const { code, state } = await approvedCode(stack, user)
    const exchanged = await user.call('POST', '/auth/exchange', { body: { code, state } })
    expect(exchanged.status).toBe(200)
    const profile = await user.call('GET', '/api/v2/user')
    expect(await profile.json()).toMatchObject({ data: { login: 'alice' } })
  })

  it('sends no PKCE with OAUTH_PKCE=off, so a service that requires it refuses the authorization', async () => {
    const { emulator, proxy } = setup({ pkce: 'required', env: { OAUTH_PKCE: 'off' } })
    const { authorizeUrl } = await startLogin(createBrowser(proxy, APP_ORIGIN), ['doc'])
    expect(new URL(authorizeUrl).searchParams.has('code_challenge')).toBe(false)
    // As a browser opens it: with a User-Agent, which the service requires at /oauth2/….
    const refused = await emulator.app.request(authorizeUrl, {
      headers: { 'User-Agent': 'code-injection-test/1.0' },
    })
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
