import { describe, expect, it } from 'vitest'
import { segmentProblem } from '../../protocol/endpoint-path'
import type { SegmentKind } from '../../protocol/endpoint-types'
import { commonMessagesZh } from './messages.zh'
import { segmentProblemText } from './segment-problem'

const BAD: Record<SegmentKind, string> = {
  id: '0',
  login: 'not valid!',
  userKey: 'Alice Chen',
  slug: 'a/b',
}

describe('a path parameter’s problem, in the page’s language', () => {
  it.each(Object.entries(BAD))(
    '%s: English as the proxy says it; Chinese from the catalog',
    (kind, value) => {
      const segmentKind = kind as SegmentKind
      // English: word for word what the proxy's errors say (endpoint-path.ts), from the catalog.
      expect(segmentProblemText('login', segmentKind, value)).toBe(
        segmentProblem('login', segmentKind, value),
      )
      // Chinese: the name and the value, and no other English word.
      const zh = commonMessagesZh.pathParam[segmentKind]({ name: 'login', value })
      expect(zh).toContain(`“login”`)
      expect(
        zh
          .replace('login', '')
          .replace(value, '')
          .match(/[A-Za-z]{2,}/g),
      ).toEqual(segmentKind === 'userKey' ? ['ID'] : null)
    },
  )

  it('a valid value has no problem', () => {
    expect(segmentProblemText('id', 'id', '1001')).toBeNull()
  })

  it('cuts a long value to 40 characters, as the proxy does', () => {
    expect(segmentProblemText('login', 'login', 'x'.repeat(70) + '!')).toContain(
      `"${'x'.repeat(40)}"`,
    )
  })
})
