/**
 * The emulator's answers to an outside probe of its fidelity (its own client, the official
 * document's schemas, the SDK): what a read of search needs, the envelope's `abilities` and
 * `meta`, counted repository counts, repository slugs, Markdown rendered to `body_html`, and JSON
 * bodies only. The TOC's Markdown (model/toc-markdown.test.ts), the User-Agent and rate-limit
 * headers of the OAuth pages (profiles.test.ts) and the SDK's extra paths (compat.test.ts,
 * api/not-emulated.test.ts) are tested beside their code.
 */
import { describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../protocol/schemas'
import { setupApi } from '../testing/api-setup'

/** A call with a token of `scope` for `login` (setupApi's `call` grants every scope). */
async function callWith(
  api: ReturnType<typeof setupApi>,
  login: string,
  scope: string,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
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
