import { describe, expect, it } from 'vitest'
import { checkCallbackParams, verifyState } from './callback-params'

const check = (query: string) => checkCallbackParams(new URLSearchParams(query))

describe('checkCallbackParams', () => {
  it('accepts a code with its state', () => {
    expect(check('code=abc&state=s1')).toEqual({ kind: 'code', code: 'abc', state: 's1' })
  })

  it('reports nothing to do when no OAuth parameter is present', () => {
    expect(check('')).toEqual({ kind: 'empty' })
    expect(check('utm_source=x')).toEqual({ kind: 'empty' })
  })

  it('refuses a code without a state', () => {
    expect(check('code=abc')).toMatchObject({
      kind: 'invalid',
      reason: { code: 'no-state' },
    })
    expect(check('code=abc&state=')).toMatchObject({ kind: 'invalid' })
  })

  it('refuses an empty code', () => {
    expect(check('code=&state=s1')).toMatchObject({ kind: 'invalid' })
  })

  it('refuses a response carrying both a code and an error', () => {
    expect(check('code=abc&error=access_denied&state=s1')).toMatchObject({
      kind: 'invalid',
      reason: { code: 'code-and-error' },
    })
  })

  it.each(['code', 'state', 'error', 'error_description'])(
    'refuses a repeated %s parameter',
    (name) => {
      const query = `code=abc&state=s1&${name}=x&${name}=y`
      expect(check(query)).toMatchObject({
        kind: 'invalid',
        reason: { code: 'repeated', param: name },
      })
    },
  )

  it('refuses two codes even with the same value', () => {
    expect(check('code=abc&code=abc&state=s1')).toMatchObject({ kind: 'invalid' })
  })

  it('returns access_denied as an error with its state and description', () => {
    expect(check('error=access_denied&state=s1&error_description=The+user+said+no')).toEqual({
      kind: 'error',
      error: 'access_denied',
      description: 'The user said no',
      state: 's1',
    })
  })

  it('keeps an error without a state as an error (the state check then fails)', () => {
    expect(check('error=server_error')).toEqual({
      kind: 'error',
      error: 'server_error',
      description: null,
      state: null,
    })
  })

  it('keeps an HTML error_description as plain text, unchanged', () => {
    const result = check(
      `error=invalid_scope&state=s1&error_description=${encodeURIComponent('<img src=x onerror=alert(1)>')}`,
    )
    expect(result).toMatchObject({ kind: 'error', description: '<img src=x onerror=alert(1)>' })
  })

  it('refuses a token in the query (implicit flow)', () => {
    expect(check('access_token=t&state=s1')).toMatchObject({ kind: 'invalid' })
    expect(check('code=abc&state=s1&id_token=x')).toMatchObject({ kind: 'invalid' })
  })

  it('refuses a state or code too long to be genuine', () => {
    expect(check(`code=abc&state=${'s'.repeat(600)}`)).toMatchObject({ kind: 'invalid' })
  })

  it('refuses a state with no code and no error', () => {
    expect(check('state=s1')).toMatchObject({
      kind: 'invalid',
      reason: { code: 'neither' },
    })
  })
})

describe('verifyState', () => {
  it('matches a state this tab holds as pending', () => {
    expect(verifyState('s1', 'pending')).toBe('match')
  })

  it('reports a state this tab never sent', () => {
    expect(verifyState('s1', 'unknown')).toBe('unknown')
  })

  it('reports a state already used', () => {
    expect(verifyState('s1', 'used')).toBe('used')
  })

  it('reports a missing state', () => {
    expect(verifyState(null, 'unknown')).toBe('missing')
  })
})
