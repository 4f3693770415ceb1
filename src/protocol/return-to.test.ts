import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RETURN_TO_CASES } from './return-to-cases'
import { safeReturnTo } from './return-to'

const ORIGIN = 'https://app.example'

/** What a browser does with the path as a link's href: where does it go? */
function landsOnOrigin(path: string): boolean {
  const url = new URL(path, ORIGIN)
  if (url.origin !== ORIGIN) return false
  // A router or server that decodes the path again must not find another origin either.
  let layer = url.pathname
  for (let i = 0; i < 4; i++) {
    const decoded = decodeURIComponent(layer)
    if (decoded.startsWith('//') || decoded.startsWith('/\\') || decoded.includes('\\'))
      return false
    if (new URL(decoded, ORIGIN).origin !== ORIGIN) return false
    if (decoded === layer) break
    layer = decoded
  }
  return true
}

describe('safeReturnTo', () => {
  it.each(RETURN_TO_CASES)('%j → %j', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected)
  })

  it('refuses null, undefined and an over-long value', () => {
    expect(safeReturnTo(null)).toBeNull()
    expect(safeReturnTo(undefined)).toBeNull()
  })

  it('keeps only paths that start with exactly one slash and stay on the origin, whatever the encoding, dot segments and slashes', () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      '.',
      '..',
      '%2e',
      '%2E%2E',
      '%2f',
      '%2F',
      '%5c',
      '%252f',
      '%25252f',
      'evil.test',
      '@evil.test',
      ':',
      'https:',
      '?',
      '#',
      '%09',
      '\t',
      'a',
      'me',
      '%00',
      '%',
      '%%',
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), fc.boolean(), (pieces, leadingSlash) => {
        const input = `${leadingSlash ? '/' : ''}${pieces.join('')}`
        const output = safeReturnTo(input)
        if (output === null) return
        expect(output.startsWith('/')).toBe(true)
        expect(output[1]).not.toBe('/')
        expect(output[1]).not.toBe('\\')
        expect(landsOnOrigin(output)).toBe(true)
      }),
      { numRuns: 3000 },
    )
  })
})
