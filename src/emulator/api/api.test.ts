import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  ErrorBodySchema,
  GroupSchema,
  HelloSchema,
  RepoSchema,
  UserSchema,
  envelope,
} from '../../protocol/schemas'
import { createEmulator, type EmulatorOptions } from '../emulator'
import { openSignIn, tokenThroughPages } from '../../testing/emulator-pages'

const START = Date.parse('2025-01-15T10:00:00.000Z')
const UA = { 'User-Agent': 'api-test/1.0' }

function setup(options: EmulatorOptions = {}) {
  let time = START
  const emulator = createEmulator({ clock: () => time, ...options })
  return { ...emulator, advance: (ms: number) => (time += ms) }
}
type App = ReturnType<typeof setup>['app']

const issueToken = tokenThroughPages

function get(app: App, path: string, token?: string, headers: Record<string, string> = UA) {
  return app.request(path, {
    headers: token === undefined ? headers : { ...headers, 'X-Auth-Token': token },
  })
}

async function errorBody(response: Response) {
  return ErrorBodySchema.parse(await response.json())
}

describe('the API refuses', () => {
  it('a request without User-Agent with 403 saying so', async () => {
    const { app } = setup()
    const response = await get(app, '/api/v2/users/alice', undefined, {})
    expect(response.status).toBe(403)
    const body = await errorBody(response)
    expect(body.status).toBe(403)
    expect(body.message).toContain('User-Agent header is required')
    expect(response.headers.get('X-RateLimit-Limit')).toBe('5000')
  })

  it.each(['access_token', 'token'])(
    'a token in the query string (?%s=) with 400',
    async (name) => {
      const { app } = setup()
      const token = await issueToken(app, 'alice', '')
      const response = await get(app, `/api/v2/user?${name}=${token}`)
      expect(response.status).toBe(400)
      expect((await errorBody(response)).message).toContain('X-Auth-Token header')
    },
  )

  it('a token in the query string even alongside a valid header', async () => {
    const { app } = setup()
    const token = await issueToken(app, 'alice', '')
    const response = await get(app, `/api/v2/user?access_token=${token}`, token)
    expect(response.status).toBe(400)
  })

  it('an unknown token with exactly {"status":401,"message":"Unauthorized"}', async () => {
    const { app } = setup()
    const response = await get(app, '/api/v2/users/alice', 'emu_at_made-up')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ status: 401, message: 'Unauthorized' })
  })

  it('a revoked token with 401', async () => {
    const { app, control } = setup()
    const token = await issueToken(app, 'alice', '')
    expect((await get(app, '/api/v2/user', token)).status).toBe(200)
    expect(control.revokeToken(token)).toBe(true)
    expect((await get(app, '/api/v2/user', token)).status).toBe(401)
  })

  it('a token in Authorization: Bearer (the service reads only X-Auth-Token)', async () => {
    const { app } = setup()
    const token = await issueToken(app, 'alice', '')
    const response = await get(app, '/api/v2/user', undefined, {
      ...UA,
      Authorization: `Bearer ${token}`,
    })
    expect(response.status).toBe(401)
  })

  it.each(['/api/v2/user', '/api/v2/hello'])('%s without a token with 401', async (path) => {
    const { app } = setup()
    const response = await get(app, path)
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ status: 401, message: 'Unauthorized' })
  })

  it.each([
    '/api/v2/users/nobody',
    '/api/v2/users/99999',
    '/api/v2/users/a.b',
    '/api/v2/users/%FF',
  ])('%s with 404', async (path) => {
    const { app } = setup()
    const response = await get(app, path)
    expect(response.status).toBe(404)
    expect(await errorBody(response)).toEqual({ status: 404, message: 'User not found' })
  })

  it('an unknown path with 404 in the {status, message} shape and rate-limit headers', async () => {
    const { app } = setup()
    const response = await get(app, '/api/v2/no/such/operation')
    expect(response.status).toBe(404)
    expect(await errorBody(response)).toEqual({ status: 404, message: 'Not Found' })
    expect(response.headers.get('X-RateLimit-Remaining')).toBe('4999')
  })

  it('a wrong method with 405, Allow and the {status, message} shape', async () => {
    const { app } = setup()
    const response = await app.request('/api/v2/user', { method: 'DELETE', headers: UA })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toContain('GET')
    expect((await errorBody(response)).status).toBe(405)
    expect(response.headers.get('X-RateLimit-Limit')).toBe('5000')
  })

  it('a body over 64 KB with 413 in the {status, message} shape', async () => {
    const { app } = setup()
    const response = await app.request('/api/v2/user', {
      method: 'POST',
      headers: { ...UA, 'Content-Type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(70_000) }),
    })
    expect(response.status).toBe(413)
    expect((await errorBody(response)).status).toBe(413)
  })

  it('a repos read without repo:read with 403 naming the scope, and X-Accepted-OAuth-Scopes', async () => {
    const { app } = setup()
    const token = await issueToken(app, 'alice', 'doc,group:read')
    const response = await get(app, '/api/v2/users/alice/repos', token)
    expect(response.status).toBe(403)
    expect((await errorBody(response)).message).toContain('"repo:read"')
    expect(response.headers.get('X-Accepted-OAuth-Scopes')).toBe('repo:read')
    expect(response.headers.get('X-OAuth-Scopes')).toBe('doc,group:read')
  })

  it('a groups read without group:read with 403 naming the scope', async () => {
    const { app } = setup()
    const token = await issueToken(app, 'alice', 'repo')
    const response = await get(app, '/api/v2/users/1001/groups', token)
    expect(response.status).toBe(403)
    expect((await errorBody(response)).message).toContain('"group:read"')
    expect(response.headers.get('X-Accepted-OAuth-Scopes')).toBe('group:read')
  })

  it('a scoped read without any token with 401 and X-Accepted-OAuth-Scopes', async () => {
    const { app } = setup()
    const response = await get(app, '/api/v2/users/alice/repos')
    expect(response.status).toBe(401)
    expect(response.headers.get('X-Accepted-OAuth-Scopes')).toBe('repo:read')
  })

  it('with no CORS header to a cross-origin request', async () => {
    const { app } = setup()
    const response = await get(app, '/api/v2/users/alice', undefined, {
      ...UA,
      Origin: 'http://evil.test',
    })
    for (const [name] of response.headers) expect(name).not.toMatch(/^access-control-/)
  })
})

