import { describe, expect, it } from 'vitest'
import { LabRequestSchema } from '../../protocol/lab-api'
import {
  DEFAULT_DRAFT,
  OWN_STATE_MAX,
  RESPONSE_TYPE_MAX,
  checkDraft,
  previewOptionsOf,
  toLabRequest,
} from './editor-draft'

describe('toLabRequest (what POST /auth/lab/start takes)', () => {
  it('is a request the contract accepts, scopes in canonical form', () => {
    const request = toLabRequest({ ...DEFAULT_DRAFT, scopes: ['doc:read', 'doc', 'repo'] })
    expect(LabRequestSchema.safeParse(request).success).toBe(true)
    expect(request).toEqual({
      scopes: ['doc', 'repo'],
      stateMode: 'generated',
      redirect: 'registered',
      responseType: 'code',
      pkce: 'S256',
      afterReturn: 'none',
    })
  })

  it('sends your own state only when it is the state sent, and the response_type typed', () => {
    const draft = {
      ...DEFAULT_DRAFT,
      ownState: 'mine',
      responseType: 'other' as const,
      otherResponseType: 'code id_token',
    }
    expect(toLabRequest(draft)).not.toHaveProperty('ownState')
    expect(toLabRequest({ ...draft, stateMode: 'own' }).ownState).toBe('mine')
    expect(toLabRequest(draft).responseType).toBe('code id_token')
    expect(toLabRequest({ ...draft, responseType: 'token' }).responseType).toBe('token')
  })
})

describe('checkDraft (the contract’s limits, found before anything is sent)', () => {
  it('finds nothing in the defaults', () => {
    expect(checkDraft(DEFAULT_DRAFT)).toEqual({})
  })

  it('asks for your own state, within the contract’s length, only when it is sent', () => {
    expect(checkDraft({ ...DEFAULT_DRAFT, stateMode: 'own' })).toEqual({ ownState: 'required' })
    const long = 'x'.repeat(OWN_STATE_MAX + 1)
    expect(checkDraft({ ...DEFAULT_DRAFT, stateMode: 'own', ownState: long })).toEqual({
      ownState: 'too_long',
    })
    expect(checkDraft({ ...DEFAULT_DRAFT, ownState: long })).toEqual({})
    // What it lets through, the contract accepts; one character more, it refuses.
    const longest = { ...DEFAULT_DRAFT, stateMode: 'own' as const, ownState: long.slice(1) }
    expect(LabRequestSchema.safeParse(toLabRequest(longest)).success).toBe(true)
    expect(LabRequestSchema.safeParse(toLabRequest({ ...longest, ownState: long })).success).toBe(
      false,
    )
  })

  it('asks for another response_type when “something else” is chosen', () => {
    const other = { ...DEFAULT_DRAFT, responseType: 'other' as const }
    expect(checkDraft(other)).toEqual({ responseType: 'required' })
    expect(checkDraft({ ...other, otherResponseType: 'x'.repeat(RESPONSE_TYPE_MAX + 1) })).toEqual({
      responseType: 'too_long',
    })
    expect(checkDraft({ ...other, otherResponseType: 'id_token' })).toEqual({})
  })
})

describe('previewOptionsOf (the connect page’s preview, given the editor)', () => {
  it('carries each choice to the preview', () => {
    expect(previewOptionsOf(DEFAULT_DRAFT)).toEqual({
      state: { mode: 'generated' },
      redirect: 'registered',
      responseType: 'code',
      pkce: 'S256',
    })
    expect(
      previewOptionsOf({
        ...DEFAULT_DRAFT,
        stateMode: 'own',
        ownState: 's',
        redirect: 'changed',
        responseType: 'token',
        pkce: 'plain',
      }),
    ).toEqual({
      state: { mode: 'own', value: 's' },
      redirect: 'changed',
      responseType: 'token',
      pkce: 'plain',
    })
    expect(previewOptionsOf({ ...DEFAULT_DRAFT, stateMode: 'omitted' }).state).toEqual({
      mode: 'omitted',
    })
  })
})
