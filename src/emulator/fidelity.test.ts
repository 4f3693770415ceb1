/**
 * The emulator's answers to an outside probe of its fidelity (its own client, the official
 * document's schemas, the SDK): what a read of search needs, the envelope's `abilities` and
 * `meta`, counted repository counts, repository slugs, Markdown rendered to `body_html`, and JSON
 * bodies only. The TOC's Markdown (model/toc-markdown.test.ts), the User-Agent and rate-limit
 * headers of the OAuth pages (profiles.test.ts) and the SDK's extra paths (compat.test.ts,
 * api/not-emulated.test.ts) are tested beside their code.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ErrorBodySchema, RepoSchema, UserSchema, envelope } from '../protocol/schemas'
import { setupApi } from '../testing/api-setup'

/** A call with a token of `scope` for `login` (setupApi's `call` grants every scope). */
async function callWith(
  api: ReturnType<typeof setupApi>,
  login: string,
  scope: string,
  path: string,
  init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {},
) {
  const token = await api.tokenFor(login, scope)
  const response = await api.app.request(`/api/v2${path}`, {
    method: init.method ?? 'GET',
    headers: { 'User-Agent': 'fidelity-test/1.0', 'X-Auth-Token': token, ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
  })
  return { response, body: (await response.json()) as Record<string, unknown> }
}

const titlesOf = (body: Record<string, unknown>) =>
  (body.data as { title: string }[]).map((hit) => hit.title)

describe('GET /search checks the scope of what it reads, as the other reads do', () => {
  const PRIVATE = '/search?q=Ideas%20for%20next%20quarter&type=doc'

  it('refuses a token without doc:read a search of documents, private or public, naming the scope', async () => {
    const api = setupApi()
    for (const path of [PRIVATE, '/search?q=getting&type=doc', '/search?q=getting']) {
      const { response, body } = await callWith(api, 'alice', '', path)
      expect([path, response.status]).toEqual([path, 403])
      expect(ErrorBodySchema.parse(body).message).toContain('"doc:read"')
      expect(response.headers.get('X-Accepted-OAuth-Scopes')).toBe('doc:read')
      expect(JSON.stringify(body)).not.toContain('Ideas for next quarter')
    }
    // As a read of the private repository's documents is refused to the same token.
    const list = await callWith(api, 'alice', '', '/repos/alice/drafts/docs')
    expect(list.response.status).toBe(403)
  })

  it('refuses a token without repo:read a search of repositories; repo:read is not enough for documents', async () => {
    const api = setupApi()
    const repos = await callWith(api, 'alice', 'doc', '/search?q=drafts&type=repo')
    expect(repos.response.status).toBe(403)
    expect(repos.response.headers.get('X-Accepted-OAuth-Scopes')).toBe('repo:read')
    const docs = await callWith(api, 'alice', 'repo:read', PRIVATE)
    expect(docs.response.status).toBe(403)
    expect(ErrorBodySchema.parse(docs.body).message).toContain('"doc:read"')
  })

  it('answers a token with the scope, its owner’s private documents included', async () => {
    const api = setupApi()
    const docs = await callWith(api, 'alice', 'doc:read', PRIVATE)
    expect(docs.response.status).toBe(200)
    expect(docs.response.headers.get('X-Accepted-OAuth-Scopes')).toBe('doc:read')
    expect(titlesOf(docs.body)).toEqual(['Ideas for next quarter'])
    const repos = await callWith(api, 'alice', 'repo:read', '/search?q=handbook&type=repo')
    expect(repos.response.status).toBe(200)
    expect(titlesOf(repos.body)).toEqual(['API Handbook'])
  })

  it('in the observed profile, refuses as that profile refuses a missing scope', async () => {
    const api = setupApi()
    api.control.setProfile('observed')
    const { response, body } = await callWith(api, 'alice', '', PRIVATE)
    expect(response.status).toBe(401)
    expect(body).toEqual({ status: 401, message: 'scope unauthorized' })
  })
})

describe('the envelope of a single record carries abilities and meta (docs/service.md#response-envelope)', () => {
  const REPO = '/repos/alice/api-handbook'
  const DOC = '/repos/alice/api-handbook/docs/getting-started'
  const ALL = 'group,repo,doc'

  it('a repository: what this caller may do with it, by the user’s rights and the token’s scope', async () => {
    const api = setupApi()
    const read = async (login: string, scope: string, path = REPO) => {
      const { response, body } = await callWith(api, login, scope, path)
      expect(response.status).toBe(200)
      // The web app's envelope schema (src/protocol/envelope.ts) accepts the answer.
      return envelope(RepoSchema).parse(body)
    }
    const owner = await read('alice', ALL)
    expect(owner.abilities).toEqual({ update: true, destroy: true, create_doc: true })
    expect(owner.meta).toEqual({ liked: false, watched: false })
    // The owner with a read-only token may do what the token allows: nothing.
    expect((await read('alice', 'repo:read')).abilities).toEqual({
      update: false,
      destroy: false,
      create_doc: false,
    })
    // A token with repo but not doc may change the repository, not add documents to it.
    expect((await read('alice', 'repo')).abilities).toEqual({
      update: true,
      destroy: true,
      create_doc: false,
    })
    // Another user reads a public repository and may change nothing, whatever the token.
    expect((await read('bob', ALL)).abilities).toEqual({
      update: false,
      destroy: false,
      create_doc: false,
    })
    // A read-only member of the owning team (alice in design-guild) neither.
    expect((await read('alice', ALL, '/repos/design-guild/tokens')).abilities).toMatchObject({
      update: false,
    })
    // carol administers design-guild.
    expect((await read('carol', ALL, '/repos/design-guild/tokens')).abilities).toMatchObject({
      update: true,
    })
  })

  it('a repository created or changed is answered with its abilities too, and what they say holds', async () => {
    const api = setupApi()
    const created = await api.call('carol', 'POST', '/users/carol/repos', {
      name: 'Scratch',
      slug: 'scratch',
    })
    expect(created.body).toMatchObject({ abilities: { update: true, destroy: true } })
    const changed = await api.call('carol', 'PUT', '/repos/carol/scratch', { name: 'S' })
    expect(changed.body).toMatchObject({ abilities: { update: true }, meta: { liked: false } })
    const bob = await callWith(api, 'bob', ALL, '/repos/alice/api-handbook')
    expect(bob.body).toMatchObject({ abilities: { destroy: false } })
    const tried = await api.call('bob', 'DELETE', '/repos/alice/api-handbook')
    expect(tried.status).toBe(403)
  })

  it('a document: update and destroy by the repository’s rights and the doc scope', async () => {
    const api = setupApi()
    const Doc = envelope(z.object({ slug: z.string() }))
    const read = async (login: string, scope: string) =>
      Doc.parse((await callWith(api, login, scope, DOC)).body)
    const owner = await read('alice', ALL)
    expect(owner.abilities).toEqual({ update: true, destroy: true })
    expect(owner.meta).toEqual({ liked: false })
    expect((await read('alice', 'doc:read')).abilities).toEqual({ update: false, destroy: false })
    expect((await read('bob', ALL)).abilities).toEqual({ update: false, destroy: false })
    const byId = Doc.parse((await callWith(api, 'alice', ALL, '/repos/docs/40001')).body)
    expect(byId.abilities).toEqual({ update: true, destroy: true })
    const created = await api.call('alice', 'POST', '/repos/alice/api-handbook/docs', {
      slug: 'new',
      body: 'x',
    })
    expect(created.body).toMatchObject({ abilities: { update: true, destroy: true } })
  })

  it('another user’s record: meta says whether the caller follows them', async () => {
    const api = setupApi()
    const { body } = await callWith(api, 'alice', '', '/users/bob')
    expect(envelope(UserSchema).parse(body).meta).toEqual({ followed: false })
  })
})

describe('a user’s books_count and public_books_count follow the repositories', () => {
  const Counts = z.object({ books_count: z.int(), public_books_count: z.int() })
  const countsOf = async (api: ReturnType<typeof setupApi>, path: string) => {
    const answer = await api.call('carol', 'GET', path)
    const counts = envelope(Counts).parse(answer.body).data
    return [counts.books_count, counts.public_books_count]
  }

  it('as repositories are created, made private or public, and deleted', async () => {
    const api = setupApi()
    const start = await countsOf(api, '/user')
    const [books = 0, open = 0] = start
    expect(await countsOf(api, '/users/carol')).toEqual(start)
    await api.call('carol', 'POST', '/users/carol/repos', { name: 'A', slug: 'a', public: 1 })
    await api.call('carol', 'POST', '/users/carol/repos', { name: 'B', slug: 'b' })
    expect(await countsOf(api, '/user')).toEqual([books + 2, open + 1])
    await api.call('carol', 'PUT', '/repos/carol/a', { public: 0 })
    await api.call('carol', 'PUT', '/repos/carol/b', { public: 1 })
    await api.call('carol', 'PUT', '/repos/carol/b', { public: 2 })
    expect(await countsOf(api, '/user')).toEqual([books + 2, open])
    await api.call('carol', 'PUT', '/repos/carol/b', { public: 1 })
    expect(await countsOf(api, '/users/carol')).toEqual([books + 2, open + 1])
    await api.call('carol', 'DELETE', '/repos/carol/b')
    await api.call('carol', 'DELETE', '/repos/carol/a')
    expect(await countsOf(api, '/user')).toEqual(start)
  })

  it('in the owner embedded in a repository’s record too', async () => {
    const api = setupApi()
    const [books = 0, open = 0] = await countsOf(api, '/user')
    await api.call('carol', 'POST', '/users/carol/repos', { name: 'A', slug: 'a', public: 1 })
    const answer = await api.call('carol', 'GET', '/repos/carol/a')
    const owner = envelope(z.object({ user: Counts })).parse(answer.body).data.user
    expect([owner.books_count, owner.public_books_count]).toEqual([books + 1, open + 1])
  })
})

describe('a repository’s slug must be one a path can name (src/protocol/endpoint-path.ts)', () => {
  it.each([
    ['a space and "!"', 'bad slug!'],
    ['a slash', 'a/b'],
    ['dots alone', '..'],
    ['one dot', '.'],
    ['CJK', '路径'],
    ['191 characters', 'x'.repeat(191)],
    ['a tab', 'tab\there'],
  ])(
    'refuses one with %s with 400 naming the field, on create and on update, changing nothing',
    async (_, slug) => {
      const api = setupApi()
      const created = await api.call('alice', 'POST', '/groups/payments-docs/repos', {
        name: 'x',
        slug,
      })
      expect(created.status).toBe(400)
      expect(ErrorBodySchema.parse(created.body).message).toMatch(
        /^请求参数非法: the field "slug" \(".*"\) must be letters, digits, "\.", "-" and "_"/u,
      )
      const updated = await api.call('alice', 'PUT', '/repos/alice/api-handbook', { slug })
      expect(updated.status).toBe(400)
      expect(ErrorBodySchema.parse(updated.body).message).toContain('the field "slug"')
      const list = await api.call('alice', 'GET', '/groups/payments-docs/repos')
      expect((list.body as { data: unknown[] }).data).toHaveLength(2)
      expect((await api.call('alice', 'GET', '/repos/alice/api-handbook')).status).toBe(200)
    },
  )

  it('takes letters, digits, ".", "-" and "_", and the repository is then reachable by it', async () => {
    const api = setupApi()
    const slug = 'Release_notes-v2.1'
    const created = await api.call('alice', 'POST', '/users/alice/repos', { name: 'x', slug })
    expect(created.status).toBe(200)
    expect((await api.call('alice', 'GET', `/repos/alice/${slug}`)).status).toBe(200)
  })
})

describe('a POST or PUT body must be JSON, sent as application/json (docs/service.md#verbs-and-bodies)', () => {
  const body = JSON.stringify({ name: 'X', slug: 'x' })

  it.each([
    ['text/plain', body],
    ['application/x-www-form-urlencoded', 'name=X&slug=x'],
    ['multipart/form-data; boundary=b', '--b--'],
    ['application/jsonp', body],
    [null, body],
  ])(
    'refuses Content-Type %s with 415 saying what to send, creating nothing',
    async (type, sent) => {
      const api = setupApi()
      const headers: Record<string, string> = type === null ? {} : { 'Content-Type': type }
      // Bytes, not a string: fetch gives a string body a "text/plain" type of its own.
      const post = await callWith(api, 'alice', 'repo', '/users/alice/repos', {
        method: 'POST',
        body: new TextEncoder().encode(sent),
        headers,
      })
      expect(post.response.status).toBe(415)
      expect(ErrorBodySchema.parse(post.body)).toEqual({
        status: 415,
        message: `The request body must be JSON sent with "Content-Type: application/json", not ${type === null ? 'without a Content-Type' : `"${type}"`}.`,
      })
      const put = await callWith(api, 'alice', 'repo', '/repos/alice/api-handbook', {
        method: 'PUT',
        body: new TextEncoder().encode(JSON.stringify({ name: 'Y' })),
        headers,
      })
      expect(put.response.status).toBe(415)
      const read = await callWith(api, 'alice', 'repo', '/repos/alice/x')
      expect(read.response.status).toBe(404)
    },
  )

  it('takes application/json, with parameters and in any case', async () => {
    const api = setupApi()
    for (const [slug, type] of [
      ['a', 'application/json'],
      ['b', 'application/json; charset=utf-8'],
      ['c', 'Application/JSON'],
    ] as const) {
      const post = await callWith(api, 'alice', 'repo', '/users/alice/repos', {
        method: 'POST',
        body: JSON.stringify({ name: 'X', slug }),
        headers: { 'Content-Type': type },
      })
      expect([type, post.response.status]).toEqual([type, 200])
    }
  })
})
