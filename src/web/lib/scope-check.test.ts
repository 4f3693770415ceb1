import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SCOPES, canonicalScopes, isSatisfiedBy } from '../../protocol/scopes'
import { checkScopes, standingOf, type ScopeCheckInput } from './scope-check'
import { GROUPS_USE, REPOS_USE, SCOPE_USES, publicUses, usesOfScope } from './scope-uses'

const noAnswerYet = { accepted: [], grantedHeader: null } as const

function check(input: Partial<ScopeCheckInput>) {
  return checkScopes({
    declared: 'repo:read',
    ...noAnswerYet,
    sessionScope: '',
    requestedScope: '',
    ...input,
  })
}

describe('checkScopes', () => {
  it('compares X-Accepted-OAuth-Scopes with X-OAuth-Scopes when the response has both', () => {
    expect(
      check({ accepted: ['repo:read'], grantedHeader: ['doc'], sessionScope: 'repo' }),
    ).toEqual({
      needed: ['repo:read'],
      neededFrom: 'header',
      granted: ['doc'],
      grantedFrom: 'header',
      missing: ['repo:read'],
      isGranted: false,
      canRequest: true,
      declinedOnConsent: [],
      requestScopes: ['doc', 'repo:read'],
    })
  })

  it('falls back to the session scope when X-OAuth-Scopes is absent', () => {
    const result = check({ accepted: ['repo:read'], sessionScope: 'doc,repo' })
    expect(result).toMatchObject({ grantedFrom: 'session', granted: ['doc', 'repo'] })
    expect(result.isGranted).toBe(true)
    expect(result.requestScopes).toEqual([])
  })

  it("falls back to the view's declared scope when X-Accepted-OAuth-Scopes is absent", () => {
    const result = check({ declared: 'group:read', grantedHeader: ['repo'] })
    expect(result).toMatchObject({ needed: ['group:read'], neededFrom: 'view' })
    expect(result.missing).toEqual(['group:read'])
  })

  it('before any answer, judges by the session and the declared scope', () => {
    expect(check({ sessionScope: 'repo:read' })).toMatchObject({
      neededFrom: 'view',
      grantedFrom: 'session',
      isGranted: true,
    })
  })

  it('counts a full scope as granting its read variant', () => {
    expect(check({ grantedHeader: ['repo'] }).isGranted).toBe(true)
    expect(check({ grantedHeader: ['repo:read'], declared: 'repo' }).missing).toEqual(['repo'])
  })

  it('treats an empty X-OAuth-Scopes as a token with no scope, not as an absent header', () => {
    expect(check({ grantedHeader: [], sessionScope: 'repo:read' })).toMatchObject({
      grantedFrom: 'header',
      missing: ['repo:read'],
    })
  })

  it('asks for the canonical union: an implied scope held is not asked for twice', () => {
    const result = check({ declared: 'repo', grantedHeader: ['doc', 'repo:read'] })
    expect(result.requestScopes).toEqual(['doc', 'repo'])
  })

  it('leaves scopes it does not know out of the new request (the service would refuse it)', () => {
    const result = check({ grantedHeader: ['doc', 'book:write'] })
    expect(result.granted).toEqual(['doc', 'book:write'])
    expect(result.requestScopes).toEqual(['doc', 'repo:read'])
  })

  it('offers no new authorization for a scope it does not know or one that needs approval', () => {
    expect(check({ accepted: ['book:write'], grantedHeader: ['doc'] })).toMatchObject({
      missing: ['book:write'],
      canRequest: false,
    })
    expect(check({ declared: 'attach_upload', grantedHeader: [] }).canRequest).toBe(false)
    expect(check({ grantedHeader: ['repo:read'] }).canRequest).toBe(false)
  })

  it('notices a scope that was requested and then unticked on the consent page', () => {
    const result = check({ sessionScope: 'doc', requestedScope: 'doc,repo' })
    expect(result.declinedOnConsent).toEqual(['repo:read'])
    expect(check({ sessionScope: 'doc', requestedScope: 'doc' }).declinedOnConsent).toEqual([])
  })

  it('asks for a set that covers what is held and what is needed, in canonical form', () => {
    const scopeName = fc.constantFrom(...SCOPES.map((scope) => scope.name))
    fc.assert(
      fc.property(fc.array(scopeName), scopeName, (held, needed) => {
        const result = check({ grantedHeader: held, declared: needed })
        expect(result.isGranted).toBe(isSatisfiedBy(held, [needed]))
        if (result.isGranted) return
        expect(isSatisfiedBy(result.requestScopes, [...held, needed])).toBe(true)
        expect(canonicalScopes(result.requestScopes)).toEqual(result.requestScopes)
      }),
    )
  })
})

describe('standingOf', () => {
  it('tells a scope held itself from one implied by a full scope and from one not held', () => {
    expect(standingOf('doc', ['doc'])).toEqual({ kind: 'granted' })
    expect(standingOf('doc:read', ['repo', 'doc'])).toEqual({ kind: 'implied', by: 'doc' })
    expect(standingOf('doc', ['doc:read'])).toEqual({ kind: 'not-granted' })
  })
})

describe('the table of views and their scopes', () => {
  it('names each panel of the profile with the scope its endpoint needs', () => {
    // From the endpoint table (endpoints.ts), not a copy of it.
    expect(REPOS_USE).toMatchObject({ request: 'GET /users/{login}/repos', scope: 'repo:read' })
    expect(GROUPS_USE).toMatchObject({ request: 'GET /users/{id}/groups', scope: 'group:read' })
  })

  it('lists a view under the scope it needs and under the full scope that implies it', () => {
    expect(usesOfScope('repo:read').map((use) => use.id)).toEqual(['profile-repos'])
    expect(usesOfScope('repo').map((use) => use.id)).toEqual(['profile-repos'])
    expect(usesOfScope('group').map((use) => use.id)).toEqual(['profile-groups'])
    expect(usesOfScope('doc')).toEqual([])
  })

  it('names only scopes of the spec, and puts every view either under a scope or public', () => {
    const names = SCOPES.map((scope) => scope.name)
    for (const use of SCOPE_USES) if (use.scope !== null) expect(names).toContain(use.scope)
    const listed = new Set([...SCOPES.flatMap((scope) => usesOfScope(scope.name)), ...publicUses()])
    expect(listed.size).toBe(SCOPE_USES.length)
  })
})
