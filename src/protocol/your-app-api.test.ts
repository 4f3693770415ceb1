import { describe, expect, it } from 'vitest'
import {
  FIELD_CODES,
  FieldErrorsBodySchema,
  SaveAppRequestSchema,
  YourAppResponseSchema,
  isFieldCode,
  isSpaceLabel,
  spaceLabelProblem,
} from './your-app-api'

describe('the space label rule (one DNS label, lower case)', () => {
  it.each([
    ['mycorp', true],
    ['a', true],
    ['0', true],
    ['my-corp', true],
    ['a1-b2-c3', true],
    ['a'.repeat(63), true],
    ['', false],
    ['a'.repeat(64), false],
    ['-mycorp', false],
    ['mycorp-', false],
    ['MyCorp', false],
    ['my_corp', false],
    ['my.corp', false],
    ['my corp', false],
    ['mycorp.yuque.com', false],
    ['https://mycorp', false],
    ['公司', false],
    ['mycorp\n', false],
  ])('%j is a label: %s', (value, expected) => {
    expect(isSpaceLabel(value)).toBe(expected)
  })

  it('says why a value is refused: empty, not a label, or a label that names no space', () => {
    expect(spaceLabelProblem('')).toBe('required')
    expect(spaceLabelProblem('My-Corp')).toBe('space_label')
    expect(spaceLabelProblem('-x')).toBe('space_label')
    for (const reserved of ['www', 'xn--fiqs8s', '123', '0x1f', '0x']) {
      expect(spaceLabelProblem(reserved), reserved).toBe('space_reserved')
    }
    for (const fine of ['mycorp', 'www2', 'x1', '0xg', 'xn-a']) {
      expect(spaceLabelProblem(fine), fine).toBeNull()
    }
  })
})

describe('the field codes', () => {
  it('are listed once each, and only they are codes', () => {
    expect(new Set(FIELD_CODES).size).toBe(FIELD_CODES.length)
    expect(FIELD_CODES.every(isFieldCode)).toBe(true)
    expect(isFieldCode('no_such_code')).toBe(false)
    expect(isFieldCode('toString')).toBe(false)
  })
})

describe('the schemas', () => {
  const saved = {
    service: { kind: 'space', space: 'mycorp', origin: 'https://mycorp.yuque.com' },
    app: { clientId: 'my-app', secretHint: '…a1b2', codeClient: null },
    personalToken: { hint: '…wxyz', login: 'alice', name: 'Alice', scopes: null },
    expiresAt: 1_790_000_000_000,
  }

  it('read GET /auth/app as the contract writes it, a host listed apart', () => {
    const answer = {
      enabled: true,
      callbackUrl: 'http://localhost:5173/callback',
      services: [
        { kind: 'emulator' },
        { kind: 'yuque' },
        { kind: 'space' },
        { kind: 'host', host: 'https://docs.example.com' },
      ],
      current: saved,
    }
    const parsed = YourAppResponseSchema.safeParse(answer)
    expect(parsed.success).toBe(true)
    expect(YourAppResponseSchema.safeParse({ ...answer, current: null }).success).toBe(true)
    // A personal token saved alone: no app, said as such.
    expect(
      YourAppResponseSchema.safeParse({ ...answer, current: { ...saved, app: null } }).success,
    ).toBe(true)
    // The flat shape of before, an app's id and hint beside the service, is not the contract:
    // an empty id would pass for a saved app.
    const { app: _app, ...withoutApp } = saved
    expect(
      YourAppResponseSchema.safeParse({
        ...answer,
        current: { ...withoutApp, clientId: '', secretHint: '', codeClient: null },
      }).success,
    ).toBe(false)
    // A host without its origin, or a kind nobody knows, is not the contract.
    expect(
      YourAppResponseSchema.safeParse({ ...answer, services: [{ kind: 'host' }] }).success,
    ).toBe(false)
    expect(
      YourAppResponseSchema.safeParse({ ...answer, services: [{ kind: 'ftp' }] }).success,
    ).toBe(false)
  })

  it('take a save without its secret (keep the saved one), and refuse an overlong id', () => {
    const service = { kind: 'yuque' }
    expect(SaveAppRequestSchema.safeParse({ service, clientId: 'x' }).success).toBe(true)
    expect(
      SaveAppRequestSchema.safeParse({ service, clientId: 'x'.repeat(129), clientSecret: 's' })
        .success,
    ).toBe(false)
    expect(
      SaveAppRequestSchema.safeParse({ service: { kind: 'space' }, clientId: 'x' }).success,
    ).toBe(false)
  })

  it('read a refusal of fields by path', () => {
    const parsed = FieldErrorsBodySchema.safeParse({
      error: 'invalid_request',
      fields: { 'service.space': 'space_label', clientId: 'required' },
    })
    expect(parsed.success && parsed.data.fields).toEqual({
      'service.space': 'space_label',
      clientId: 'required',
    })
    expect(FieldErrorsBodySchema.safeParse({ fields: { token: 3 } }).success).toBe(false)
  })
})
