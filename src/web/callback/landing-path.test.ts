import { describe, expect, it } from 'vitest'
import { RETURN_TO_CASES } from '../../protocol/return-to-cases'
import { landingPath } from './landing-path'

describe('landingPath (the callback’s destination) runs the one returnTo table', () => {
  it.each(RETURN_TO_CASES)('%j → %j (refused ones land on /me)', (input, expected) => {
    expect(landingPath(input)).toBe(expected === null || expected === '/' ? '/me' : expected)
  })

  it('lands on the profile when the login named no page', () => {
    expect(landingPath(null)).toBe('/me')
    expect(landingPath('/')).toBe('/me')
  })
})
