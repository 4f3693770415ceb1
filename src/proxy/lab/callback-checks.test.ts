import { describe, expect, it } from 'vitest'
import { checkCallback } from './callback-checks'

const STATE = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
const verdicts = (query: string, state: string | null = STATE, verifier: string | null = 'v') =>
  checkCallback(new URLSearchParams(query), { state, codeVerifier: verifier })
const byId = (result: ReturnType<typeof verdicts>) =>
  Object.fromEntries(result.checks.map((check) => [check.id, check.verdict]))

describe('checkCallback', () => {
  it('passes a return with the state sent and a code, and hands the code over', () => {
    const result = verdicts(`code=c1&state=${STATE}`)
    expect(result.code).toBe('c1')
    expect(result.checks.every((check) => check.verdict === 'pass')).toBe(true)
  })

  it('refuses a tampered state (RFC 6749 §10.12) and keeps the code from the exchange', () => {
    const result = verdicts(`code=c1&state=${STATE.slice(0, -1)}b`)
    expect(result.code).toBeNull()
    expect(byId(result)['state-matches']).toBe('fail')
    expect(result.checks.find((check) => check.id === 'state-matches')?.values).toEqual({
      sent: 'aaaaaa…',
      received: 'aaaaaa…',
    })
  })

  it('refuses a return without the state it was sent with', () => {
    const result = verdicts('code=c1')
    expect(byId(result)).toMatchObject({ 'state-returned': 'fail', 'state-matches': 'skip' })
    expect(result.code).toBeNull()
  })

  it('fails a request sent without state, even when the return has a code', () => {
    const result = verdicts('code=c1', null)
    expect(byId(result)).toMatchObject({ 'state-sent': 'fail', 'state-returned': 'skip' })
    expect(result.code).toBeNull()
  })

  it('reports the error of an error response and skips the code', () => {
    const result = verdicts(`error=access_denied&state=${STATE}`)
    expect(result.error).toBe('access_denied')
    expect(byId(result)).toMatchObject({ 'no-error': 'fail', 'code-returned': 'skip' })
  })

  it('refuses parameters sent twice (RFC 6749 §3.1)', () => {
    const result = verdicts(`code=c1&code=c2&state=${STATE}`)
    expect(byId(result)['params-once']).toBe('fail')
    expect(result.code).toBeNull()
  })

  it('fails the PKCE check of a request sent without a verifier', () => {
    expect(byId(verdicts(`code=c1&state=${STATE}`, STATE, null))['pkce-verifier']).toBe('fail')
  })
})
