import { describe, expect, it } from 'vitest'
import { safeReturnTo } from './return-to'

describe('safeReturnTo', () => {
  it.each([
    'https://evil.test',
    '//evil.test',
    '/\\evil.test',
    '/%2F%2Fevil.test',
    '/%252F%252Fevil.test',
    '/%5Cevil.test',
    '\\\\evil.test',
    'javascript:alert(1)',
    'https:evil.test',
    'evil.test',
    '',
    '/ok\nSet-Cookie: x=1',
    '/\t/evil.test',
    '/callback?code=x',
  ])('refuses %j', (value) => {
    expect(safeReturnTo(value)).toBeNull()
  })

  it('keeps a same-origin path', () => {
    expect(safeReturnTo('/ok')).toBe('/ok')
  })

  it('keeps the query and fragment of a same-origin path', () => {
    expect(safeReturnTo('/users/alice?x=1#top')).toBe('/users/alice?x=1#top')
  })

  it('refuses null, undefined and over-long values', () => {
    expect(safeReturnTo(null)).toBeNull()
    expect(safeReturnTo(undefined)).toBeNull()
    expect(safeReturnTo(`/${'a'.repeat(3000)}`)).toBeNull()
  })
})
