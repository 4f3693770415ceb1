import { describe, expect, it } from 'vitest'
import type { OfferedService, OwnApp, SavedApp } from '../../protocol/your-app-api'
import {
  checkApp,
  checkService,
  checkToken,
  firstFieldInError,
  initialApp,
  initialService,
  normaliseSpace,
  originPreview,
  saveAppRequest,
  saveTokenRequest,
  type AppDraft,
  type ServiceDraft,
} from './app-form-state'

const SAVED_APP: OwnApp = {
  clientId: 'saved-app',
  secretHint: '…a1b2',
  codeClient: { clientId: 'saved-cli', secretHint: '…c3d4' },
}

const SAVED: SavedApp = {
  service: { kind: 'space', space: 'mycorp', origin: 'https://mycorp.yuque.com' },
  app: SAVED_APP,
  personalToken: null,
  expiresAt: 1_790_000_000_000,
}

const SERVICES: OfferedService[] = [
  { kind: 'emulator', origin: 'http://127.0.0.1:4010' },
  { kind: 'yuque' },
  { kind: 'space' },
  { kind: 'host', host: 'https://docs.example.com' },
  { kind: 'host', host: 'https://kb.example.org' },
]

const YUQUE: ServiceDraft = { kind: 'yuque', space: '', host: '' }

const newApp = (change: Partial<AppDraft> = {}): AppDraft => ({ ...initialApp(null), ...change })

describe('the form as it starts', () => {
  it('starts from the saved app: its service, its id, its secrets kept', () => {
    expect(initialService(SAVED, SERVICES)).toEqual({
      kind: 'space',
      space: 'mycorp',
      host: 'https://docs.example.com',
    })
    expect(initialApp(SAVED_APP)).toEqual({
      clientId: 'saved-app',
      clientSecret: '',
      keepsSecret: true,
      codeClientId: 'saved-cli',
      codeClientSecret: '',
      keepsCodeSecret: true,
    })
  })

  it('with a personal token saved alone, starts on its service, the app’s fields empty', () => {
    const tokenOnly: SavedApp = {
      ...SAVED,
      app: null,
      personalToken: { hint: '…wxyz', login: 'alice', name: 'Alice', scopes: null },
    }
    expect(initialService(tokenOnly, SERVICES)).toMatchObject({ kind: 'space', space: 'mycorp' })
    expect(initialApp(tokenOnly.app)).toEqual(initialApp(null))
  })

  it('without one, starts on the first service offered, nothing kept', () => {
    expect(initialService(null, SERVICES).kind).toBe('emulator')
    expect(initialService(null, [{ kind: 'yuque' }])).toEqual(YUQUE)
    expect(initialApp(null)).toMatchObject({ keepsSecret: false, keepsCodeSecret: false })
    expect(initialApp({ ...SAVED_APP, codeClient: null }).keepsCodeSecret).toBe(false)
  })
})

