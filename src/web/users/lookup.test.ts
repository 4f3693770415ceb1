import { describe, expect, it } from 'vitest'
import { checkLookupKey, describeKeyProblem } from './lookup-key'
import { initialLookupView, nextLookupView, type LookupEvent } from './lookup-view'
import { usersMessages } from './messages'
import { usersMessagesZh } from './messages.zh'

/** The refusal of an input in a language, or null when the input is a valid key. */
function refusal(input: string, m: typeof usersMessages = usersMessages): string | null {
  const result = checkLookupKey(input)
  return result.ok ? null : describeKeyProblem(m, result.problem)
}

describe('lookup validation messages', () => {
  it('accepts what the protocol accepts: a login or a positive id', () => {
    expect(checkLookupKey(' alice ')).toEqual({
      ok: true,
      key: { kind: 'login', login: 'alice', value: 'alice' },
    })
    expect(checkLookupKey('1001')).toEqual({
      ok: true,
      key: { kind: 'id', id: 1001, value: '1001' },
    })
  })

  it('tells a display name that a login is the address slug after yuque.com/', () => {
    expect(checkLookupKey('王小明')).toEqual({
      ok: false,
      problem: { kind: 'display-name', value: '王小明' },
    })
    expect(refusal('王小明')).toMatch(
      /^"王小明" is not a valid login: that looks like a display name/,
    )
    expect(refusal('王小明')).toContain('the part after yuque.com/')
    expect(refusal('Alice Chen')).toContain('display name')
    expect(refusal('Carol Díaz')).toContain('display name')
    // Symbols or markup are a malformed login, not a name.
    expect(checkLookupKey('bad login!')).toMatchObject({ problem: { kind: 'bad-login' } })
    expect(checkLookupKey('<img src=x>')).toMatchObject({ problem: { kind: 'bad-login' } })
    expect(refusal('王小明', usersMessagesZh)).toContain(
      '登录名是个人主页地址中 yuque.com/ 之后的部分',
    )
  })

  it('explains a malformed login, a bad id, an empty field and a long login apart', () => {
    expect(refusal('a.b')).toBe(
      '"a.b" is not a valid login: use letters, digits, "-" and "_" only. A login is the part after yuque.com/ in a profile\'s address.',
    )
    expect(refusal('007')).toBe('"007" is not a valid id: ids are positive whole numbers.')
    expect(refusal('   ')).toBe('Enter a login (such as alice) or a numeric id.')
    expect(refusal('a'.repeat(65))).toBe('A login has at most 64 characters.')
    expect(refusal('007', usersMessagesZh)).toBe('“007”不是有效的 ID：ID 是正整数。')
  })
})

describe('what the lookup page shows under its form', () => {
  const run = (events: LookupEvent[], start = '') =>
    events.reduce(nextLookupView, initialLookupView(start))

  it('drops the stale "no such user" when a new submission is refused', () => {
    const view = run([{ type: 'refused' }], 'nobody-here')
    expect(view).toEqual({ addressKey: 'nobody-here', isResultDropped: true, announcement: '' })
  })

  it('shows the result again for the same key submitted validly, and for a new address', () => {
    expect(run([{ type: 'refused' }, { type: 'accepted' }], 'bob').isResultDropped).toBe(false)
    expect(run([{ type: 'refused' }, { type: 'address', key: 'carol' }], 'bob')).toEqual(
      initialLookupView('carol'),
    )
  })

  it('announces a found user once, and nothing for a dropped result', () => {
    const found: LookupEvent = { type: 'found', text: 'Found Bob Martin (@bob).' }
    const once = run([found], 'bob')
    expect(once.announcement).toBe('Found Bob Martin (@bob).')
    // The same answer again (a refetch) leaves the state as it is: no second announcement.
    expect(nextLookupView(once, found)).toBe(once)
    expect(run([{ type: 'refused' }, found], 'bob').announcement).toBe('')
    expect(run([found, { type: 'address', key: '1001' }], 'bob').announcement).toBe('')
  })
})
