import { describe, expect, it } from 'vitest'
import { FIELD_CODES } from '../../protocol/your-app-api'
import { ApiError } from '../lib/api-error'
import { FIELD_ORDER } from './app-form-state'
import {
  describeFieldProblem,
  fieldName,
  isTurnedOff,
  others,
  pick,
  refusedFields,
} from './field-errors'
import { yourAppMessages } from './messages'
import { yourAppMessagesZh } from './messages.zh'

const LANGUAGES = [
  ['en', yourAppMessages],
  ['zh-CN', yourAppMessagesZh],
] as const

const HAN = /\p{Script=Han}/u

function httpError(status: number, body: unknown): ApiError {
  return new ApiError({
    kind: 'http',
    status,
    body,
    headers: new Headers(),
    message: `HTTP ${status}`,
    method: 'PUT',
    path: '/auth/app',
  })
}

describe('a refused field in words', () => {
  it.each(LANGUAGES)('has its own message for every code in %s, never the general one', (_, m) => {
    for (const code of FIELD_CODES) {
      const text = describeFieldProblem(m, 'clientId', code)
      expect(text, code).not.toBe(m.unknownCode({ field: m.fields.clientId, code }))
      // Not the code in brackets, as the general message shows one.
      expect(text, code).not.toContain(`(${code})`)
      expect(text.trim(), code).not.toBe('')
    }
  })

  it('says each code in Chinese in the Chinese catalog, and differently from the English', () => {
    for (const code of FIELD_CODES) {
      const zh = describeFieldProblem(yourAppMessagesZh, 'token', code)
      expect(zh, code).toMatch(HAN)
      expect(zh, code).not.toBe(describeFieldProblem(yourAppMessages, 'token', code))
    }
  })

  it('names the field it is about where the message has a place for it', () => {
    expect(describeFieldProblem(yourAppMessages, 'clientId', 'required')).toBe(
      'Enter the Client ID.',
    )
    expect(describeFieldProblem(yourAppMessagesZh, 'clientId', 'required')).toBe(
      '请填写客户端 ID。',
    )
    expect(describeFieldProblem(yourAppMessages, 'codeClient.clientSecret', 'too_long')).toMatch(
      /^The no-server app’s Client Secret is too long/,
    )
  })

  it('says what the service said of a refused token, and what to do', () => {
    expect(describeFieldProblem(yourAppMessages, 'token', 'refused')).toBe(
      'The service refused this token: check that it was copied whole and has not been deleted.',
    )
    expect(describeFieldProblem(yourAppMessagesZh, 'token', 'refused')).toContain(
      '服务拒绝了这个令牌',
    )
  })

  it.each(LANGUAGES)('falls back to a general message for a code it does not know (%s)', (_, m) => {
    const text = describeFieldProblem(m, 'clientId', 'too_spicy')
    expect(text).toBe(m.unknownCode({ field: m.fields.clientId, code: 'too_spicy' }))
    expect(text).toContain('too_spicy')
    // A field the page does not draw is named by its path, as sent.
    expect(fieldName(m, 'codeClient.redirect')).toBe('codeClient.redirect')
  })

  it.each(LANGUAGES)('names every field the page draws (%s)', (_, m) => {
    for (const path of FIELD_ORDER) expect(fieldName(m, path)).not.toBe('')
  })
})

describe('reading a refusal', () => {
  it('reads the fields of a 400', () => {
    const error = httpError(400, {
      error: 'invalid_request',
      fields: { 'service.space': 'space_label', clientId: 'required' },
    })
    expect(refusedFields(error)).toEqual({ 'service.space': 'space_label', clientId: 'required' })
    expect(refusedFields(httpError(400, { fields: { token: 'refused' } }))).toEqual({
      token: 'refused',
    })
  })

  it('finds none in other answers: another status, another shape, no field, not an ApiError', () => {
    expect(refusedFields(httpError(409, { fields: { clientId: 'required' } }))).toBeNull()
    expect(refusedFields(httpError(400, { status: 400, message: 'Bad' }))).toBeNull()
    expect(refusedFields(httpError(400, { fields: {} }))).toBeNull()
    expect(refusedFields(httpError(400, 'not json'))).toBeNull()
    expect(refusedFields(new Error('x'))).toBeNull()
  })

  it('takes a 404 for the feature turned off (BYO_APP=off), and nothing else', () => {
    expect(isTurnedOff(httpError(404, undefined))).toBe(true)
    expect(isTurnedOff(httpError(400, undefined))).toBe(false)
    expect(isTurnedOff(new Error('404'))).toBe(false)
  })

  it('splits the refusals between the fields that show them and the general line', () => {
    const problems = { clientId: 'required', 'service.space': 'space_label', extra: 'unexpected' }
    expect(pick(problems, ['service.space', 'service.host'])).toEqual({
      'service.space': 'space_label',
    })
    expect(others(problems, ['clientId', 'service.space'])).toEqual([['extra', 'unexpected']])
  })
})