describe('the API answers', () => {
  it('GET /user with the token owner in the {data} envelope, without e-mail or telephone', async () => {
    const { app } = setup()
    const token = await issueToken(app, 'bob', '')
    const response = await get(app, '/api/v2/user', token)
    expect(response.status).toBe(200)
    const body = envelope(UserSchema).parse(await response.json())
    // V2User.description is a string, not nullable: bob has none, so "" (records.ts, text).
    expect(body.data).toMatchObject({ id: 1002, login: 'bob', description: '' })
    const keys = Object.keys(body.data)
    expect(keys).not.toContain('email')
    expect(keys).not.toContain('mobile')
    expect(keys.some((key) => /mail|phone|tel/i.test(key))).toBe(false)
    expect(response.headers.get('X-OAuth-Scopes')).toBe('')
    expect(response.headers.get('X-Accepted-OAuth-Scopes')).toBeNull()
  })

  it('GET /hello with exactly "Hello <name>"', async () => {
    const { app } = setup()
    const token = await issueToken(app, 'carol', 'doc')
    const response = await get(app, '/api/v2/hello', token)
    const body = envelope(HelloSchema).parse(await response.json())
    expect(body.data.message).toBe('Hello Carol Díaz')
  })

  it('GET /users/:login and /users/:id without a token, and no X-OAuth-Scopes', async () => {
    const { app } = setup()
    const byLogin = await get(app, '/api/v2/users/wangxiaoming')
    const byId = await get(app, '/api/v2/users/1003')
    const a = envelope(UserSchema).parse(await byLogin.json())
    const b = envelope(UserSchema).parse(await byId.json())
    expect(a.data).toEqual(b.data)
    expect(a.data.name).toBe('王小明')
    expect(byLogin.headers.get('X-OAuth-Scopes')).toBeNull()
    expect(a.data.avatar_url).toBe('http://127.0.0.1:4010/avatars/wangxiaoming.svg')
  })

  it('GET /users/:key/repos with repo implying repo:read; private repos only to their owner', async () => {
    const { app } = setup()
    const alice = await issueToken(app, 'alice', 'repo')
    const bob = await issueToken(app, 'bob', 'repo:read')
    const own = await get(app, '/api/v2/users/alice/repos', alice)
    const other = await get(app, '/api/v2/users/alice/repos', bob)
    expect(own.status).toBe(200)
    expect(own.headers.get('X-Accepted-OAuth-Scopes')).toBe('repo:read')
    const ownRepos = envelope(z.array(RepoSchema)).parse(await own.json()).data
    const otherRepos = envelope(z.array(RepoSchema)).parse(await other.json()).data
    expect(ownRepos.map((r) => r.slug)).toEqual(['api-handbook', 'release-notes', 'drafts'])
    expect(otherRepos.map((r) => r.slug)).toEqual(['api-handbook', 'release-notes'])
    expect(ownRepos[0]?.namespace).toBe('alice/api-handbook')
  })

  it('GET /users/:key/groups with group:read', async () => {
    const { app } = setup()
    const token = await issueToken(app, 'alice', 'group:read')
    const response = await get(app, '/api/v2/users/alice/groups', token)
    const groups = envelope(z.array(GroupSchema)).parse(await response.json()).data
    expect(groups.map((g) => g.login)).toEqual(['payments-docs', 'design-guild'])
  })

  it('HEAD like GET, without a body', async () => {
    const { app } = setup()
    const response = await app.request('/api/v2/users/alice', { method: 'HEAD', headers: UA })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })
})

