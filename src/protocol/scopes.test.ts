import { describe, expect, it } from 'vitest'
import {
  SCOPES,
  ScopeError,
  canonicalScopes,
  expandScopes,
  grantedScope,
  leastNeeded,
  parseScopeList,
  implies,
  isSatisfiedBy,
  missingScopes,
  parseScopes,
  safeParseScopes,
} from './scopes'

describe('the scope table', () => {
  it('lists every scope of the spec with a meaning', () => {
    expect(SCOPES.map((s) => s.name)).toEqual([
      'group',
      'group:read',
      'repo',
      'repo:read',
      'topic',
      'topic:read',
      'doc',
      'doc:read',
      'artboard',
      'artboard:read',
      'attach_upload',
    ])
    for (const scope of SCOPES) expect(scope.meaning.length).toBeGreaterThan(5)
  })

  it('marks only attach_upload as needing the operator approval', () => {
    expect(SCOPES.filter((s) => s.needsApproval).map((s) => s.name)).toEqual(['attach_upload'])
  })
})

describe('parseScopes', () => {
  it('splits on commas and tolerates spaces and empty entries', () => {
    expect(parseScopes(' doc , repo:read,,')).toEqual(['doc', 'repo:read'])
  })

  it('returns no scope for an empty string', () => {
    expect(parseScopes('')).toEqual([])
  })

  it('rejects an unknown scope and names it', () => {
    expect(() => parseScopes('doc,admin')).toThrow(new ScopeError('admin'))
    expect(() => parseScopes('doc,admin')).toThrow('unknown scope "admin"')
  })

  it('is case-sensitive as the service is', () => {
    expect(safeParseScopes('Doc')).toMatchObject({ ok: false, error: { scope: 'Doc' } })
  })

  it('drops duplicates and keeps first-appearance order', () => {
    expect(parseScopes('repo,doc,repo')).toEqual(['repo', 'doc'])
  })
})

describe('implies', () => {
  it('gives the :read variant to the full scope', () => {
    expect(implies('doc', 'doc:read')).toBe(true)
    expect(implies('doc', 'doc')).toBe(true)
  })

  it('does not give the full scope to the :read variant, nor across resources', () => {
    expect(implies('doc:read', 'doc')).toBe(false)
    expect(implies('doc', 'repo:read')).toBe(false)
    expect(implies('attach_upload', 'doc:read')).toBe(false)
  })
})

describe('canonicalScopes', () => {
  it('drops implied scopes as the spec example shows', () => {
    expect(canonicalScopes(['doc', 'doc:read', 'repo'])).toEqual(['doc', 'repo'])
  })

  it('drops an implied scope that comes before the scope implying it', () => {
    expect(canonicalScopes(['repo:read', 'group:read', 'repo'])).toEqual(['group:read', 'repo'])
  })

  it('removes duplicates', () => {
    expect(canonicalScopes(['doc:read', 'doc:read'])).toEqual(['doc:read'])
  })

  it('keeps an empty list empty', () => {
    expect(canonicalScopes([])).toEqual([])
  })
})

describe('isSatisfiedBy and missingScopes', () => {
  it('is satisfied by the exact scope or the full one', () => {
    expect(isSatisfiedBy(['repo:read'], ['repo:read'])).toBe(true)
    expect(isSatisfiedBy(['repo'], ['repo:read'])).toBe(true)
  })

  it('is not satisfied by the read variant when the full scope is needed', () => {
    expect(isSatisfiedBy(['repo:read'], ['repo'])).toBe(false)
    expect(missingScopes(['repo:read', 'doc'], ['repo', 'doc:read'])).toEqual(['repo'])
  })

  it('is always satisfied when nothing is needed, even with no scope at all', () => {
    expect(isSatisfiedBy([], [])).toBe(true)
  })

  it('is not satisfied by an empty grant when something is needed', () => {
    expect(isSatisfiedBy([], ['group:read'])).toBe(false)
  })
})

describe('expandScopes', () => {
  it('lists held and implied scopes in the spec order', () => {
    expect(expandScopes(['doc', 'group:read'])).toEqual(['group:read', 'doc', 'doc:read'])
  })
})

describe('the tolerant parser and its helpers', () => {
  it('splits on commas and white space, drops blanks and duplicates, keeps unknown names', () => {
    expect(parseScopeList(' doc, repo,,doc\tfuture:scope ')).toEqual([
      'doc',
      'repo',
      'future:scope',
    ])
    expect(parseScopeList('')).toEqual([])
  })

  it('puts a granted scope in canonical form and keeps unknown names', () => {
    expect(grantedScope('doc,doc:read,repo')).toBe('doc,repo')
    expect(grantedScope('doc:read,future:scope,doc')).toBe('future:scope,doc')
  })

  it('reads the least an endpoint needs from its accepted scopes', () => {
    expect(leastNeeded(['repo', 'repo:read'])).toEqual(['repo:read'])
    expect(leastNeeded(['doc:read'])).toEqual(['doc:read'])
  })
})
