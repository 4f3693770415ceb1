/**
 * An emulator started from a config file, as another project's CI starts it (`npm run emulator
 * -- --config emulator.json`): a real file in a temporary folder, loaded by the same code as
 * main.ts, served on a real socket. Each field of docs/emulator.md#config-file is used through
 * HTTP: the file's app and user through the pages and the token endpoint, its fixed token and
 * data through the API, its clock, rate limit and headless approval, and a reset that restores
 * the file's data, not the bare seed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { TokenResponseSchema, UserSchema, envelope } from '../protocol/schemas'
import { CONTROL_HEADERS } from './control/test-control'
import { loadEmulatorConfig } from './config'
import { emulatorOptionsOf } from './config-options'
import type { EmulatorOptions } from './emulator'
import { s256Challenge } from './oauth/pkce'
import { startEmulator, type RunningEmulator } from './start'
import { authorizeThroughPages } from '../testing/emulator-pages'
import { TEST_UA } from '../testing/emulator-over-http'
import { fetchOverLoopback } from '../testing/localhost-names'
import { spaceOrigin } from '../protocol/space-host'

const folder = mkdtempSync(path.join(tmpdir(), 'emulator-config-run-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))
const running: RunningEmulator[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()))
})

const REDIRECT = 'http://127.0.0.1:3999/callback'
const START = '2025-01-15T10:00:00.000Z'
const CONFIG = {
  apps: [
    {
      clientId: 'ci-app',
      clientSecret: 'ci-app-secret-7f3a',
      redirectUris: [REDIRECT],
      scopes: ['repo:read', 'doc:read'],
    },
  ],
  users: [{ login: 'dora', name: 'Dora CI', password: 'dora-password' }],
  tokens: [
    { token: 'ci-token-alice-0001', login: 'alice', scopes: ['repo:read'] },
    { token: 'ci-token-dora-0001', login: 'dora', scopes: ['repo', 'doc'] },
  ],
  data: {
    repos: [
      {
        owner: 'dora',
        slug: 'fixtures',
        name: 'Fixtures',
        public: false,
        docs: [
          { slug: 'hello', title: 'Hello', body: '# Hello\n\nFrom the **file**.' },
          { slug: 'second', title: 'Second', body: 'Two.' },
        ],
      },
      // A team's: made by its admin, alice.
      { owner: 'payments-docs', slug: 'ci-notes', name: 'CI notes', public: true },
    ],
  },
  clock: { start: START },
}

let files = 0
/** The emulator `npm run emulator -- --config <file> --test-control` starts for `config`. */
async function startFrom(config: object, extra: EmulatorOptions = {}) {
  files += 1
  const file = path.join(folder, `emulator-${files}.json`)
  writeFileSync(file, JSON.stringify(config))
  const loaded = loadEmulatorConfig({}, ['--config', file, '--test-control'])
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'))
  const options = { ...emulatorOptionsOf(loaded.config), ...extra }
  const emulator = await startEmulator({ port: 0, options })
  running.push(emulator)
  const api = (apiPath: string, token?: string, init: RequestInit = {}) =>
    fetch(`${emulator.url}/api/v2${apiPath}`, {
      ...init,
      headers: {
        ...TEST_UA,
        ...(token === undefined ? {} : { 'X-Auth-Token': token }),
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
    })
  const control = (controlPath: string, body: unknown = {}) =>
    fetch(`${emulator.url}/__emulator${controlPath}`, {
      method: 'POST',
      headers: CONTROL_HEADERS,
      body: JSON.stringify(body),
    })
  const redeem = (fields: Record<string, string>) =>
    fetch(`${emulator.url}/oauth2/token`, {
      method: 'POST',
      headers: { ...TEST_UA, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', ...fields }).toString(),
    })
  return { emulator, api, control, redeem }
}

const DocSchema = z.object({
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  created_at: z.string(),
})
const loginOf = async (response: Response) =>
  envelope(UserSchema).parse(await response.json()).data.login

describe('an emulator started from a config file', () => {
  it('runs the authorization-code flow of the file’s app, signed in as the file’s user', async () => {
    const { emulator, api, redeem } = await startFrom(CONFIG)
    const query = new URLSearchParams({
      client_id: 'ci-app',
      response_type: 'code',
      scope: 'doc:read',
    })
    const page = await authorizeThroughPages(emulator.app, `/oauth2/authorize?${query}`, {
      login: 'dora',
      password: 'dora-password',
    })
    expect(page.location?.startsWith(`${REDIRECT}?code=`)).toBe(true)
    const code = new URL(page.location ?? '').searchParams.get('code') ?? ''
    const wrong = await redeem({
      code,
      client_id: 'ci-app',
      client_secret: 'playground-web-secret',
    })
    expect(wrong.status).toBe(401)
    const token = await redeem({ code, client_id: 'ci-app', client_secret: 'ci-app-secret-7f3a' })
    expect(token.status).toBe(200)
    const { access_token, scope } = TokenResponseSchema.parse(await token.json())
    expect(scope).toBe('doc:read')
    expect(await loginOf(await api('/user', access_token))).toBe('dora')
  })

  it('keeps the seed’s apps beside the file’s, or only the file’s with replaceSeedApps', async () => {
    const authorize = (url: string) =>
      fetch(`${url}/oauth2/authorize?client_id=playground-web&response_type=code`, {
        headers: TEST_UA,
        redirect: 'manual',
      })
    const kept = await startFrom(CONFIG)
    expect((await authorize(kept.emulator.url)).status).toBe(200)
    const replaced = await startFrom({ ...CONFIG, replaceSeedApps: true })
    const refused = await authorize(replaced.emulator.url)
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('playground-web')
  })

  it('takes a fixed token on the API exactly as a minted one with the same scopes', async () => {
    const { api, control } = await startFrom(CONFIG)
    const minted = await control('/tokens', { login: 'alice', scopes: ['repo:read'] })
    const { access_token } = z.object({ access_token: z.string() }).parse(await minted.json())
    const read = async (apiPath: string, token: string) => {
      const response = await api(apiPath, token)
      return {
        status: response.status,
        body: await response.text(),
        scopes: response.headers.get('X-OAuth-Scopes'),
      }
    }
    for (const apiPath of ['/user', '/users/alice/repos', '/users/alice/groups', '/repos/20013']) {
      expect(await read(apiPath, 'ci-token-alice-0001'), apiPath).toEqual(
        await read(apiPath, access_token),
      )
    }
    expect((await read('/user', 'ci-token-alice-0001')).status).toBe(200)
    expect((await read('/users/alice/groups', 'ci-token-alice-0001')).status).toBe(403)
  })

  it('serves the file’s repositories and documents through the API, created at the clock’s start', async () => {
    const { api } = await startFrom(CONFIG)
    const repo = await api('/repos/dora/fixtures', 'ci-token-dora-0001')
    expect(repo.status).toBe(200)
    const book = envelope(z.object({ name: z.string(), public: z.int(), created_at: z.string() }))
    expect(book.parse(await repo.json()).data).toEqual({
      name: 'Fixtures',
      public: 0,
      created_at: START,
    })
    const list = await api('/repos/dora/fixtures/docs', 'ci-token-dora-0001')
    expect(
      envelope(z.array(DocSchema))
        .parse(await list.json())
        .data.map((doc) => doc.slug),
    ).toEqual(['hello', 'second'])
    const doc = await api('/repos/dora/fixtures/docs/hello', 'ci-token-dora-0001')
    const detail = envelope(DocSchema.extend({ body: z.string(), body_html: z.string() }))
    expect(detail.parse(await doc.json()).data).toMatchObject({
      title: 'Hello',
      body: '# Hello\n\nFrom the **file**.',
      body_html: expect.stringContaining('<strong>file</strong>') as unknown,
      created_at: START,
    })
    const toc = await api('/repos/dora/fixtures/toc', 'ci-token-dora-0001')
    const titles = envelope(z.array(z.object({ title: z.string() }))).parse(await toc.json()).data
    expect(titles.map((node) => node.title)).toEqual(['Hello', 'Second'])
    // Private: its owner reads it, another user does not learn it exists.
    expect((await api('/repos/dora/fixtures', 'ci-token-alice-0001')).status).toBe(404)
    const team = await api('/repos/payments-docs/ci-notes', 'ci-token-dora-0001')
    expect(envelope(z.object({ name: z.string() })).parse(await team.json()).data.name).toBe(
      'CI notes',
    )
  })

  it('starts from the file’s data only with replaceSeedData', async () => {
    const { api } = await startFrom({ ...CONFIG, replaceSeedData: true })
    expect((await api('/repos/20011', 'ci-token-alice-0001')).status).toBe(404)
    const repos = await api('/users/dora/repos', 'ci-token-dora-0001')
    const slugs = envelope(z.array(z.object({ slug: z.string() }))).parse(await repos.json()).data
    expect(slugs.map((repo) => repo.slug)).toEqual(['fixtures'])
    const alice = await api('/users/alice/repos', 'ci-token-alice-0001')
    expect(envelope(z.array(z.unknown())).parse(await alice.json()).data).toEqual([])
  })

  it('starts its clock at clock.start and runs on from there; a reset starts it there again', async () => {
    let base = 1_000_000
    const { api, control } = await startFrom(CONFIG, { clock: () => base })
    base += 90_000
    const created = await api('/repos/dora/fixtures/docs', 'ci-token-dora-0001', {
      method: 'POST',
      body: JSON.stringify({ title: 'New', slug: 'new', body: 'x' }),
    })
    expect(envelope(DocSchema).parse(await created.json()).data.created_at).toBe(
      '2025-01-15T10:01:30.000Z',
    )
    expect((await control('/reset')).status).toBe(200)
    const now = await control('/clock', { advanceMs: 0 })
    expect(await now.json()).toEqual({ now: START })
  })

  it('gives every caller the file’s rate limit: a token’s user, and anonymous callers in observed', async () => {
    const { api } = await startFrom({
      ...CONFIG,
      profile: 'observed',
      rateLimit: { limit: 3, windowMs: 60_000 },
    })
    const statuses = async (token?: string) => {
      const answers = []
      for (let i = 0; i < 4; i += 1) answers.push(await api('/hello', token))
      expect(answers.map((answer) => answer.headers.get('X-RateLimit-Limit'))).toEqual([
        '3',
        '3',
        '3',
        '3',
      ])
      return answers.map((answer) => answer.status)
    }
    expect(await statuses('ci-token-alice-0001')).toEqual([200, 200, 200, 429])
    // observed: every call needs a token (401), and the anonymous budget is the file's, not 200.
    expect(await statuses()).toEqual([401, 401, 401, 429])
  })
})

describe('autoApprove', () => {
  const APPROVING = { ...CONFIG, autoApprove: { login: 'dora', scopes: ['repo:read'] } }
  const authorize = (url: string, params: Record<string, string>) =>
    fetch(`${url}/oauth2/authorize?${new URLSearchParams(params).toString()}`, {
      headers: TEST_UA,
      redirect: 'manual',
    })

  it('answers a valid request with a code at once, without pages, and the code redeems', async () => {
    const { emulator, api, redeem } = await startFrom(APPROVING)
    const answer = await authorize(emulator.url, {
      client_id: 'ci-app',
      response_type: 'code',
      scope: 'repo:read,doc:read',
      state: 'xyz',
    })
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Set-Cookie')).toBeNull()
    const location = new URL(answer.headers.get('Location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT)
    expect(location.searchParams.get('state')).toBe('xyz')
    const code = location.searchParams.get('code') ?? ''
    const token = await redeem({ code, client_id: 'ci-app', client_secret: 'ci-app-secret-7f3a' })
    const { access_token, scope } = TokenResponseSchema.parse(await token.json())
    // The user approves what their scopes cover: repo:read, not doc:read.
    expect(scope).toBe('repo:read')
    expect(await loginOf(await api('/user', access_token))).toBe('dora')
  })

  it('still runs every other check of the request: client, redirect URI, scope, PKCE', async () => {
    const { emulator, control, redeem } = await startFrom(APPROVING)
    const base = { client_id: 'ci-app', response_type: 'code', state: 's1' }
    expect((await authorize(emulator.url, { ...base, client_id: 'nope' })).status).toBe(400)
    const elsewhere = await authorize(emulator.url, {
      ...base,
      redirect_uri: 'http://127.0.0.1:1/cb',
    })
    expect(elsewhere.status).toBe(400)
    const scope = await authorize(emulator.url, { ...base, scope: 'group' })
    expect(new URL(scope.headers.get('Location') ?? '').searchParams.get('error')).toBe(
      'invalid_scope',
    )

    expect((await control('/pkce', { mode: 'required' })).status).toBe(200)
    const bare = await authorize(emulator.url, base)
    const refused = new URL(bare.headers.get('Location') ?? '')
    expect([refused.searchParams.get('error'), refused.searchParams.get('state')]).toEqual([
      'invalid_request',
      's1',
    ])
    const verifier = 'v'.repeat(43)
    const pkce = await authorize(emulator.url, {
      ...base,
      code_challenge: s256Challenge(verifier),
      code_challenge_method: 'S256',
    })
    const code = new URL(pkce.headers.get('Location') ?? '').searchParams.get('code') ?? ''
    const secret = { client_id: 'ci-app', client_secret: 'ci-app-secret-7f3a' }
    expect((await redeem({ code, ...secret })).status).toBe(400)
    const again = await authorize(emulator.url, {
      ...base,
      code_challenge: s256Challenge(verifier),
      code_challenge_method: 'S256',
    })
    const second = new URL(again.headers.get('Location') ?? '').searchParams.get('code') ?? ''
    expect((await redeem({ code: second, ...secret, code_verifier: verifier })).status).toBe(200)
  })
})

describe('POST /__emulator/reset with a config file', () => {
  it('restores the file’s data, users and tokens exactly, not the bare seed', async () => {
    const clock = () => 1_000_000
    const used = await startFrom(CONFIG, { clock })
    const write = (apiPath: string, method: string, body?: unknown) =>
      used.api(apiPath, 'ci-token-dora-0001', {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    expect((await write('/repos/dora/fixtures/docs/hello', 'DELETE')).status).toBe(200)
    expect((await write('/repos/dora/fixtures', 'PUT', { name: 'Renamed' })).status).toBe(200)
    expect((await write('/users/dora/repos', 'POST', { name: 'More', slug: 'more' })).status).toBe(
      200,
    )
    expect((await used.control('/revoke', { token: 'ci-token-alice-0001' })).status).toBe(200)
    expect((await used.api('/user', 'ci-token-alice-0001')).status).toBe(401)

    expect((await used.control('/reset')).status).toBe(200)
    const fresh = await startFrom(CONFIG, { clock })
    expect(used.emulator.control.snapshot()).toEqual(fresh.emulator.control.snapshot())
    const doc = await used.api('/repos/dora/fixtures/docs/hello', 'ci-token-dora-0001')
    expect(envelope(DocSchema).parse(await doc.json()).data.title).toBe('Hello')
    expect(await loginOf(await used.api('/user', 'ci-token-alice-0001'))).toBe('alice')
  })
})

describe('a space of the config file (docs/emulator.md#enterprise-spaces)', () => {
  const SPACE = {
    label: 'beta',
    name: 'Beta Ltd',
    users: [{ login: 'alice', name: 'Alice of Beta', password: 'beta-alice-password' }],
    apps: [
      { clientId: 'beta-app', clientSecret: 'beta-app-secret-0001', redirectUris: [REDIRECT] },
    ],
    tokens: [{ token: 'beta-token-alice-0001', login: 'alice', scopes: ['repo', 'doc'] }],
    data: {
      repos: [
        {
          owner: 'alice',
          slug: 'beta-notes',
          name: 'Beta notes',
          public: false,
          docs: [{ slug: 'hello', title: 'Hello Beta', body: 'Only in beta.' }],
        },
      ],
    },
    autoApprove: { login: 'alice' },
  }

  it('serves the file’s space on its subdomain with its own users, token, data, app and autoApprove', async () => {
    const { emulator, api } = await startFrom({ ...CONFIG, spaces: [SPACE] })
    const beta = spaceOrigin(emulator.url, 'beta')
    const call = (apiPath: string, token?: string, init: RequestInit = {}) =>
      fetchOverLoopback(`${beta}${apiPath}`, {
        ...init,
        headers: {
          ...TEST_UA,
          ...(token === undefined ? {} : { 'X-Auth-Token': token }),
          ...(init.headers as Record<string, string> | undefined),
        },
      })

    // The fixed token is the space's alice, a user of the file's with the space's first new id.
    const me = await call('/api/v2/user', 'beta-token-alice-0001')
    expect(envelope(UserSchema).parse(await me.json()).data).toMatchObject({
      id: 90001,
      login: 'alice',
      name: 'Alice of Beta',
    })
    expect((await api('/user', 'beta-token-alice-0001')).status).toBe(401)
    const docs = await call('/api/v2/repos/alice/beta-notes/docs', 'beta-token-alice-0001')
    expect(z.array(DocSchema).parse(((await docs.json()) as { data: unknown }).data)).toMatchObject(
      [{ slug: 'hello', title: 'Hello Beta', created_at: START }],
    )
    expect((await api('/repos/alice/beta-notes/docs', 'ci-token-dora-0001')).status).toBe(404)

    // The space's app, approved at once as the space's alice; unknown on the main site.
    const query = `client_id=beta-app&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&scope=repo`
    const authorized = await call(`/oauth2/authorize?${query}`, undefined, { redirect: 'manual' })
    expect(authorized.status).toBe(302)
    const code = new URL(authorized.headers.get('Location') ?? '').searchParams.get('code') ?? ''
    const token = await call('/oauth2/token', undefined, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'beta-app',
        client_secret: 'beta-app-secret-0001',
        code,
      }).toString(),
    })
    expect(token.status).toBe(200)
    const { access_token } = TokenResponseSchema.parse(await token.json())
    expect(await loginOf(await call('/api/v2/user', access_token))).toBe('alice')
    const mainAuthorize = await fetch(`${emulator.url}/oauth2/authorize?${query}`, {
      headers: TEST_UA,
      redirect: 'manual',
    })
    expect(mainAuthorize.status).toBe(400)

    // The seed's space is still there beside it.
    const acme = await fetchOverLoopback(
      `${spaceOrigin(emulator.url, 'acme')}/api/v2/users/li-lei`,
      {
        headers: TEST_UA,
      },
    )
    expect(acme.status).toBe(200)
  })
})
