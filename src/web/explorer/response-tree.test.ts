import { describe, expect, it } from 'vitest'
import {
  allBranches,
  copyText,
  defaultOpen,
  itemName,
  orderHeaders,
  pathKey,
  pathText,
  search,
} from './response-tree'

const repos = {
  data: [
    { id: 20011, slug: 'handbook', name: 'API Handbook', user: { login: 'alice' } },
    { id: 20012, slug: 'notes', title: 'Notes' },
    { id: 20013 },
  ],
  meta: { total: 3 },
}

describe('pathText', () => {
  it('writes a path as JavaScript reads it below the body', () => {
    expect(pathText(['data', 0, 'slug'])).toBe('data[0].slug')
    expect(pathText([0, 'name'])).toBe('[0].name')
    expect(pathText(['data', 'two words', 'a"b', '$ok', '9lives'])).toBe(
      'data["two words"]["a\\"b"].$ok["9lives"]',
    )
    expect(pathText([])).toBe('')
  })
})

describe('defaultOpen', () => {
  it('opens the root and its named branches, not the items of a list', () => {
    expect(defaultOpen(repos)).toEqual(new Set([pathKey([]), pathKey(['data']), pathKey(['meta'])]))
    // A list at the root: open, its items closed.
    expect(defaultOpen([{ a: 1 }, { b: 2 }])).toEqual(new Set([pathKey([])]))
    expect(defaultOpen('text')).toEqual(new Set())
  })

  it('has every branch in Expand all', () => {
    expect(allBranches(repos).size).toBe(7)
  })
})

describe('itemName', () => {
  it('names an item by name, title, login, slug or id, in that order', () => {
    expect(itemName(repos.data[0])).toBe('API Handbook')
    expect(itemName(repos.data[1])).toBe('Notes')
    expect(itemName({ login: 'bob', slug: 's', id: 1 })).toBe('bob')
    expect(itemName({ slug: 's', id: 1 })).toBe('s')
    expect(itemName(repos.data[2])).toBe('20013')
    expect(itemName({ name: '  ', id: 7 })).toBe('7')
    expect(itemName({ other: 1 })).toBeUndefined()
    expect(itemName([1, 2])).toBeUndefined()
  })
})

describe('search', () => {
  it('counts keys and values that match, and opens the branches above them', () => {
    const found = search(repos, 'alice')
    expect(found.matches).toBe(1)
    expect(found.open).toEqual(
      new Set([pathKey([]), pathKey(['data']), pathKey(['data', 0]), pathKey(['data', 0, 'user'])]),
    )
    expect(search(repos, 'slug').matches).toBe(2)
  })

  it('finds nothing for a needle in no key or value', () => {
    expect(search(repos, 'zebra')).toEqual({ matches: 0, open: new Set() })
  })
})

describe('copyText', () => {
  it('copies a string as it is and anything else as JSON', () => {
    expect(copyText('a "b"')).toBe('a "b"')
    expect(copyText(3)).toBe('3')
    expect(copyText(null)).toBe('null')
    expect(copyText({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}')
  })
})

describe('orderHeaders', () => {
  it('lists every header, the key ones first in their order, the others by name', () => {
    const headers = new Headers({
      'cache-control': 'no-store',
      'content-type': 'application/json',
      'x-ratelimit-remaining': '4999',
      'x-oauth-scopes': 'doc,repo',
      'x-ratelimit-limit': '5000',
      'x-request-id': 'abc',
      pragma: 'no-cache',
      'retry-after': '30',
    })
    expect(orderHeaders(headers).map(({ name, isKey }) => [name, isKey])).toEqual([
      ['x-ratelimit-limit', true],
      ['x-ratelimit-remaining', true],
      ['x-oauth-scopes', true],
      ['retry-after', true],
      ['content-type', true],
      ['x-request-id', true],
      ['cache-control', false],
      ['pragma', false],
    ])
  })
})
