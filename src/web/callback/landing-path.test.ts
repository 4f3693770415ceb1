import { describe, expect, it } from 'vitest'
import { RETURN_TO_CASES } from '../../protocol/return-to-cases'
import { landingPath, startAgainHref } from './landing-path'

describe('landingPath (the callback’s destination) runs the one returnTo table', () => {
  it.each(RETURN_TO_CASES)('%j → %j (refused ones land on /me)', (input, expected) => {
    expect(landingPath(input)).toBe(expected === null || expected === '/' ? '/me' : expected)
  })

  it('lands on the profile when the login named no page', () => {
    expect(landingPath(null)).toBe('/me')
    expect(landingPath('/')).toBe('/me')
  })
})

describe('startAgainHref (the callback’s retry)', () => {
  it('keeps the ticked scopes and the return path', () => {
    expect(startAgainHref({ scopes: ['doc', 'repo:read'], returnTo: '/users?login=bob' })).toBe(
      '/?returnTo=%2Fusers%3Flogin%3Dbob&scope=doc%2Crepo%3Aread',
    )
  })

  it('drops a return path the guard refuses, and is the plain connect page without a login', () => {
    expect(startAgainHref({ scopes: ['doc'], returnTo: '//evil.example' })).toBe('/?scope=doc')
    expect(startAgainHref(null)).toBe('/')
  })
})
