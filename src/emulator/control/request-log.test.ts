import { describe, expect, it } from 'vitest'
import { createEmulator } from '../emulator'

describe('the log line escapes control characters', () => {
  it('escapes control characters in the path and the public parameters of every logged request', async () => {
    const lines: string[] = []
    const { app } = createEmulator({ log: (line) => lines.push(line) })
    await app.request('/nowhere%0Aforged%20200?client_id=x%0D%0A2025-01-01%20GET%20/admin')
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toMatch(/[\r\n]/)
    expect(lines[0]).toContain('nowhere\\nforged')
    expect(lines[0]).toContain('client_id=x\\r\\n2025')
  })
})