describe('the rate limit', () => {
  it('counts 200 concurrent requests exactly: every remaining value appears once', async () => {
    const { app } = setup({ rateLimit: { limit: 1000, windowMs: 60_000 } })
    const token = await issueToken(app, 'alice', '')
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => get(app, '/api/v2/user', token)),
    )
    const remaining = responses.map((r) => Number(r.headers.get('X-RateLimit-Remaining')))
    expect(new Set(remaining).size).toBe(200)
    expect(Math.min(...remaining)).toBe(800)
    expect(Math.max(...remaining)).toBe(999)
  })

  it('answers 429 with Retry-After beyond the limit, and resets after the window', async () => {
    const { app, advance } = setup({ rateLimit: { limit: 3, windowMs: 60_000 } })
    for (let i = 0; i < 3; i += 1) expect((await get(app, '/api/v2/users/alice')).status).toBe(200)
    advance(15_000)
    const refused = await get(app, '/api/v2/users/alice')
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ status: 429, message: 'Too Many Requests' })
    expect(refused.headers.get('Retry-After')).toBe('45')
    expect(refused.headers.get('X-RateLimit-Remaining')).toBe('0')
    expect(refused.headers.get('X-RateLimit-Limit')).toBe('3')
    advance(45_000)
    const after = await get(app, '/api/v2/users/alice')
    expect(after.status).toBe(200)
    expect(after.headers.get('X-RateLimit-Remaining')).toBe('2')
  })

  it('is shared by all tokens of one user', async () => {
    const { app } = setup({ rateLimit: { limit: 10, windowMs: 60_000 } })
    const first = await issueToken(app, 'alice', '')
    const second = await issueToken(app, 'alice', 'doc')
    await get(app, '/api/v2/user', first)
    const response = await get(app, '/api/v2/user', second)
    expect(response.headers.get('X-RateLimit-Remaining')).toBe('8')
  })

  it('is separate per user', async () => {
    const { app } = setup({ rateLimit: { limit: 10, windowMs: 60_000 } })
    const alice = await issueToken(app, 'alice', '')
    const bob = await issueToken(app, 'bob', '')
    await get(app, '/api/v2/user', alice)
    await get(app, '/api/v2/user', alice)
    const response = await get(app, '/api/v2/user', bob)
    expect(response.headers.get('X-RateLimit-Remaining')).toBe('9')
  })

  it('keys anonymous calls by client address', async () => {
    const { app } = setup({
      rateLimit: { limit: 10, windowMs: 60_000 },
      clientAddress: (c) => c.req.header('X-Test-Address') ?? 'unknown',
    })
    const from = (address: string) =>
      get(app, '/api/v2/users/alice', undefined, { ...UA, 'X-Test-Address': address })
    await from('10.0.0.1')
    await from('10.0.0.1')
    expect((await from('10.0.0.1')).headers.get('X-RateLimit-Remaining')).toBe('7')
    expect((await from('10.0.0.2')).headers.get('X-RateLimit-Remaining')).toBe('9')
  })

  it('defaults to 5000 requests', async () => {
    const { app } = setup()
    const response = await get(app, '/api/v2/users/alice')
    expect(response.headers.get('X-RateLimit-Limit')).toBe('5000')
    expect(response.headers.get('X-RateLimit-Remaining')).toBe('4999')
  })
})

