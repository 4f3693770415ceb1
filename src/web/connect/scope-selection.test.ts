import { describe, expect, it } from 'vitest'
import { SCOPES } from '../../protocol/scopes'
import type { PlaygroundConfig } from '../../protocol/playground-api'
import {
  SCOPE_GROUPS,
  authorizeParams,
  authorizeUrlPreview,
  connectOptions,
  preselectScopes,
  previewSelection,
  toggleScope,
} from './scope-selection'
import { connectMessages } from './messages'
import type { PreviewOptions } from './scope-selection'

const PLACEHOLDERS = connectMessages.placeholders

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

const CONFIG: PlaygroundConfig = {
  service: 'emulator',
  clientId: 'playground-web',
  redirectUri: 'http://localhost:5173/callback',
  authorizeEndpoint: 'http://127.0.0.1:4010/oauth2/authorize',
  clientCodeClientId: 'playground-cli',
  pkce: 'S256',
  baseUrl: 'http://127.0.0.1:4010/api/v2',
}

describe('authorizeParams (the preview)', () => {
  it('lists the parameters the proxy sends, in its order, with PKCE when it is on', () => {
    const rows = authorizeParams(CONFIG, 'doc,repo', connectMessages.paramNotes, PLACEHOLDERS)
    expect(rows.map((row) => row.name)).toEqual([
      'client_id',
      'scope',
      'redirect_uri',
      'state',
      'response_type',
      'code_challenge',
      'code_challenge_method',
    ])
    expect(rows.find((row) => row.name === 'code_challenge')?.value).toBe(
      PLACEHOLDERS.codeChallenge,
    )
    expect(rows.find((row) => row.name === 'code_challenge_method')?.value).toBe('S256')
    expect(rows.every((row) => row.note !== '')).toBe(true)
  })

  it('leaves the challenge out when PKCE is off', () => {
    const names = authorizeParams(
      { ...CONFIG, pkce: 'off' },
      '',
      connectMessages.paramNotes,
      PLACEHOLDERS,
    ).map((row) => row.name)
    expect(names).toEqual(['client_id', 'scope', 'redirect_uri', 'state', 'response_type'])
  })
})

describe('authorizeUrlPreview', () => {
  it('carries the parameters in order, encoded, with readable placeholders', () => {
    const url = authorizeUrlPreview(CONFIG, 'doc,repo', PLACEHOLDERS)
    expect(url).toBe(
      'http://127.0.0.1:4010/oauth2/authorize?client_id=playground-web&scope=doc%2Crepo' +
        '&redirect_uri=http%3A%2F%2Flocalhost%3A5173%2Fcallback' +
        `&state=${PLACEHOLDERS.state}&response_type=code` +
        `&code_challenge=${PLACEHOLDERS.codeChallenge}&code_challenge_method=S256`,
    )
  })
})

/** The flow lab's placeholders: a plain challenge is the verifier itself (RFC 7636 §4.2). */
const LAB_PLACEHOLDERS = { ...PLACEHOLDERS, plainChallenge: '‹the verifier itself›' }
const NOTES = connectMessages.paramNotes

/** The rows as name → value, for comparing two previews parameter by parameter. */
const valuesOf = (options?: PreviewOptions) =>
  Object.fromEntries(
    authorizeParams(CONFIG, 'doc', NOTES, LAB_PLACEHOLDERS, options).map((row) => [
      row.name,
      row.value,
    ]),
  )

/** The parameters whose value differs between two previews, or that only one of them has. */
function changedParams(a: Record<string, string>, b: Record<string, string>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((name) => a[name] !== b[name])
}

describe('the one preview, with the flow lab’s options', () => {
  it('is the connect page’s preview when given the options the connect page uses', () => {
    // The connect page calls it without options: those are connectOptions(config).
    expect(authorizeParams(CONFIG, 'doc', NOTES, PLACEHOLDERS, connectOptions(CONFIG))).toEqual(
      authorizeParams(CONFIG, 'doc', NOTES, PLACEHOLDERS),
    )
    expect(authorizeUrlPreview(CONFIG, 'doc', PLACEHOLDERS, connectOptions(CONFIG))).toBe(
      authorizeUrlPreview(CONFIG, 'doc', PLACEHOLDERS),
    )
    expect(connectOptions({ ...CONFIG, pkce: 'off' }).pkce).toBe('off')
  })

  const base = connectOptions(CONFIG)
  const cases: [string, Partial<PreviewOptions>, Record<string, string | undefined>][] = [
    ['state: your own', { state: { mode: 'own', value: 'my state' } }, { state: 'my state' }],
    ['state: omitted', { state: { mode: 'omitted' } }, { state: undefined }],
    [
      'redirect_uri: changed',
      { redirect: 'changed' },
      { redirect_uri: 'http://localhost:5173/callbackx' },
    ],
    ['response_type: token', { responseType: 'token' }, { response_type: 'token' }],
    [
      'PKCE: plain',
      { pkce: 'plain' },
      { code_challenge: LAB_PLACEHOLDERS.plainChallenge, code_challenge_method: 'plain' },
    ],
    ['PKCE: off', { pkce: 'off' }, { code_challenge: undefined, code_challenge_method: undefined }],
  ]
  it.each(cases)('%s changes exactly the parameter it names', (_, change, expected) => {
    const changed = valuesOf({ ...base, ...change })
    expect(changedParams(valuesOf(base), changed).sort()).toEqual(Object.keys(expected).sort())
    for (const [name, value] of Object.entries(expected)) expect(changed[name], name).toBe(value)
  })

  it('leaves no state at all in the rows or the URL when it is omitted', () => {
    const options: PreviewOptions = { ...base, state: { mode: 'omitted' } }
    const rows = authorizeParams(CONFIG, 'doc', NOTES, LAB_PLACEHOLDERS, options)
    expect(rows.map((row) => row.name)).not.toContain('state')
    const url = new URL(authorizeUrlPreview(CONFIG, 'doc', LAB_PLACEHOLDERS, options))
    expect(url.searchParams.has('state')).toBe(false)
  })

  it('encodes your own state as a value, and keeps the placeholders readable', () => {
    const url = authorizeUrlPreview(CONFIG, '', LAB_PLACEHOLDERS, {
      ...base,
      state: { mode: 'own', value: 'a b&c' },
      pkce: 'plain',
    })
    expect(url).toContain('&state=a+b%26c&')
    expect(url).toContain(`&code_challenge=${LAB_PLACEHOLDERS.plainChallenge}&`)
    expect(new URL(url).searchParams.get('state')).toBe('a b&c')
  })
})

describe('preselectScopes (where the picker starts)', () => {
  it('starts from the granted scopes while connected, so connecting again keeps them', () => {
    expect(preselectScopes(null, 'doc,repo:read')).toEqual(['doc', 'repo:read'])
  })

  it('lets a scope list in the address win over the granted one (a grant, a retry)', () => {
    expect(preselectScopes('repo:read,group:read', 'doc')).toEqual(['repo:read', 'group:read'])
    expect(preselectScopes('', 'doc')).toEqual([])
  })

  it('ticks nothing when not connected, or when the list does not parse', () => {
    expect(preselectScopes(null, null)).toEqual([])
    expect(preselectScopes('doc,nonsense', 'repo')).toEqual([])
  })
})
