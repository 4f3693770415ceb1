import { describe, expect, it } from 'vitest'
import { parseUserKey } from './user-key'

describe('parseUserKey', () => {
  it('reads digits as an id and anything else as a login', () => {
    expect(parseUserKey(' 1001 ')).toEqual({
      ok: true,
      key: { kind: 'id', id: 1001, value: '1001' },
    })
    expect(parseUserKey('alice')).toEqual({
      ok: true,
      key: { kind: 'login', login: 'alice', value: 'alice' },
    })
  })

  it('rejects empty input, path characters and ids out of range with a reason', () => {
    for (const bad of [
      '',
      '   ',
      '../admin',
      'a/b',
      'a b',
      '%2e',
      'al.ice',
      '0',
      '00012',
      '99999999999999999',
    ]) {
      const result = parseUserKey(bad)
      expect(result.ok, bad).toBe(false)
      if (!result.ok) expect(result.message.length).toBeGreaterThan(10)
    }
  })
})
