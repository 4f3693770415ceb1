import { describe, expect, it } from 'vitest'
import { ErrorBodySchema, TokenResponseSchema, UserSchema, envelope } from './schemas'

const alice = {
  id: 1001,
  type: 'User',
  login: 'alice',
  name: 'Alice Liddell',
  description: null,
  avatar_url: 'http://127.0.0.1:4010/avatars/alice.svg',
  created_at: '2021-03-04T05:06:07.000Z',
  updated_at: '2024-01-02T03:04:05.000Z',
}

describe('UserSchema', () => {
  it('accepts the seed fields with a null description', () => {
    expect(UserSchema.parse(alice)).toEqual(alice)
  })

  it('accepts the real service extras', () => {
    const user = { ...alice, books_count: 3, followers_count: 1, public: 1 }
    expect(UserSchema.parse(user)).toEqual(user)
  })

  it('rejects a non-ISO date and a string id', () => {
    expect(UserSchema.safeParse({ ...alice, created_at: 'yesterday' }).success).toBe(false)
    expect(UserSchema.safeParse({ ...alice, id: '1001' }).success).toBe(false)
  })
})

describe('envelope', () => {
  it('reads data with optional meta and abilities', () => {
    const schema = envelope(UserSchema)
    expect(schema.parse({ data: alice, abilities: { update: true } }).data.login).toBe('alice')
    expect(schema.safeParse(alice).success).toBe(false)
  })
})

describe('TokenResponseSchema', () => {
  it('accepts a bearer token of any case, with or without scope', () => {
    expect(
      TokenResponseSchema.parse({ access_token: 't', token_type: 'Bearer' }).scope,
    ).toBeUndefined()
    expect(
      TokenResponseSchema.parse({ access_token: 't', token_type: 'bearer', scope: 'doc' }).scope,
    ).toBe('doc')
  })

  it('rejects the cases oauth4webapi rejects', () => {
    for (const bad of [
      [],
      'text',
      { access_token: 1, token_type: 'bearer' },
      { access_token: '', token_type: 'bearer' },
      { access_token: 't', token_type: 'mac' },
      { error: 'invalid_grant' },
    ]) {
      expect(TokenResponseSchema.safeParse(bad).success).toBe(false)
    }
  })
})

describe('ErrorBodySchema', () => {
  it('reads the service error shape', () => {
    expect(ErrorBodySchema.parse({ status: 401, message: 'Unauthorized' })).toEqual({
      status: 401,
      message: 'Unauthorized',
    })
  })
})
