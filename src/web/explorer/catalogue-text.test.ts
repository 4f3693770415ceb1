import { describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../protocol/endpoints'
import { CATALOGUE } from './catalogue.gen'
import { explorerMessages } from './messages'
import { explorerMessagesZh } from './messages.zh'
import { PARAMS_EN } from './params-en'

describe('the catalogue in both languages', () => {
  it('gives every parameter the document describes in Chinese an English line', () => {
    const missing = Object.entries(CATALOGUE).flatMap(([id, entry]) =>
      Object.entries(entry.params)
        .filter(([, param]) => param.zh !== '' && (PARAMS_EN[param.zh] ?? '') === '')
        .map(([name, param]) => `${id} ${name}: ${param.zh}`),
    )
    expect(missing).toEqual([])
    // And no English line for a Chinese one the document no longer has.
    const described = new Set(
      Object.values(CATALOGUE).flatMap((entry) => Object.values(entry.params).map((p) => p.zh)),
    )
    expect(Object.keys(PARAMS_EN).filter((zh) => !described.has(zh))).toEqual([])
  })

  it.each([
    ['English', explorerMessages],
    ['Chinese', explorerMessagesZh],
  ])(
    'reads no two catalogue rows alike in %s (summary and the line that tells them apart)',
    (_, m) => {
      const rows = ENDPOINTS.map((endpoint) =>
        [m.summaries[endpoint.id], m.rowNotes[endpoint.id]].filter(Boolean).join(' · '),
      )
      const repeated = rows.filter((row, index) => rows.indexOf(row) !== index)
      expect(repeated).toEqual([])
      expect(rows.every((row) => row !== '')).toBe(true)
    },
  )

  it('writes the Chinese notes with full-width punctuation', () => {
    for (const note of Object.values(explorerMessagesZh.rowNotes)) {
      expect(note).not.toMatch(/[(),:;]/)
    }
  })
})
