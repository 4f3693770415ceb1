/**
 * Each switch of the profile table (profiles.ts) in both profiles, through `app.request()`:
 * status, body and headers. docs/emulator.md names these tests beside each rule. Then the rules
 * both profiles share: the User-Agent check (empty counts as missing, refused before counting),
 * the rate-limit headers on every answer of the API and the OAuth endpoints, counted team book
 * counts and never-null descriptions.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ErrorBodySchema, GroupSchema, RepoSchema, UserSchema, envelope } from '../protocol/schemas'
import { createEmulator, type EmulatorOptions } from './emulator'
import { PROFILE_NAMES, PROFILE_RULES, PROFILES, type ProfileName } from './profiles'
import { seedGroups, seedUsers, type SeedRepo } from './seed'
import { authorizeThroughPages, redeemCode, tokenThroughPages } from '../testing/emulator-pages'

const START = Date.parse('2025-01-15T10:00:00.000Z')
const UA = { 'User-Agent': 'profiles-test/1.0' }

function setup(profile: ProfileName, options: EmulatorOptions = {}) {
  let time = START
  const emulator = createEmulator({ clock: () => time, profile, ...options })
  return { ...emulator, advance: (ms: number) => (time += ms) }
}
type App = ReturnType<typeof setup>['app']

const tokenFor = tokenThroughPages

function get(app: App, path: string, token?: string, headers: Record<string, string> = UA) {
  return app.request(path, {
    headers: token === undefined ? headers : { ...headers, 'X-Auth-Token': token },
  })
}

const errorBody = async (response: Response) => ErrorBodySchema.parse(await response.json())
const OAuthErrorSchema = z.object({ error: z.string(), error_description: z.string() }).strict()

/** A token request that fails at client authentication: an answer without a token to spend. */
const wrongSecret = (app: App, headers: Record<string, string>) =>
  app.request('/oauth2/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'playground-web',
      client_secret: 'not-the-secret',
      code: 'x',
    }).toString(),
  })

describe('the profile table', () => {
  it('gives every switch a value and evidence in each profile, and the two profiles differ in each', () => {
    for (const [name, rule] of Object.entries(PROFILE_RULES)) {
      expect(rule.evidence.seed.length, `${name}: seed evidence`).toBeGreaterThan(20)
      expect(rule.evidence.observed.length, `${name}: observed evidence`).toBeGreaterThan(20)
      expect(rule.seed, `${name}: a switch that does not switch`).not.toEqual(rule.observed)
      for (const profile of PROFILE_NAMES) {
        expect(PROFILES[profile][name as keyof typeof PROFILE_RULES]).toEqual(rule[profile])
      }
    }
  })
})

describe('scopeRefusal: a token without the needed scope', () => {
  it('seed: 403 naming the scope, with X-Accepted-OAuth-Scopes', async () => {
    const { app } = setup('seed')
    const token = await tokenFor(app, 'alice', 'doc')
    const response = await get(app, '/api/v2/users/alice/repos', token)
    expect(response.status).toBe(403)
    expect(await errorBody(response)).toEqual({
      status: 403,
      message: 'This request needs the "repo:read" scope (or "repo"); the token has doc.',
    })
    expect(response.headers.get('X-Accepted-OAuth-Scopes')).toBe('repo:read')
    expect(response.headers.get('X-OAuth-Scopes')).toBe('doc')
  })

  it('observed: 401 {"status":401,"message":"scope unauthorized"}, told apart from a dead token by its message', async () => {
    const { app } = setup('observed')
    const token = await tokenFor(app, 'alice', 'doc')
    const response = await get(app, '/api/v2/users/1001/groups', token)
    expect(response.status).toBe(401)
    expect(await response.text()).toBe('{"status":401,"message":"scope unauthorized"}')
    expect(response.headers.get('X-Accepted-OAuth-Scopes')).toBe('group:read')
    const dead = await get(app, '/api/v2/users/1001/groups', 'emu_at_never-issued')
    expect(await errorBody(dead)).toEqual({ status: 401, message: 'Unauthorized' })
  })

  it('observed: a token with the scope is let through as in seed', async () => {
    const { app } = setup('observed')
    const token = await tokenFor(app, 'alice', 'repo')
    const response = await get(app, '/api/v2/users/alice/repos', token)
    expect(response.status).toBe(200)
    expect(envelope(z.array(RepoSchema)).parse(await response.json()).data).toHaveLength(3)
  })
})

