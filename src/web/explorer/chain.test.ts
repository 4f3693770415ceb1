import { afterEach, describe, expect, it } from 'vitest'
import { endpointById } from '../../protocol/endpoints'
import {
  forgetChain,
  harvest,
  kindsOf,
  leafKind,
  pick,
  pickedFor,
  suggestionsFor,
  targetLabel,
} from './chain'
import { prefillInputs } from './prefill'

const BOOK = {
  id: 20011,
  type: 'Book',
  slug: 'api-handbook',
  name: 'API Handbook',
  namespace: 'alice/api-handbook',
  user: { id: 1, type: 'User', login: 'alice', name: 'Alice Chen' },
}
const DOC = {
  id: 30001,
  type: 'Doc',
  slug: 'getting-started',
  title: 'Getting started',
  book_id: 20011,
}

afterEach(() => forgetChain())

describe('values seen in responses, offered to the next call', () => {
  it('offers a listed repository’s id to book_id, its slug to book_slug, its owner to group_login', () => {
    harvest({ data: [BOOK] })
    expect(suggestionsFor(endpointById('doc.listById'), 'book_id')).toEqual([
      { value: '20011', label: 'API Handbook' },
    ])
    expect(suggestionsFor(endpointById('doc.list'), 'book_slug')).toEqual([
      { value: 'api-handbook', label: 'API Handbook' },
    ])
    expect(suggestionsFor(endpointById('doc.list'), 'group_login')).toEqual([
      { value: 'alice', label: 'Alice Chen' },
    ])
  })

  it('offers a created document’s id and slug to a document operation’s id, with its title', () => {
    harvest({ data: DOC })
    const show = endpointById('doc.showById')
    expect(suggestionsFor(show, 'id').map((entry) => entry.value)).toEqual([
      '30001',
      'getting-started',
    ])
    expect(targetLabel(endpointById('doc.deleteById'), { book_id: '1', id: '30001' })).toBe(
      'Getting started',
    )
  })

  it('keeps the most recent first, each value once, and forgets everything with the account', () => {
    harvest({ data: [BOOK] })
    harvest({ data: [{ ...BOOK, name: 'API Handbook, renamed' }] })
    expect(suggestionsFor(endpointById('repo.showById'), 'book_id')).toEqual([
      { value: '20011', label: 'API Handbook, renamed' },
    ])
    pick('book', { value: '20011', label: 'API Handbook' })
    forgetChain()
    expect(suggestionsFor(endpointById('repo.showById'), 'book_id')).toEqual([])
    expect(pickedFor(endpointById('repo.showById'), 'book_id')).toBeUndefined()
  })

  it('knows what a member operation’s id and a version’s id take', () => {
    expect(kindsOf(endpointById('group.updateMember'), 'id')).toEqual(['login'])
    expect(kindsOf(endpointById('doc.version'), 'id')).toEqual([])
  })
})

describe('a leaf of a response sent to the next call', () => {
  it('maps a repository’s id to book_id and a document’s slug to id, nothing for other leaves', () => {
    expect(leafKind(BOOK, 'id')).toBe('book')
    expect(leafKind(BOOK, 'slug')).toBe('bookSlug')
    expect(leafKind(DOC, 'slug')).toBe('docSlug')
    expect(leafKind(DOC, 'book_id')).toBe('book')
    expect(leafKind(BOOK.user, 'login')).toBe('login')
    expect(leafKind(BOOK, 'name')).toBeNull()
    expect(leafKind([BOOK], 0)).toBeNull()
  })

  it('fills the picked value into the next form, only where the field is empty', () => {
    pick('book', { value: '20011', label: 'API Handbook' })
    const list = endpointById('doc.listById')
    const empty = { path: {}, query: {}, body: null }
    expect(prefillInputs(list, empty, undefined).path).toEqual({ book_id: '20011' })
    expect(prefillInputs(list, { ...empty, path: { book_id: '7' } }, undefined).path).toEqual({
      book_id: '7',
    })
  })

  it('fills a user’s login from the session where the parameter names the user, not a team', () => {
    const empty = { path: {}, query: {}, body: null }
    expect(prefillInputs(endpointById('repo.listByUser'), empty, 'alice').path).toEqual({
      login: 'alice',
    })
    expect(prefillInputs(endpointById('group.members'), empty, 'alice').path).toEqual({})
  })
})
