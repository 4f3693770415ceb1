/**
 * Every scenario and every check the lab words has its words in both languages, and the Chinese
 * is Chinese (as src/web/your-app/field-errors.test.ts checks its catalog).
 */
import { describe, expect, it } from 'vitest'
import { LAB_SCENARIO_IDS } from '../../protocol/lab-api'
import { CHECK_WORDS_EN, checkLabel } from './check-words'
import { CHECK_WORDS_ZH } from './check-words.zh'
import { labMessages } from './messages'
import { labMessagesZh } from './messages.zh'
import { labResultMessages } from './result-messages'
import { labResultMessagesZh } from './result-messages.zh'
import { PRESET_IDS } from './scenarios'

const HAN = /\p{Script=Han}/u

/** The checks of the callback (src/proxy/lab/callback-checks.ts), as the proxy names them. */
const CALLBACK_CHECKS = [
  'params-once',
  'no-error',
  'state-sent',
  'state-returned',
  'state-matches',
  'code-returned',
  'pkce-verifier',
]

describe('the scenarios in words', () => {
  it.each(LAB_SCENARIO_IDS)(
    '%s has a title, its change and advice in English and Chinese',
    (id) => {
      const en = { ...labMessages.scenarioWords[id], advice: labResultMessages.adviceFor[id] }
      const zh = { ...labMessagesZh.scenarioWords[id], advice: labResultMessagesZh.adviceFor[id] }
      for (const part of ['title', 'change', 'advice'] as const) {
        expect(en[part].trim(), `${id} ${part}`).not.toBe('')
        expect(zh[part], `${id} ${part}`).toMatch(HAN)
        expect(zh[part], `${id} ${part}`).not.toBe(en[part])
      }
      // Two or three sentences of advice, not a line.
      expect(en.advice.split(/[.:;] /).length, id).toBeGreaterThanOrEqual(2)
      expect(
        zh.advice.split(/[。：；]/).filter((part) => part !== '').length,
        id,
      ).toBeGreaterThanOrEqual(2)
    },
  )

  it('says what to do next after a preset, in both languages', () => {
    expect(PRESET_IDS.length).toBeGreaterThan(0)
    for (const next of ['approve', 'deny', 'errorPage'] as const) {
      expect(labMessages.presets[next].trim(), next).not.toBe('')
      expect(labMessagesZh.presets[next], next).toMatch(HAN)
    }
  })
})

describe('the checks in words', () => {
  // The scenarios' checks are held to their words by src/proxy/lab/scenarios.test.ts, which
  // runs them.
  it('words every check in both languages, the callback’s among them', () => {
    expect(Object.keys(CHECK_WORDS_EN)).toEqual(expect.arrayContaining(CALLBACK_CHECKS))
    expect(Object.keys(CHECK_WORDS_ZH).sort()).toEqual(Object.keys(CHECK_WORDS_EN).sort())
    for (const id of Object.keys(CHECK_WORDS_EN)) {
      expect(checkLabel(CHECK_WORDS_EN, id), id).not.toBe(id)
      expect(checkLabel(CHECK_WORDS_ZH, id), id).toMatch(HAN)
    }
  })

  it('shows the id itself for a check it has no words for, never nothing', () => {
    expect(checkLabel(CHECK_WORDS_EN, 'token-answer-shape')).toBe('token-answer-shape')
    expect(checkLabel(CHECK_WORDS_ZH, 'toString')).toBe('toString')
  })
})

describe('the page’s Chinese', () => {
  /** Every string of a catalog, its functions' text aside. */
  const strings = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : typeof value === 'object' && value !== null
        ? Object.values(value).flatMap(strings)
        : []

  it.each([
    ['lab', labMessages, labMessagesZh],
    ['labResult', labResultMessages, labResultMessagesZh],
  ] as const)('of %s is Chinese wherever the English is a sentence', (_, enCatalog, zhCatalog) => {
    const en = strings(enCatalog)
    const zh = strings(zhCatalog)
    expect(zh.length).toBe(en.length)
    const sentences = zh.filter((_, i) => /\s\w+\s/.test(en[i] ?? ''))
    expect(sentences.length).toBeGreaterThan(15)
    for (const text of sentences) expect(text).toMatch(HAN)
  })
})
