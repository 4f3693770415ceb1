import { describe, expect, it } from 'vitest'
import type { ClientCodePollResponse } from '../../protocol/playground-api'
import { ApiError } from '../lib/api-error'
import {
  describePollError,
  elapsedProgress,
  formatStopwatch,
  isPolling,
  isTransientPollError,
  nextPollAt,
  nextPollCountdown,
  pollView,
  secondsUntil,
  type PollSnapshot,
} from './poll-state'
import { clientCodeMessages } from './messages'

function proxyError(status: number, code: string, message = `${code} happened.`) {
  return new ApiError({
    kind: 'http',
    status,
    body: { status, message, code },
    headers: new Headers({ 'X-Playground-Error': code }),
    method: 'POST',
    path: '/auth/client-code/poll',
    message,
  })
}

const networkError = new ApiError({
  kind: 'network',
  status: 0,
  body: undefined,
  headers: new Headers(),
  method: 'POST',
  path: '/auth/client-code/poll',
  message: 'unreachable',
})

const pending = (attempt: number): ClientCodePollResponse => ({
  status: 'pending',
  attempt,
  maxAttempts: 20,
})

function snapshot(overrides: Partial<PollSnapshot>): PollSnapshot {
  return {
    data: pending(0),
    error: null,
    pollsSent: 0,
    startAttempt: 0,
    maxAttempts: 20,
    ...overrides,
  }
}

describe('pollView', () => {
  it('waits at attempt 0 before the first poll', () => {
    const view = pollView(snapshot({}))
    expect(view).toEqual({ kind: 'waiting', attempt: 0, maxAttempts: 20, lastError: null })
    expect(isPolling(view)).toBe(true)
  })

  it('shows the attempt the server counted while pending', () => {
    expect(pollView(snapshot({ data: pending(3), pollsSent: 3 }))).toMatchObject({
      kind: 'waiting',
      attempt: 3,
    })
  })

  it('trusts the server count after a reload, when this page has sent fewer polls', () => {
    expect(pollView(snapshot({ data: pending(7), pollsSent: 1 }))).toMatchObject({ attempt: 7 })
  })

  it('ends connected with the granted and requested scopes', () => {
    const view = pollView(
      snapshot({
        data: { status: 'connected', attempt: 4, scope: 'doc:read', requestedScope: 'doc' },
        pollsSent: 4,
      }),
    )
    expect(view).toEqual({
      kind: 'connected',
      attempt: 4,
      scope: 'doc:read',
      requestedScope: 'doc',
    })
    expect(isPolling(view)).toBe(false)
  })

  it('ends denied when the user pressed Deny', () => {
    const view = pollView(snapshot({ data: { status: 'denied', attempt: 2 }, pollsSent: 2 }))
    expect(view).toEqual({ kind: 'denied', attempt: 2 })
    expect(isPolling(view)).toBe(false)
  })

  it('ends expired with the server’s reason after the budget is spent', () => {
    const reason = 'No approval after 20 polls; the code is no longer polled.'
    const view = pollView(
      snapshot({ data: { status: 'expired', attempt: 20, reason }, pollsSent: 21 }),
    )
    expect(view).toEqual({ kind: 'expired', attempt: 20, reason })
    expect(isPolling(view)).toBe(false)
  })

  it.each([
    ['a timeout of the token endpoint', proxyError(504, 'upstream_timeout')],
    ['an unreachable token endpoint', proxyError(502, 'upstream_unreachable')],
    ['an unreachable playground server', networkError],
  ])('keeps polling after %s, showing the error', (_, error) => {
    const view = pollView(snapshot({ data: pending(2), error, pollsSent: 3 }))
    expect(view).toEqual({ kind: 'waiting', attempt: 3, maxAttempts: 20, lastError: error })
    expect(isPolling(view)).toBe(true)
  })

  it.each([
    ['the attempt is gone', proxyError(400, 'no_client_code')],
    ['the service refused the code', proxyError(502, 'exchange_failed')],
    ['the token response was invalid', proxyError(502, 'upstream_invalid')],
    ['the proxy refused the call', proxyError(403, 'csrf')],
  ])('stops when %s', (_, error) => {
    const view = pollView(snapshot({ data: pending(2), error, pollsSent: 3 }))
    expect(view).toEqual({ kind: 'failed', attempt: 3, error })
    expect(isPolling(view)).toBe(false)
  })

  it('stops by itself after the budget when no poll reached the server', () => {
    const view = pollView(snapshot({ error: networkError, pollsSent: 21 }))
    expect(view).toMatchObject({ kind: 'expired', attempt: 20 })
    expect(isPolling(view)).toBe(false)
  })

  it('after Keep waiting, counts on from the polls of the spent budget', () => {
    const view = pollView(
      snapshot({ data: pending(20), pollsSent: 1, startAttempt: 20, maxAttempts: 40 }),
    )
    expect(view).toEqual({ kind: 'waiting', attempt: 21, maxAttempts: 40, lastError: null })
    expect(
      isPolling(pollView(snapshot({ startAttempt: 20, pollsSent: 20, maxAttempts: 40 }))),
    ).toBe(true)
    expect(
      pollView(snapshot({ error: networkError, startAttempt: 20, pollsSent: 21, maxAttempts: 40 })),
    ).toMatchObject({ kind: 'expired', attempt: 40 })
  })

  it('still polls on the last attempt of the budget (the server answers expired after it)', () => {
    expect(isPolling(pollView(snapshot({ data: pending(20), pollsSent: 20 })))).toBe(true)
  })
})