describe('personal tokens from the settings page', () => {
  it('creates a token with the chosen scopes after sign-in, CSRF-protected', async () => {
    const { app } = setup()
    const form = await openSignIn(app)
    const signIn = await app.request('/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: form.cookie },
      body: new URLSearchParams([
        ...form.hidden,
        ['login', 'bob'],
        ['password', 'password'],
      ]).toString(),
    })
    expect(signIn.headers.get('Location')).toBe('/settings/tokens')
    const cookie = (signIn.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
    const page = await (
      await app.request('/settings/tokens', { headers: { Cookie: cookie } })
    ).text()
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? ''

    const post = (body: string) =>
      app.request('/settings/tokens', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
        body,
      })
    const forged = await post('scope=repo:read')
    expect(forged.status).toBe(403)
    expect(await forged.text()).toContain('The form’s security token is missing or wrong.')
    expect((await post(`csrf=${csrf}&scope=attach_upload`)).status).toBe(400)

    const created = await post(`csrf=${csrf}&scope=repo:read&scope=repo&label=CI`)
    expect(created.status).toBe(201)
    const html = await created.text()
    const token = /(emu_at_[A-Za-z0-9_-]+)/.exec(html)?.[1] ?? ''
    const repos = await get(app, '/api/v2/users/bob/repos', token)
    expect(repos.status).toBe(200)
    expect(repos.headers.get('X-OAuth-Scopes')).toBe('repo')

    const later = await (
      await app.request('/settings/tokens', { headers: { Cookie: cookie } })
    ).text()
    expect(later).not.toContain(token)
    expect(later).toContain('CI')
  })

  it('refuses to create a token without a sign-in session', async () => {
    const { app } = setup()
    const response = await app.request('/settings/tokens', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'csrf=x&scope=repo',
    })
    expect(response.status).toBe(403)
    const html = await response.text()
    expect(html).toContain('You are not signed in, or your sign-in session has ended.')
    expect(html).not.toContain('emu_at_')
  })

  it('shows the sign-in form when not signed in', async () => {
    const { app } = setup()
    const html = await (await app.request('/settings/tokens')).text()
    expect(html).toContain('id="sign-in"')
  })
})

describe('avatars', () => {
  it('are generated SVGs with initials, served by the emulator', async () => {
    const { app } = setup()
    const response = await app.request('/avatars/alice.svg')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toContain('image/svg+xml')
    expect(await response.text()).toContain('>AC</text>')
    const cjk = await (await app.request('/avatars/wangxiaoming.svg')).text()
    expect(cjk).toContain('>王</text>')
  })

  it('answer 404 for an unknown login', async () => {
    const { app } = setup()
    expect((await app.request('/avatars/nobody.svg')).status).toBe(404)
  })
})
