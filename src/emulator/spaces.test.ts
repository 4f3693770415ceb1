/**
 * Enterprise spaces (docs/emulator.md#enterprise-spaces), in-process (`app.request()` with the
 * `Host` a browser or a client sends): the seed's space `acme` on `acme.localhost:4010` (the
 * default public origin `http://127.0.0.1:4010` is an IP address) is a tenant of its own, with
 * its users, repositories, apps, tokens, counters, log and pages; a space-shaped name of no space
 * is 404, any other name 421, as before.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { envelope } from '../protocol/schemas'
import { UserSchema } from '../protocol/user-schema'
import { CONTROL_HEADERS } from './control/test-control'
import { createEmulator, type EmulatorOptions } from './emulator'
import {
  authorizeThroughPages,
  openSignIn,
  redeemCode,
  tokenThroughPages,
  withHost,
  withUserAgent,
} from '../testing/emulator-pages'

const MAIN = '127.0.0.1:4010'
const ACME = 'acme.localhost:4010'

function setup(options: EmulatorOptions = {}) {
  const emulator = createEmulator({ testControl: true, ...options })
  const app = withUserAgent(emulator.app)
  return { ...emulator, app, main: withHost(app, MAIN), acme: withHost(app, ACME) }
}
type App = ReturnType<typeof setup>['main']

const IdList = envelope(z.array(z.object({ id: z.int(), slug: z.string() })))

async function user(app: App, key: string, token?: string) {
  const response = await app.request(`/api/v2/users/${key}`, {
    headers: token === undefined ? {} : { 'X-Auth-Token': token },
  })
  if (response.status !== 200) return response.status
  return envelope(UserSchema).parse(await response.json()).data
}

function control(app: App, path: string, body: unknown) {
  return app.request(`/__emulator${path}`, {
    method: 'POST',
    headers: CONTROL_HEADERS,
    body: JSON.stringify(body),
  })
}

async function mint(app: App, login: string, scopes = ['repo', 'group', 'doc']): Promise<string> {
  const response = await control(app, '/tokens', { login, scopes })
  expect(response.status).toBe(201)
  return z.object({ access_token: z.string() }).parse(await response.json()).access_token
}

/** The page's text without markup, a few entities decoded. */
async function textOf(response: Response): Promise<string> {
  return (await response.text())
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
}