describe('everyCallNeedsToken: a public user lookup without a token', () => {
  it('seed: answers the public record, by login and by id', async () => {
    const { app } = setup('seed')
    for (const key of ['bob', '1002']) {
      const response = await get(app, `/api/v2/users/${key}`)
      expect(response.status).toBe(200)
      expect(envelope(UserSchema).parse(await response.json()).data.login).toBe('bob')
    }
  })

  it('observed: 401 {"status":401,"message":"Unauthorized"} by login and by id; any token will do', async () => {
    const { app } = setup('observed')
    for (const key of ['bob', '1002']) {
      const response = await get(app, `/api/v2/users/${key}`)
      expect(response.status).toBe(401)
      expect(await response.text()).toBe('{"status":401,"message":"Unauthorized"}')
      expect(response.headers.get('X-RateLimit-Limit')).toBe('200')
    }
    const token = await tokenFor(app, 'alice', '')
    const response = await get(app, '/api/v2/users/bob', token)
    expect(response.status).toBe(200)
    expect(envelope(UserSchema).parse(await response.json()).data.login).toBe('bob')
  })
})

describe('anonymousBudget: calls without a token, per address', () => {
  it('seed: the same budget as a user’s (5000 an hour by default)', async () => {
    const { app } = setup('seed')
    const response = await get(app, '/api/v2/users/alice')
    expect(response.headers.get('X-RateLimit-Limit')).toBe('5000')
    expect(response.headers.get('X-RateLimit-Remaining')).toBe('4999')
  })

  it('observed: 200 an hour per address, then 429; a token’s user keeps the full budget', async () => {
    const { app, advance } = setup('observed', {
      clientAddress: (c) => c.req.header('X-Test-Address') ?? 'unknown',
    })
    const from = (address: string) =>
      get(app, '/api/v2/users/alice', undefined, { ...UA, 'X-Test-Address': address })
    for (let i = 0; i < 200; i += 1) expect((await from('10.0.0.1')).status).toBe(401)
    const refused = await from('10.0.0.1')
    expect(refused.status).toBe(429)
    expect(await errorBody(refused)).toEqual({ status: 429, message: 'Too Many Requests' })
    expect(refused.headers.get('X-RateLimit-Limit')).toBe('200')
    expect(refused.headers.get('X-RateLimit-Remaining')).toBe('0')
    expect((await from('10.0.0.2')).headers.get('X-RateLimit-Remaining')).toBe('199')
    const token = await tokenFor(app, 'alice', '')
    const user = await get(app, '/api/v2/user', token, { ...UA, 'X-Test-Address': '10.0.0.1' })
    expect(user.status).toBe(200)
    expect(user.headers.get('X-RateLimit-Limit')).toBe('5000')
    advance(3_600_000)
    expect((await from('10.0.0.1')).headers.get('X-RateLimit-Remaining')).toBe('199')
  })
})

describe('sendsRetryAfter: a 429', () => {
  it.each([
    ['seed', 'carries Retry-After', '45'],
    ['observed', 'carries no Retry-After', null],
  ] as const)('%s: the API’s 429 %s', async (profile, _, retryAfter) => {
    const { app, advance } = setup(profile, { rateLimit: { limit: 2, windowMs: 60_000 } })
    const token = await tokenFor(app, 'alice', '')
    await get(app, '/api/v2/user', token)
    await get(app, '/api/v2/user', token)
    advance(15_000)
    const refused = await get(app, '/api/v2/user', token)
    expect(refused.status).toBe(429)
    expect(await errorBody(refused)).toEqual({ status: 429, message: 'Too Many Requests' })
    expect(refused.headers.get('Retry-After')).toBe(retryAfter)
    expect(refused.headers.get('X-RateLimit-Remaining')).toBe('0')
  })

  it.each([
    ['seed', 'carries Retry-After', '900'],
    ['observed', 'carries no Retry-After', null],
  ] as const)('%s: the token endpoint’s guess-throttle 429 %s', async (profile, _, retryAfter) => {
    const { app } = setup(profile, { guessLimit: { limit: 1, windowMs: 900_000 } })
    expect((await wrongSecret(app, UA)).status).toBe(401)
    const refused = await wrongSecret(app, UA)
    expect(refused.status).toBe(429)
    expect(OAuthErrorSchema.parse(await refused.json()).error).toBe('invalid_client')
    expect(refused.headers.get('Retry-After')).toBe(retryAfter)
  })
})

