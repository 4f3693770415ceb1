import { describe, expect, it } from 'vitest'
import { logSafe } from './log-safe'

describe('logSafe', () => {
  it('escapes CR and LF so a value cannot start a forged log line', () => {
    expect(logSafe('/api\r\nproxy GET /forged 200')).toBe('/api\\r\\nproxy GET /forged 200')
  })

  it('escapes ESC, DEL and C1 controls so a value cannot drive the terminal', () => {
    expect(logSafe('a\u001b[2Jb\u007fc\u009b31md')).toBe('a\\x1b[2Jb\\x7fc\\x9b31md')
    expect(logSafe('\u0000\u2028')).toBe('\\x00\\u2028')
  })

  it('escapes a backslash, so an escape in the input reads differently from one added here', () => {
    expect(logSafe('\\n')).toBe('\\\\n')
  })

  it('leaves printable text, including non-Latin letters, as it is', () => {
    expect(logSafe('/api/v2/users/语雀-é ok')).toBe('/api/v2/users/语雀-é ok')
  })

  it('leaves no character below U+0020 or in U+007F–U+009F in any output (every code point)', () => {
    let all = ''
    for (let code = 0; code < 0x3000; code += 1) all += String.fromCharCode(code)
    // eslint-disable-next-line no-control-regex
    expect(logSafe(all)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/)
  })
})