describe('an enterprise space is a tenant of its own', () => {
  it('answers the main site without a Host and on its own, the space on its subdomain, each with its own users', async () => {
    const { app, main, acme } = setup()
    // The same login, two accounts: another id, another profile, avatars on each tenant's origin.
    expect(await user(app, 'alice')).toMatchObject({ id: 1001, login: 'alice' })
    expect(await user(main, 'alice')).toMatchObject({ id: 1001, login: 'alice' })
    expect(await user(acme, 'alice')).toMatchObject({
      id: 7001,
      login: 'alice',
      description: 'API platform lead at Acme Corp.',
      avatar_url: 'http://acme.localhost:4010/avatars/alice.svg',
    })
    expect(await user(acme, 'li-lei')).toMatchObject({ id: 7002 })
    expect(await user(main, 'li-lei')).toBe(404)
    expect(await user(acme, 'bob')).toBe(404)
    expect(await user(acme, '1001')).toBe(404)
    expect(await user(withHost(app, 'Acme.LocalHost:4010'), 'dana')).toMatchObject({ id: 7003 })
  })

  it('lists and finds only the tenant’s own repositories, documents and teams', async () => {
    const { main, acme } = setup()
    const mainToken = await mint(main, 'alice')
    const acmeToken = await mint(acme, 'alice')
    const slugs = async (app: App, path: string, token: string) => {
      const response = await app.request(`/api/v2${path}`, { headers: { 'X-Auth-Token': token } })
      if (response.status !== 200) return response.status
      return IdList.parse(await response.json()).data.map((item) => item.slug)
    }
    expect(await slugs(main, '/users/alice/repos', mainToken)).toEqual(
      expect.arrayContaining(['api-handbook', 'release-notes', 'drafts']),
    )
    expect(await slugs(acme, '/users/alice/repos', acmeToken)).toEqual(['roadmap'])
    expect(await slugs(acme, '/groups/platform/repos', acmeToken)).toEqual(['handbook'])
    expect(await slugs(main, '/groups/platform/repos', mainToken)).toBe(404)
    expect(await slugs(acme, '/repos/platform/handbook/docs', acmeToken)).toEqual([
      'onboarding',
      'api-keys',
    ])
    expect(await slugs(acme, '/repos/alice/roadmap/docs', acmeToken)).toEqual(['next-quarter'])
    expect(await slugs(main, '/repos/alice/roadmap/docs', mainToken)).toBe(404)
    expect(await slugs(acme, '/repos/alice/api-handbook/docs', acmeToken)).toBe(404)
    expect(await slugs(acme, '/repos/20011/docs', acmeToken)).toBe(404)
    // A private repository of the space is the space's member's only.
    expect(await slugs(acme, '/repos/alice/roadmap/docs', await mint(acme, 'dana'))).toBe(404)
    // What is written in one tenant is not in the other, and ids are each tenant's own.
    const created = await acme.request('/api/v2/users/alice/repos', {
      method: 'POST',
      headers: { 'X-Auth-Token': acmeToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Scratch', slug: 'scratch', public: 1 }),
    })
    expect(created.status).toBe(200)
    const main90001 = await main.request('/api/v2/repos/90001', {
      headers: { 'X-Auth-Token': mainToken },
    })
    expect(main90001.status).toBe(404)
    expect(await slugs(main, '/users/alice/repos', mainToken)).not.toContain('scratch')
  })

  it('refuses a token of one tenant in the other with 401, both ways', async () => {
    const { main, acme } = setup()
    const fromMain = await mint(main, 'alice')
    const fromAcme = await mint(acme, 'alice')
    const me = (app: App, token: string) =>
      app.request('/api/v2/user', { headers: { 'X-Auth-Token': token } })
    expect((await me(main, fromMain)).status).toBe(200)
    expect((await me(acme, fromAcme)).status).toBe(200)
    for (const [app, token] of [
      [acme, fromMain],
      [main, fromAcme],
    ] as const) {
      const refused = await me(app, token)
      expect(refused.status).toBe(401)
      expect(await refused.json()).toEqual({ status: 401, message: 'Unauthorized' })
    }
  })

  it('knows an app only in the tenant it is registered in: invalid_client elsewhere', async () => {
    const { main, acme } = setup()
    const added = await control(acme, '/apps', {
      clientId: 'acme-portal',
      clientSecret: 'acme-portal-secret',
      redirectUris: ['http://127.0.0.1:3000/callback'],
    })
    expect(added.status).toBe(201)
    const token = (app: App) =>
      app.request('/oauth2/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: 'acme-portal',
          client_secret: 'acme-portal-secret',
          code: 'no-such-code',
        }).toString(),
      })
    expect(await (await token(acme)).json()).toMatchObject({ error: 'invalid_grant' })
    const refused = await token(main)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toMatchObject({ error: 'invalid_client' })
    const page = await main.request('/oauth2/authorize?client_id=acme-portal&response_type=code')
    expect(page.status).toBe(400)
    expect(await textOf(page)).toContain('No app is registered with client_id "acme-portal".')
  })

  it('runs the authorization-code flow through the space’s pages with the seed’s web app; the token reads the space’s /api/v2/user', async () => {
    const { main, acme } = setup()
    const token = await tokenThroughPages(acme, 'li-lei', 'repo')
    const me = await acme.request('/api/v2/user', { headers: { 'X-Auth-Token': token } })
    expect(envelope(UserSchema).parse(await me.json()).data).toMatchObject({
      id: 7002,
      login: 'li-lei',
    })
    expect(
      (await main.request('/api/v2/user', { headers: { 'X-Auth-Token': token } })).status,
    ).toBe(401)
    // A code of the space is redeemed at the space's token endpoint only.
    const params = 'client_id=playground-web&response_type=code&scope=repo'
    const page = await authorizeThroughPages(acme, `/oauth2/authorize?${params}`, {
      login: 'alice',
    })
    const code = new URL(page.location ?? '').searchParams.get('code') ?? ''
    expect(await (await redeemCode(main, code)).json()).toMatchObject({ error: 'invalid_grant' })
    expect((await redeemCode(acme, code)).status).toBe(200)
  })

  it('signs in only the space’s own accounts on its pages', async () => {
    const { acme } = setup()
    await expect(
      authorizeThroughPages(acme, '/oauth2/authorize?client_id=playground-web&response_type=code', {
        login: 'bob',
      }),
    ).rejects.toThrow('expected sign-in as "bob" to answer 303 to the consent page, got HTTP 401')
  })

  it('counts each tenant’s rate limit apart', async () => {
    const { main, acme } = setup({ rateLimit: { limit: 2, windowMs: 60_000 } })
    for (let i = 0; i < 2; i += 1) expect(await user(main, 'alice')).toMatchObject({ id: 1001 })
    expect(await user(main, 'alice')).toBe(429)
    const first = await acme.request('/api/v2/users/alice')
    expect(first.status).toBe(200)
    expect(first.headers.get('X-RateLimit-Remaining')).toBe('1')
  })
})