describe('isTransientPollError', () => {
  it('is false for anything that is not an ApiError', () => {
    expect(isTransientPollError(new Error('boom'))).toBe(false)
  })

  it('is false for a 2xx in an unexpected shape', () => {
    const invalid = new ApiError({
      kind: 'invalid-response',
      status: 200,
      body: {},
      headers: new Headers(),
      method: 'POST',
      path: '/auth/client-code/poll',
      message: 'bad shape',
    })
    expect(isTransientPollError(invalid)).toBe(false)
  })
})

const errors = clientCodeMessages.errors

describe('describePollError', () => {
  it('says a gone attempt is over, with the proxy’s words', () => {
    expect(describePollError(proxyError(400, 'no_client_code', 'Start again.'), errors)).toEqual({
      title: 'This sign-in is no longer in progress',
      detail: 'Start again.',
    })
  })

  it('says polling goes on when the playground server did not answer', () => {
    expect(describePollError(networkError, errors).detail).toMatch(/next interval/)
  })

  it('names the HTTP status of an unknown failure', () => {
    expect(describePollError(proxyError(500, 'whatever'), errors).title).toBe(
      'Polling failed (HTTP 500)',
    )
  })
})

describe('countdown and elapsed time', () => {
  it('schedules the next poll one interval after the last one settled', () => {
    expect(nextPollAt(10_000, 3000)).toBe(13_000)
  })

  it('counts whole seconds down, rounding up, never below zero', () => {
    expect(secondsUntil(13_000, 10_000)).toBe(3)
    expect(secondsUntil(13_000, 10_001)).toBe(3)
    expect(secondsUntil(13_000, 12_000)).toBe(1)
    expect(secondsUntil(13_000, 12_999)).toBe(1)
    expect(secondsUntil(13_000, 13_000)).toBe(0)
    expect(secondsUntil(13_000, 14_500)).toBe(0)
  })

  it('never counts down from more than one interval, even with a clock reading older than the answer', () => {
    expect(nextPollCountdown(10_000, 3000, 9_800)).toBe(3)
    expect(nextPollCountdown(10_000, 3000, 11_200)).toBe(2)
    expect(nextPollCountdown(10_000, 3000, 13_100)).toBe(0)
  })

  it('measures the elapsed time against attempts × interval', () => {
    expect(elapsedProgress(1000, 31_000, 3000, 20)).toEqual({
      elapsedSeconds: 30,
      budgetSeconds: 60,
      fraction: 0.5,
    })
  })

  it('clamps the elapsed time to the budget and to zero', () => {
    expect(elapsedProgress(0, 500_000, 3000, 20)).toMatchObject({ elapsedSeconds: 60, fraction: 1 })
    expect(elapsedProgress(5000, 1000, 3000, 20)).toMatchObject({ elapsedSeconds: 0, fraction: 0 })
  })

  it('formats durations as m:ss', () => {
    expect(formatStopwatch(0)).toBe('0:00')
    expect(formatStopwatch(9.9)).toBe('0:09')
    expect(formatStopwatch(60)).toBe('1:00')
    expect(formatStopwatch(125)).toBe('2:05')
  })
})