describe('the request body of Save (PUT /auth/app)', () => {
  it('sends a new app whole, trimmed, without a client-code app when its fields are empty', () => {
    const body = saveAppRequest(YUQUE, newApp({ clientId: ' my-app ', clientSecret: 's3cret\n' }))
    expect(body).toEqual({ service: { kind: 'yuque' }, clientId: 'my-app', clientSecret: 's3cret' })
    expect('codeClient' in body).toBe(false)
  })

  it('leaves the secret out when only the id is replaced (the saved one is kept)', () => {
    const app = { ...initialApp(SAVED_APP), clientId: 'renamed', codeClientId: '' }
    const body = saveAppRequest(initialService(SAVED, SERVICES), app)
    expect(body).toEqual({
      service: { kind: 'space', space: 'mycorp' },
      clientId: 'renamed',
    })
    expect('clientSecret' in body).toBe(false)
  })

  it('sends the new secret after Replace', () => {
    const app = { ...initialApp(SAVED_APP), keepsSecret: false, clientSecret: 'new-secret' }
    expect(saveAppRequest(YUQUE, app)).toMatchObject({ clientSecret: 'new-secret' })
  })

  it('sends the client-code app, its secret left out while the saved one is kept', () => {
    expect(saveAppRequest(YUQUE, initialApp(SAVED_APP)).codeClient).toEqual({
      clientId: 'saved-cli',
    })
    const replaced = { ...initialApp(SAVED_APP), keepsCodeSecret: false, codeClientSecret: ' cs ' }
    expect(saveAppRequest(YUQUE, replaced).codeClient).toEqual({
      clientId: 'saved-cli',
      clientSecret: 'cs',
    })
    const added = newApp({
      clientId: 'a',
      clientSecret: 's',
      codeClientId: 'cli',
      codeClientSecret: 'x',
    })
    expect(saveAppRequest(YUQUE, added).codeClient).toEqual({ clientId: 'cli', clientSecret: 'x' })
    // Only blanks is empty.
    expect('codeClient' in saveAppRequest(YUQUE, newApp({ codeClientId: '  ' }))).toBe(false)
  })

  it('names the service as the proxy reads it: the space in lower case, a host as listed', () => {
    const space = (text: string) =>
      saveAppRequest({ kind: 'space', space: text, host: '' }, newApp()).service
    expect(space('MyCorp')).toEqual({ kind: 'space', space: 'mycorp' })
    expect(space('https://mycorp.yuque.com/dashboard')).toEqual({ kind: 'space', space: 'mycorp' })
    const host = { kind: 'host', space: 'ignored', host: 'https://kb.example.org' } as const
    expect(saveAppRequest(host, newApp()).service).toEqual({
      kind: 'host',
      host: 'https://kb.example.org',
    })
    expect(saveAppRequest({ ...YUQUE, kind: 'emulator' }, newApp()).service).toEqual({
      kind: 'emulator',
    })
  })
})

describe('what is refused before anything leaves', () => {
  it('wants an id and a secret for a new app, and neither too long', () => {
    expect(checkApp(YUQUE, newApp())).toEqual({ clientId: 'required', clientSecret: 'required' })
    expect(checkApp(YUQUE, newApp({ clientId: '  ', clientSecret: ' ' }))).toEqual({
      clientId: 'required',
      clientSecret: 'required',
    })
    expect(checkApp(YUQUE, newApp({ clientId: 'x'.repeat(129), clientSecret: 's' }))).toEqual({
      clientId: 'too_long',
    })
    expect(checkApp(YUQUE, newApp({ clientId: 'a', clientSecret: 's'.repeat(257) }))).toEqual({
      clientSecret: 'too_long',
    })
    expect(checkApp(YUQUE, newApp({ clientId: 'a', clientSecret: 's' }))).toEqual({})
  })

  it('asks no secret while the saved one is kept, and one after Replace', () => {
    expect(checkApp(YUQUE, initialApp(SAVED_APP))).toEqual({})
    expect(checkApp(YUQUE, { ...initialApp(SAVED_APP), keepsSecret: false })).toEqual({
      clientSecret: 'required',
    })
  })

  it('wants a client-code app whole once either of its fields is filled', () => {
    const base = { clientId: 'a', clientSecret: 's' }
    expect(checkApp(YUQUE, newApp({ ...base, codeClientSecret: 'x' }))).toEqual({
      'codeClient.clientId': 'required',
    })
    expect(checkApp(YUQUE, newApp({ ...base, codeClientId: 'cli' }))).toEqual({
      'codeClient.clientSecret': 'required',
    })
    expect(checkApp(YUQUE, { ...initialApp(SAVED_APP), codeClientId: '' })).toEqual({})
  })

  it('checks the space with the label rule, and a host is chosen', () => {
    const space = (text: string) => checkService({ kind: 'space', space: text, host: '' })
    expect(space('')).toEqual({ 'service.space': 'required' })
    expect(space('my_corp')).toEqual({ 'service.space': 'space_label' })
    expect(space('www')).toEqual({ 'service.space': 'space_reserved' })
    expect(space(' MyCorp ')).toEqual({})
    expect(checkService({ kind: 'host', space: '', host: '' })).toEqual({
      'service.host': 'required',
    })
    expect(checkService(YUQUE)).toEqual({})
    // The app's check carries the service's.
    expect(checkApp({ kind: 'space', space: '-x', host: '' }, initialApp(SAVED_APP))).toEqual({
      'service.space': 'space_label',
    })
  })

  it('wants a token, not too long, for the service chosen', () => {
    expect(checkToken(YUQUE, ' ')).toEqual({ token: 'required' })
    expect(checkToken(YUQUE, 't'.repeat(257))).toEqual({ token: 'too_long' })
    expect(checkToken({ kind: 'space', space: '', host: '' }, 'tok')).toEqual({
      'service.space': 'required',
    })
    expect(saveTokenRequest(YUQUE, ' tok\n')).toEqual({ service: { kind: 'yuque' }, token: 'tok' })
  })

  it('focuses the first field in error in the order the page draws them', () => {
    expect(firstFieldInError({ clientSecret: 'required', 'service.space': 'space_label' })).toBe(
      'service.space',
    )
    expect(firstFieldInError({ 'codeClient.clientId': 'x', clientId: 'y' })).toBe('clientId')
    expect(firstFieldInError({ somethingElse: 'invalid' })).toBeNull()
    expect(firstFieldInError({})).toBeNull()
  })
})