describe('the pages of a space name it, in both languages', () => {
  const AUTHORIZE = '/oauth2/authorize?client_id=playground-web&response_type=code&scope=repo'

  it('on the sign-in page: in the header, the title and a line saying whose accounts sign in', async () => {
    const { main, acme } = setup()
    const english = await acme.request(AUTHORIZE)
    const html = await english.text()
    expect(html).toContain('<title>Sign in · Acme Corp · Yuque emulator</title>')
    expect(html).toContain(
      '<span class="space" data-space="acme">Acme Corp · enterprise space</span>',
    )
    expect(html).toContain(
      'You are signing in to Acme Corp (acme.localhost:4010), an enterprise space: use your account of this space.',
    )
    const chinese = await textOf(
      await acme.request(AUTHORIZE, { headers: { 'Accept-Language': 'zh-CN' } }),
    )
    expect(chinese).toContain('Acme Corp · 企业空间')
    expect(chinese).toContain(
      '你正在登录企业空间 Acme Corp（acme.localhost:4010），请使用该空间的账号。',
    )
    const mainPage = await (await main.request(AUTHORIZE)).text()
    expect(mainPage).not.toContain('class="space"')
    expect(mainPage).not.toContain('enterprise space')
  })

  it('on the consent page and on an error page', async () => {
    const { acme } = setup()
    // Signed in on the space's pages as a browser is: the sign-in form, then on to consent.
    const form = await openSignIn(acme, AUTHORIZE)
    const signedIn = await acme.request('/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: form.cookie },
      body: new URLSearchParams([
        ...form.hidden,
        ['login', 'alice'],
        ['password', 'password'],
      ]).toString(),
    })
    expect(signedIn.status).toBe(303)
    const session = (signedIn.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
    const consentAt = signedIn.headers.get('Location') ?? ''
    const consent = (lang: string) =>
      acme.request(consentAt, { headers: { Cookie: session, 'Accept-Language': lang } })
    const english = await textOf(await consent('en'))
    expect(english).toContain('Authorize Yuque OAuth Playground')
    expect(english).toContain(
      'The app gets access to your account in the enterprise space Acme Corp only.',
    )
    expect(english).toContain('Acme Corp · enterprise space')
    expect(await textOf(await consent('zh-CN'))).toContain(
      '该应用只能访问你在企业空间 Acme Corp 中的账号。',
    )
    const error = await textOf(
      await acme.request('/oauth2/authorize?client_id=nope&response_type=code', {
        headers: { 'Accept-Language': 'zh' },
      }),
    )
    expect(error).toContain('没有以 client_id "nope" 注册的应用。')
    expect(error).toContain('Acme Corp · 企业空间')
  })
})

