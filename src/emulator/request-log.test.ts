import { describe, expect, it } from 'vitest'
import { createEmulator } from './emulator'
import { escapeControl } from './request-log'

describe('the log line escapes control characters', () => {
  it.each([
    ['a\nb', 'a\\x0ab'],
    ['a\r\nb', 'a\\x0d\\x0ab'],
    ['\u001b[31mred', '\\x1b[31mred'],
    ['nul\u0000', 'nul\\x00'],
    ['del\u007f c1\u0085', 'del\\x7f c1\\x85'],
    ['line\u2028sep', 'line\\u2028sep'],
    ['back\\x0a', 'back\\\\x0a'],
    ['王小明 plain', '王小明 plain'],
  ])('escapes %j as %j', (raw, escaped) => {
    expect(escapeControl(raw)).toBe(escaped)
  })

  it('escapes control characters in the path and the public parameters of every logged request', async () => {
    const lines: string[] = []
    const { app } = createEmulator({ log: (line) => lines.push(line) })
    await app.request('/nowhere%0Aforged%20200?client_id=x%0D%0A2025-01-01%20GET%20/admin')
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toMatch(/[\r\n]/)
    expect(lines[0]).toContain('\\x0a')
    expect(lines[0]).toContain('client_id=x\\x0d\\x0a2025')
  })
})
