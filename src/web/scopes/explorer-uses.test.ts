import { describe, expect, it } from 'vitest'
import { SCOPES } from '../../protocol/scopes'
import { explorerOperationsFor } from './explorer-uses'

describe('the explorer on the scopes page', () => {
  it('uses doc and doc:read: the document operations need them', () => {
    expect(explorerOperationsFor('doc')).toBeGreaterThan(0)
    expect(explorerOperationsFor('doc:read')).toBeGreaterThan(0)
    // A full scope serves its read-only variant's operations too.
    expect(explorerOperationsFor('doc')).toBeGreaterThan(explorerOperationsFor('doc:read'))
  })

  it('counts for every scope the endpoint table names, and nothing for one it does not', () => {
    for (const scope of SCOPES) expect(explorerOperationsFor(scope.name)).toBeGreaterThanOrEqual(0)
    expect(explorerOperationsFor('no-such-scope')).toBe(0)
  })
})