describe('the origin preview', () => {
  const preview = (draft: ServiceDraft, services = SERVICES) =>
    originPreview(draft, services, '‹space›')

  it('shows where each kind of service goes', () => {
    expect(preview({ ...YUQUE, kind: 'emulator' })).toEqual({
      origin: 'http://127.0.0.1:4010',
      isPlaceholder: false,
      isEmulated: false,
    })
    expect(preview({ ...YUQUE, kind: 'emulator' }, [{ kind: 'emulator' }]).origin).toBeNull()
    expect(preview(YUQUE).origin).toBe('https://www.yuque.com')
    expect(preview({ kind: 'space', space: 'MyCorp', host: '' })).toEqual({
      origin: 'https://mycorp.yuque.com',
      isPlaceholder: false,
      isEmulated: false,
    })
    expect(preview({ kind: 'space', space: ' ', host: '' })).toEqual({
      origin: 'https://‹space›.yuque.com',
      isPlaceholder: true,
      isEmulated: false,
    })
    expect(preview({ kind: 'host', space: '', host: 'https://kb.example.org' }).origin).toBe(
      'https://kb.example.org',
    )
    expect(preview({ kind: 'host', space: '', host: '' }).origin).toBeNull()
  })

  it('says when the embedded emulator stands in for the service', () => {
    const emulated: OfferedService[] = [
      { kind: 'yuque', emulated: true },
      { kind: 'space', emulated: true },
    ]
    expect(preview(YUQUE, emulated).isEmulated).toBe(true)
    expect(preview({ kind: 'space', space: 'x', host: '' }, emulated).isEmulated).toBe(true)
    expect(preview(YUQUE).isEmulated).toBe(false)
  })

  it('takes a space’s label out of its address pasted whole', () => {
    expect(normaliseSpace('mycorp')).toBe('mycorp')
    expect(normaliseSpace(' MyCorp ')).toBe('mycorp')
    expect(normaliseSpace('https://mycorp.yuque.com')).toBe('mycorp')
    expect(normaliseSpace('mycorp.yuque.com/')).toBe('mycorp')
    expect(normaliseSpace('http://MyCorp.Yuque.com/a/b?c#d')).toBe('mycorp')
    // Anything else stays as typed, for the label rule to refuse.
    expect(normaliseSpace('my.corp')).toBe('my.corp')
    expect(normaliseSpace('mycorp.example.com')).toBe('mycorp.example.com')
  })
})