describe('userAgentRequiredIn: a request without User-Agent', () => {
  it.each(PROFILE_NAMES)('%s: the API refuses it with 403 saying so', async (profile) => {
    const { app } = setup(profile)
    const response = await get(app, '/api/v2/users/alice', undefined, {})
    expect(response.status).toBe(403)
    expect((await errorBody(response)).message).toContain('User-Agent header is required')
  })

  it('seed: the OAuth endpoints refuse it as the API does (token 400 invalid_request, authorize and consent 403 pages); the website’s other pages answer it', async () => {
    const { app } = setup('seed')
    const token = await wrongSecret(app, {})
    expect(token.status).toBe(400)
    const body = OAuthErrorSchema.parse(await token.json())
    expect(body.error).toBe('invalid_request')
    expect(body.error_description).toContain('User-Agent header is required')
    for (const path of [
      '/oauth2/authorize?client_id=playground-web&response_type=code',
      '/oauth2/authorize/consent?request=x',
    ]) {
      const page = await app.request(path)
      expect([path, page.status]).toEqual([path, 403])
      expect(page.headers.get('Content-Type')).toMatch(/^text\/html/)
      expect(await page.text()).toContain('User-Agent header is required')
      expect((await app.request(path, { headers: UA })).status).not.toBe(403)
    }
    expect((await wrongSecret(app, UA)).status).toBe(401)
    expect((await app.request('/settings/tokens')).status).toBe(200)
  })

  it('observed: the website’s other pages refuse it too', async () => {
    const { app } = setup('observed')
    const page = await app.request('/settings/tokens')
    expect(page.status).toBe(403)
    expect(await page.text()).toContain('User-Agent header is required')
  })

  it('observed: the token endpoint refuses it with 400 invalid_request, uncached', async () => {
    const { app } = setup('observed')
    const response = await wrongSecret(app, {})
    expect(response.status).toBe(400)
    const body = OAuthErrorSchema.parse(await response.json())
    expect(body.error).toBe('invalid_request')
    expect(body.error_description).toContain('User-Agent header is required')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
  })

  it('observed: the authorize page refuses it with a 403 HTML page saying so', async () => {
    const { app } = setup('observed')
    const response = await app.request(
      '/oauth2/authorize?client_id=playground-web&response_type=code',
    )
    expect(response.status).toBe(403)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
    const html = await response.text()
    expect(html).toContain('User-Agent required')
    expect(html).toContain('User-Agent header is required')
    const withAgent = await app.request(
      '/oauth2/authorize?client_id=playground-web&response_type=code',
      { headers: UA },
    )
    expect(withAgent.status).toBe(200)
  })
})

