import { describe, expect, test } from 'vitest'
import type { ScenarioResult } from '../../protocol/lab-api'
import { leaks } from '../../testing/lab-setup'
import { redactResult } from './lab-redaction'

const CODE = 'Zq3v9sP0aL7mX2cB8nW4tY6uE1rI5oKj'
const STATE = 'st8-hV2kQ9pL3xM7cN1bZ5wR0yT6uE4iO_aS'
const SHORT_SECRET = 'hunter2x'

/** A result with secrets planted where a careless runner could put them. */
function planted(): ScenarioResult {
  return {
    scenario: 'code-reused',
    profile: 'seed',
    passed: true,
    expected: '400 invalid_grant',
    actual: `400 invalid_grant for ${CODE}`,
    rule: 'RFC 6749 §4.1.2',
    checks: [
      { id: 'state-matches', verdict: 'fail', rule: 'RFC 6749 §10.12', values: { sent: STATE } },
    ],
    steps: [
      {
        kind: 'exchange',
        title: 'Code exchanged',
        outcome: 'failed',
        notes: [`The secret ${SHORT_SECRET} and the token emu_at_abc went along.`],
        request: {
          method: 'POST',
          url: 'http://127.0.0.1:4010/oauth2/token',
          paramsIn: 'form',
          params: [{ name: 'code', value: CODE }],
          headers: [],
        },
      },
    ],
    durationMs: 12,
  }
}

describe('redactResult', () => {
  test('removes every secret it is given, and anything token-shaped, from every string of a result', () => {
    const secrets = [CODE, STATE, SHORT_SECRET]
    expect(leaks(planted(), secrets).length).toBeGreaterThan(0)
    const redacted = redactResult(planted(), secrets)
    expect(leaks(redacted, secrets)).toEqual([])
    expect(redacted).toMatchObject({
      scenario: 'code-reused',
      actual: '400 invalid_grant for [redacted]',
      checks: [{ values: { sent: '[redacted]' } }],
      steps: [{ notes: ['The secret [redacted] and the token [redacted] went along.'] }],
    })
  })

  test('leaves a short secret it was not told of: the run must name each one', () => {
    expect(leaks(redactResult(planted(), [CODE, STATE]), [SHORT_SECRET])).toEqual([SHORT_SECRET])
  })
})
