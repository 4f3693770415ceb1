import { describe, expect, it } from 'vitest'
import { endpointById } from '../../protocol/endpoints'
import {
  buildRequest,
  filterEndpoints,
  groupByTag,
  readInputs,
  writeInputs,
} from './explorer-state'
import { explorerMessagesZh } from './messages.zh'
import { SUMMARIES_EN } from './summaries-en'

const BOTH = [SUMMARIES_EN, explorerMessagesZh.summaries]

const UPDATE = endpointById('doc.updateById')
const LIST = endpointById('doc.listById')

describe('explorer state in the URL', () => {
  it('round-trips an operation and its inputs through the search params', () => {
    const inputs = { path: { book_id: '7', id: 'intro' }, query: {}, body: '{"title":"x"}' }
    const search = writeInputs('doc.updateById', inputs)
    expect(search.toString()).toBe(
      'op=doc.updateById&p.book_id=7&p.id=intro&body=%7B%22title%22%3A%22x%22%7D',
    )
    expect(readInputs(search)).toEqual(inputs)
  })

  it('builds the proxy URL with the declared query only, and the body as typed', () => {
    expect(
      buildRequest(LIST, { path: { book_id: '7' }, query: { limit: '5', offset: '' }, body: null }),
    ).toEqual({
      ok: true,
      method: 'GET',
      url: '/api/v2/repos/7/docs?limit=5',
      servicePath: '/repos/7/docs?limit=5',
    })
  })

  it('names each bad input before anything is sent: traversal, bad query, bad JSON', () => {
    const built = buildRequest(UPDATE, {
      path: { book_id: '..', id: '' },
      query: {},
      body: '{"title":',
    })
    expect(built.ok).toBe(false)
    if (built.ok) return
    expect(built.problems['p.book_id']).toContain('must be a positive whole number')
    expect(built.problems['p.id']).toBe('The path parameter "id" is required.')
    expect(built.problems.body).toContain('is not valid JSON')
    expect(
      buildRequest(LIST, { path: { book_id: '1' }, query: { limit: 'ten' }, body: null }),
    ).toEqual({ ok: false, problems: { 'q.limit': '"limit" must be a whole number.' } })
  })

  it('prefills the body of a write with the document example', () => {
    const built = buildRequest(endpointById('doc.createById'), {
      path: { book_id: '1' },
      query: {},
      body: null,
    })
    expect(built.ok && JSON.parse(built.body ?? '')).toMatchObject({ format: 'markdown' })
  })
})

describe('the catalogue', () => {
  it('finds operations by Chinese summary, English summary, path and scope', () => {
    expect(filterEndpoints('创建文档', BOTH).map((e) => e.id)).toEqual([
      'doc.createById',
      'doc.create',
    ])
    expect(filterEndpoints('heartbeat', BOTH).map((e) => e.id)).toEqual(['user.hello'])
    expect(filterEndpoints('/doc_versions', BOTH).map((e) => e.id)).toEqual([
      'doc.versions',
      'doc.version',
    ])
    expect(filterEndpoints('group:read', BOTH).every((e) => e.scope === 'group:read')).toBe(true)
  })

  it('searches only the summaries of the languages loaded', () => {
    // An English page has not loaded the Chinese catalogs (i18n-store.ts).
    expect(filterEndpoints('创建文档', [SUMMARIES_EN])).toEqual([])
  })

  it('groups by the document tags', () => {
    expect(groupByTag(filterEndpoints('', BOTH)).map(([tag]) => tag)).toEqual([
      'user',
      'search',
      'group',
      'doc',
      'repo',
      'statistic',
    ])
  })
})