describe.each(PROFILE_NAMES)('in both profiles (%s)', (profile) => {
  it('an empty or blank User-Agent counts as missing', async () => {
    const { app } = setup(profile)
    for (const agent of ['', '   ']) {
      const response = await get(app, '/api/v2/users/alice', undefined, { 'User-Agent': agent })
      expect(response.status).toBe(403)
      expect((await errorBody(response)).message).toContain('User-Agent header is required')
    }
  })

  it('a call refused for its User-Agent is not counted, and shows the budget it did not spend', async () => {
    const { app } = setup(profile, { rateLimit: { limit: 3, windowMs: 60_000 } })
    const token = await tokenFor(app, 'alice', '')
    for (let i = 0; i < 4; i += 1) {
      const refused = await get(app, '/api/v2/user', token, {})
      expect(refused.status).toBe(403)
      expect((await errorBody(refused)).message).toContain('User-Agent header is required')
      expect(refused.headers.get('X-RateLimit-Limit')).toBe('3')
      expect(refused.headers.get('X-RateLimit-Remaining')).toBe('3')
    }
    const counted = await get(app, '/api/v2/user', token)
    expect(counted.status).toBe(200)
    expect(counted.headers.get('X-RateLimit-Remaining')).toBe('2')
  })

  it('the token endpoint’s answers carry X-RateLimit-Limit and -Remaining without spending the budget', async () => {
    const budget = PROFILES[profile].anonymousBudget?.limit ?? 5000
    const { app } = setup(profile)
    const failed = await wrongSecret(app, UA)
    expect(failed.status).toBe(401)
    expect(failed.headers.get('X-RateLimit-Limit')).toBe(String(budget))
    expect(failed.headers.get('X-RateLimit-Remaining')).toBe(String(budget))
    const params = new URLSearchParams({ client_id: 'playground-web', response_type: 'code' })
    const page = await authorizeThroughPages(app, `/oauth2/authorize?${params.toString()}`, {
      login: 'bob',
    })
    const issued = await redeemCode(
      app,
      new URL(page.location ?? '').searchParams.get('code') ?? '',
    )
    expect(issued.status).toBe(200)
    expect(issued.headers.get('X-RateLimit-Remaining')).toBe(String(budget))
  })

  it('the authorize, sign-in and consent pages carry X-RateLimit-Limit and -Remaining without spending the budget', async () => {
    const budget = PROFILES[profile].anonymousBudget?.limit ?? 5000
    const { app } = setup(profile)
    const seen: [string, string | null, string | null][] = []
    // The pages as a browser goes through them, each answer's rate-limit headers recorded.
    const recording = {
      request: async (input: string, init?: RequestInit) => {
        const response = await app.request(input, init)
        const { pathname } = new URL(input, 'http://127.0.0.1:4010')
        seen.push([
          `${init?.method ?? 'GET'} ${pathname}`,
          response.headers.get('X-RateLimit-Limit'),
          response.headers.get('X-RateLimit-Remaining'),
        ])
        return response
      },
    } as unknown as App
    const params = new URLSearchParams({ client_id: 'playground-web', response_type: 'code' })
    await authorizeThroughPages(recording, `/oauth2/authorize?${params.toString()}`, {
      login: 'bob',
    })
    const all = String(budget)
    expect(seen).toEqual([
      ['GET /oauth2/authorize', all, all],
      ['POST /session', all, all],
      ['GET /oauth2/authorize/consent', all, all],
      ['POST /oauth2/authorize/decision', all, all],
    ])
  })

  it('a team’s books_count and public_books_count count its repositories', async () => {
    const repo = (id: number, slug: string, visibility: 0 | 1): SeedRepo => ({
      id,
      slug,
      name: slug,
      description: null,
      public: visibility,
      itemsCount: 0,
      likesCount: 0,
      watchesCount: 0,
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T00:00:00.000Z',
      contentUpdatedAt: '2024-01-01T00:00:00.000Z',
    })
    const [first, ...others] = seedGroups
    if (first === undefined) throw new Error('the seed has no team')
    const team = { ...first, repos: [repo(9001, 'open', 1), repo(9002, 'closed', 0)] }
    const Counts = z.object({
      login: z.string(),
      books_count: z.int(),
      public_books_count: z.int(),
    })
    const countsOf = async (groups: typeof seedGroups) => {
      const { app } = setup(profile, { groups })
      const token = await tokenFor(app, 'alice', 'group:read')
      const response = await get(app, '/api/v2/users/alice/groups', token)
      const found = envelope(z.array(Counts))
        .parse(await response.json())
        .data.find((group) => group.login === team.login)
      return [found?.books_count ?? 0, found?.public_books_count ?? 0]
    }
    // The team's repositories of seed-content.ts, and the two of SeedGroup.repos beside them.
    const [books = 0, open = 0] = await countsOf(seedGroups)
    expect(await countsOf([team, ...others])).toEqual([books + 2, open + 1])
  })

  it('descriptions the OpenAPI document types as strings are "" where the seed has none, never null', async () => {
    const { app } = setup(profile)
    const withoutDescription = (items: { description: string | null }[]) =>
      items.filter((item) => item.description === null).length
    // The seed has users, teams and repositories without a description: the test can fail.
    expect(withoutDescription(seedUsers)).toBeGreaterThan(0)
    expect(withoutDescription(seedGroups)).toBeGreaterThan(0)
    expect(withoutDescription(seedUsers.flatMap((user) => user.repos))).toBeGreaterThan(0)
    const token = await tokenFor(app, 'bob', 'repo:read,group:read')
    const read = async (path: string) => (await get(app, path, token)).json()
    const bob = envelope(UserSchema).parse(await read('/api/v2/user')).data
    expect(bob.description).toBe('')
    const repos = envelope(z.array(RepoSchema)).parse(await read('/api/v2/users/bob/repos')).data
    const teams = envelope(z.array(GroupSchema)).parse(await read('/api/v2/users/carol/groups'))
    for (const item of [...repos, ...teams.data]) expect(item.description).not.toBeNull()
    expect(repos.some((item) => item.description === '')).toBe(true)
    expect(teams.data.some((item) => item.description === '')).toBe(true)
  })
})
