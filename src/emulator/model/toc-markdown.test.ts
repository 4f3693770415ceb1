/**
 * The `toc` field of a repository's PUT: the whole table of contents as the document's Markdown
 * list of links (toc-markdown.ts), through the real API (setupApi), then read back with GET …/toc.
 */
import { describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../protocol/schemas'
import { setupApi } from '../../testing/api-setup'

interface TocRow {
  uuid: string
  type: string
  title: string
  url: string
  doc_id: number
  level: number
  parent_uuid: string
  open_window: number
}

async function tocOf(api: ReturnType<typeof setupApi>, namespace: string) {
  const answer = await api.call('alice', 'GET', `/repos/${namespace}/toc`)
  return (answer.body as { data: TocRow[] }).data
}

/** The table as `type title → target @level` lines, to read a tree at a glance. */
const outline = (rows: TocRow[]) =>
  rows.map((row) => `${row.type} ${row.title} → ${row.doc_id || row.url} @${row.level}`)

describe('PUT /repos/{namespace} with toc', () => {
  it('replaces the table of contents with the Markdown list: names, documents by slug or id, links, groups', async () => {
    const api = setupApi()
    const toc = [
      '- [新手指引]()',
      '  - [Start here](getting-started)',
      '    - [RFC](https://www.rfc-editor.org/rfc/rfc6749)',
      '  - [Paging](40003)',
      '',
      '* [Rules](versioning)',
    ].join('\n')
    const answer = await api.call('alice', 'PUT', '/repos/alice/api-handbook', { toc })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const rows = await tocOf(api, 'alice/api-handbook')
    expect(outline(rows)).toEqual([
      'TITLE 新手指引 →  @0',
      'DOC Start here → 40001 @1',
      'LINK RFC → https://www.rfc-editor.org/rfc/rfc6749 @2',
      'DOC Paging → 40003 @1',
      'DOC Rules → 40002 @0',
    ])
    const [title, start, link, paging] = rows
    expect(start?.parent_uuid).toBe(title?.uuid)
    expect(link?.parent_uuid).toBe(start?.uuid)
    expect(paging?.parent_uuid).toBe(title?.uuid)
    expect(link?.open_window).toBe(1)
    // The old nodes are gone, and the repository by id reads the same table.
    expect(rows.map((row) => row.uuid)).not.toContain('handbook-basics')
    expect(outline(await tocOf(api, '20011'))).toEqual(outline(rows))
  })

  it('empties the table with an empty toc, and leaves it alone without one', async () => {
    const api = setupApi()
    const before = await tocOf(api, 'alice/api-handbook')
    await api.call('alice', 'PUT', '/repos/alice/api-handbook', { name: 'Handbook' })
    expect(await tocOf(api, 'alice/api-handbook')).toEqual(before)
    await api.call('alice', 'PUT', '/repos/alice/api-handbook', { toc: '' })
    expect(await tocOf(api, 'alice/api-handbook')).toEqual([])
  })

  it.each([
    ['- [link](http://example.com', 1, 'must be a list item'],
    ['[新手指引]()', 1, 'must be a list item'],
    ['- [a]()\n\t- [b]()', 2, 'must be a list item'],
    ['- [a]()\n   - [b]()', 2, 'indented by 3 spaces'],
    ['- [a]()\n    - [b]()', 2, 'more than one level deeper'],
    ['  - [a]()', 1, 'more than one level deeper'],
    ['- []()', 1, 'no name'],
    ['- [x](javascript:alert)', 1, 'a document’s slug or id, or an http(s) URL'],
  ])('refuses %j with 400 naming the field and line %i', async (toc, line, says) => {
    const api = setupApi()
    const before = await tocOf(api, 'alice/api-handbook')
    const answer = await api.call('alice', 'PUT', '/repos/alice/api-handbook', {
      toc,
      name: 'Renamed',
    })
    expect(answer.status).toBe(400)
    const { message } = ErrorBodySchema.parse(answer.body)
    expect(message).toContain(`the field "toc", line ${line}`)
    expect(message).toContain(says)
    // Nothing changed: not the table, not the name sent beside it.
    expect(await tocOf(api, 'alice/api-handbook')).toEqual(before)
    const repo = await api.call('alice', 'GET', '/repos/alice/api-handbook')
    expect(repo.body).toMatchObject({ data: { name: 'API Handbook' } })
  })

  it('refuses a document that is not in the repository with 422, changing nothing', async () => {
    const api = setupApi()
    const before = await tocOf(api, 'alice/api-handbook')
    // react-hooks is wangxiaoming's: a document, but of another repository.
    for (const target of ['nkt888', 'react-hooks', '40011']) {
      const answer = await api.call('alice', 'PUT', '/repos/alice/api-handbook', {
        toc: `- [a]()\n  - [b](${target})`,
      })
      expect(answer.status).toBe(422)
      expect(ErrorBodySchema.parse(answer.body).message).toContain(
        `line 2: no document "${target}" in this repository`,
      )
    }
    expect(await tocOf(api, 'alice/api-handbook')).toEqual(before)
  })

  it('refuses a reader who may not change the repository, as any update', async () => {
    const api = setupApi()
    const answer = await api.call('bob', 'PUT', '/repos/alice/api-handbook', { toc: '' })
    expect(answer.status).toBe(403)
    expect((await tocOf(api, 'alice/api-handbook')).length).toBeGreaterThan(0)
  })
})
