import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createLogger } from './logger'

const SECRET = 'client-secret-value-123'

function capture() {
  const lines: string[] = []
  return { lines, destination: { write: (chunk: string) => void lines.push(chunk) } }
}

const JsonLine = z.object({
  level: z.enum(['info', 'warn', 'error']),
  time: z.string(),
  service: z.literal('yuque-oauth-playground'),
  msg: z.string(),
})

describe('the server log', () => {
  it('writes one JSON object per line with LOG_FORMAT=json', () => {
    const { lines, destination } = capture()
    const log = createLogger({ format: 'json', secrets: [], destination })
    log.info('proxy GET /api/v2/user 200 3ms')
    log.warn('a warning')
    expect(lines).toHaveLength(2)
    for (const line of lines)
      expect(line.endsWith('\n') && !line.slice(0, -1).includes('\n')).toBe(true)
    const [first, second] = lines.map((line) => JsonLine.parse(JSON.parse(line)))
    expect(first).toMatchObject({ level: 'info', msg: 'proxy GET /api/v2/user 200 3ms' })
    expect(second?.level).toBe('warn')
    expect(Number.isNaN(Date.parse(first?.time ?? ''))).toBe(false)
  })

  it('keeps readable lines by default', () => {
    const { lines, destination } = capture()
    const log = createLogger({ format: 'text', secrets: [], destination })
    log.info('proxy GET /api/v2/user 200 3ms')
    log.error('it broke')
    expect(lines).toEqual(['proxy GET /api/v2/user 200 3ms\n', 'error: it broke\n'])
  })

  it.each(['text', 'json'] as const)(
    'removes known secrets and token-shaped strings from %s lines',
    (format) => {
      const { lines, destination } = capture()
      const log = createLogger({ format, secrets: [SECRET], destination })
      log.info(`secret ${SECRET} token emu_at_abc123 state ${'s'.repeat(43)}`)
      const text = lines.join('')
      expect(text).not.toContain(SECRET)
      expect(text).not.toContain('emu_at_abc123')
      expect(text).not.toContain('s'.repeat(43))
      expect(text).toContain('secret [redacted] token [redacted] state [redacted]')
    },
  )

  it.each(['text', 'json'] as const)(
    'escapes bidi overrides, zero-width characters and the BOM in %s lines',
    (format) => {
      const { lines, destination } = capture()
      const log = createLogger({ format, secrets: [], destination })
      const invisible = [
        ...'\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069',
        ...'\u200b\u200c\u200d\u2060\ufeff',
      ]
      log.info(`proxy GET /api/${invisible.join('x')} 404 1ms`)
      const written = format === 'json' ? JsonLine.parse(JSON.parse(lines[0] ?? '')).msg : lines[0]
      for (const char of invisible) expect(written).not.toContain(char)
      expect(written).toContain('/api/\\u202ax\\u202bx')
      expect(written).toContain('\\u2060x\\ufeff 404')
    },
  )

  it('writes an event as JSON fields beside its message, each scrubbed, and the instance on every line', () => {
    const { lines, destination } = capture()
    const log = createLogger({ format: 'json', secrets: [SECRET], instance: 'web-2', destination })
    log.event('error', 'GET /x 502 3 ms', {
      requestId: 'r-1',
      path: `/x/${SECRET}/emu_at_abc/\u202e`,
      status: 502,
      aborted: false,
      missing: null,
    })
    log.warn('redis store: down')
    const [event, warning] = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(event).toEqual({
      level: 'error',
      time: expect.any(String),
      service: 'yuque-oauth-playground',
      instance: 'web-2',
      requestId: 'r-1',
      path: '/x/[redacted]/[redacted]/\\u202e',
      status: 502,
      aborted: false,
      missing: null,
      msg: 'GET /x 502 3 ms',
    })
    expect(warning).toMatchObject({ level: 'warn', instance: 'web-2', msg: 'redis store: down' })
  })

  it('writes an event as a text line: its message and the instance, an error prefixed as such', () => {
    const { lines, destination } = capture()
    const log = createLogger({ format: 'text', secrets: [], instance: 'web-2', destination })
    log.event('info', 'GET /x 200 3 ms id=r-1', { requestId: 'r-1' })
    log.event('error', 'GET /y 500 3 ms id=r-2', { requestId: 'r-2' })
    log.info('plain')
    expect(lines).toEqual([
      'GET /x 200 3 ms id=r-1 instance=web-2\n',
      'error: GET /y 500 3 ms id=r-2 instance=web-2\n',
      'plain\n',
    ])
  })

  it.each(['text', 'json'] as const)(
    'keeps a UUID (a request id) in %s lines, but no other token shape, nor one joined to it',
    (format) => {
      const { lines, destination } = capture()
      const log = createLogger({ format, secrets: [], destination })
      const uuid = '3f2b8c1e-9d4a-4e7b-8c2d-1a2b3c4d5e6f'
      log.info(`id=${uuid} state=${'s'.repeat(43)} glued=x${uuid} hex=${'a'.repeat(32)}`)
      const text = format === 'json' ? JsonLine.parse(JSON.parse(lines[0] ?? '')).msg : lines[0]
      expect(text).toContain(`id=${uuid} `)
      expect(text).toContain('state=[redacted] glued=[redacted] hex=[redacted]')
      expect(log.writesAsIs(uuid)).toBe(true)
      expect(log.writesAsIs('lb-7.2:x')).toBe(true)
      expect(log.writesAsIs('a'.repeat(32))).toBe(false)
      expect(log.writesAsIs('a\u202eb')).toBe(false)
    },
  )
})
