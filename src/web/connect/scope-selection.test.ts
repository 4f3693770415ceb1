import { describe, expect, it } from 'vitest'
import { SCOPES } from '../../protocol/scopes'
import { SCOPE_GROUPS, authorizeUrlPreview, previewSelection, toggleScope } from './scope-selection'

describe('previewSelection', () => {
  it('drops a scope implied by another one and says by which', () => {
    const preview = previewSelection(['doc', 'doc:read', 'repo'])
    expect(preview.scopeParam).toBe('doc,repo')
    expect(preview.dropped).toEqual([{ scope: 'doc:read', impliedBy: 'doc' }])
  })

  it('gives an empty scope for no selection', () => {
    expect(previewSelection([])).toMatchObject({ scopeParam: '', dropped: [], needsApproval: [] })
  })

  it('flags attach_upload as needing the operator', () => {
    expect(previewSelection(['attach_upload']).needsApproval).toEqual(['attach_upload'])
  })
})

describe('SCOPE_GROUPS', () => {
  it('shows every scope of the spec exactly once', () => {
    const shown = SCOPE_GROUPS.flatMap((group) => group.scopes.map((scope) => scope.name))
    expect(shown.sort()).toEqual(SCOPES.map((scope) => scope.name).sort())
  })
})

describe('toggleScope', () => {
  it('keeps the order of ticking', () => {
    let selected: string[] = []
    selected = toggleScope(selected, 'repo', true)
    selected = toggleScope(selected, 'doc', true)
    expect(selected).toEqual(['repo', 'doc'])
    expect(toggleScope(selected, 'repo', false)).toEqual(['doc'])
  })
})

describe('authorizeUrlPreview', () => {
  it('carries response_type=code and the comma-separated scope, encoded', () => {
    const url = authorizeUrlPreview(
      {
        service: 'emulator',
        clientId: 'playground-web',
        redirectUri: 'http://localhost:5173/callback',
        authorizeEndpoint: 'http://127.0.0.1:4010/oauth2/authorize',
        clientCodeClientId: 'playground-cli',
        pkce: 'S256',
        baseUrl: 'http://127.0.0.1:4010/api/v2',
      },
      'doc,repo',
    )
    expect(url).toContain('http://127.0.0.1:4010/oauth2/authorize?client_id=playground-web')
    expect(url).toContain('redirect_uri=http%3A%2F%2Flocalhost%3A5173%2Fcallback')
    expect(url).toContain('response_type=code')
    expect(url).toContain('scope=doc%2Crepo')
  })
})
