import { describe, expect, it } from 'vitest'
import { ruleHref } from './rules'

describe('ruleHref', () => {
  it('links an RFC section to its anchor at the RFC Editor', () => {
    expect(ruleHref('RFC 6749 §4.1.2.1')).toBe(
      'https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2.1',
    )
    expect(ruleHref('RFC 9700 §2.1.1')).toBe('https://www.rfc-editor.org/rfc/rfc9700#section-2.1.1')
    expect(ruleHref('RFC 7636 §4.6')).toBe('https://www.rfc-editor.org/rfc/rfc7636#section-4.6')
    expect(ruleHref('RFC 6749 §3.1')).toBe('https://www.rfc-editor.org/rfc/rfc6749#section-3.1')
  })

  it('links a whole RFC to its page, and anything else to nothing', () => {
    expect(ruleHref('RFC 7636')).toBe('https://www.rfc-editor.org/rfc/rfc7636')
    expect(ruleHref('docs/service.md#user-agent')).toBeNull()
    expect(ruleHref('RFC 6749 §4.1.2 and more')).toBeNull()
    expect(ruleHref('javascript:alert(1)')).toBeNull()
  })
})