describe('the Host of a space that is not there', () => {
  it.each([
    ['/api/v2/user', 'application/json', { status: 404 }],
    ['/oauth2/token', 'application/json', { error: 'invalid_request' }],
  ])(
    'answers %s with 404 in the area’s shape, naming the spaces there are',
    async (path, type, shape) => {
      const { app } = setup()
      const response = await app.request(path, {
        method: path === '/oauth2/token' ? 'POST' : 'GET',
        headers: { Host: 'zed.localhost:4010' },
      })
      expect(response.status).toBe(404)
      expect(response.headers.get('Content-Type')).toContain(type)
      const body = (await response.json()) as Record<string, unknown>
      expect(body).toMatchObject(shape)
      expect(JSON.stringify(body)).toContain(
        'No enterprise space \\"zed\\" here; the spaces are: acme.localhost:4010. The main site is http://127.0.0.1:4010.',
      )
    },
  )

  it('shows a 404 page to a browser, and keeps 421 for every name that is not a space’s', async () => {
    const { app } = setup()
    const page = await app.request('/settings/tokens', { headers: { Host: 'zed.localhost:4010' } })
    expect(page.status).toBe(404)
    expect(page.headers.get('Content-Type')).toContain('text/html')
    for (const host of [
      'acme.localhost:4011',
      'a.acme.localhost:4010',
      'acme.127.0.0.1:4010',
      'acme.localhost.:4010',
    ]) {
      expect(
        (await app.request('/api/v2/users/alice', { headers: { Host: host } })).status,
        host,
      ).toBe(421)
    }
  })

  it('is every space’s name when the emulator has none', async () => {
    const { app } = setup({ spaces: [] })
    const response = await app.request('/api/v2/users/alice', { headers: { Host: ACME } })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({
      message: expect.stringContaining('the spaces are: none') as unknown,
    })
  })

  it('refuses options that give a label twice', () => {
    const space = { label: 'beta', name: 'Beta', users: [], groups: [], apps: [] }
    expect(() => createEmulator({ spaces: [space, space] })).toThrow(
      'spaces: the label "beta" is given twice',
    )
  })
})

describe('test control acts on the tenant of the request’s Host', () => {
  it('mints tokens, adds users and apps in the space only', async () => {
    const { main, acme, control: inProcess } = setup()
    expect((await control(main, '/tokens', { login: 'li-lei', scopes: [] })).status).toBe(400)
    const token = await mint(acme, 'li-lei')
    expect(await user(acme, 'li-lei', token)).toMatchObject({ id: 7002 })
    const added = await control(acme, '/users', { login: 'eve', name: 'Eve', password: 'pw' })
    expect(await added.json()).toMatchObject({ id: 90001, login: 'eve' })
    expect(await user(acme, 'eve')).toMatchObject({ id: 90001 })
    expect(await user(main, 'eve')).toBe(404)
    // In-process, the same through control.space().
    expect(inProcess.space('acme').issueToken({ login: 'dana', scopes: [] }).login).toBe('dana')
    expect(() => inProcess.space('zed')).toThrow('No enterprise space "zed"; the spaces are: acme')
  })

  it('keeps a request log and queued faults per tenant; a reset from either host resets both', async () => {
    const lines: string[] = []
    const { main, acme, control: inProcess } = setup({ log: (line) => lines.push(line) })
    const fault = { path: '/api/v2/users/alice', status: 503 }
    expect((await control(acme, '/faults', fault)).status).toBe(201)
    expect((await main.request('/api/v2/users/alice')).status).toBe(200)
    expect((await acme.request('/api/v2/users/alice')).status).toBe(503)
    const log = async (app: App) => {
      const response = await app.request('/__emulator/log', { headers: CONTROL_HEADERS })
      const body = z.object({ entries: z.array(z.object({ status: z.int() })) })
      return body.parse(await response.json()).entries.map((entry) => entry.status)
    }
    expect(await log(main)).toEqual([200])
    expect(await log(acme)).toEqual([503])
    expect(lines.filter((line) => line.endsWith(' space=acme'))).toHaveLength(1)
    expect((await control(main, '/reset', {})).status).toBe(200)
    expect(inProcess.space('acme').requestLog()).toEqual([])
    expect((await acme.request('/api/v2/users/alice')).status).toBe(200)
  })
})
