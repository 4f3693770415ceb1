import { describe, expect, it, vi } from 'vitest'
import { createApiStatusStore } from './api-status-store'
import { readMeta } from './read-meta'
import {
  MAX_UNKNOWN_RATE_LIMIT_WAIT_SECONDS,
  UNKNOWN_RATE_LIMIT_WAIT_SECONDS,
} from './retry-policy'

const response = (status: number, headers: Record<string, string>) =>
  readMeta({ status, headers: new Headers(headers) })

describe('the api status store', () => {
  it('knows nothing before any response', () => {
    const store = createApiStatusStore()
    expect(store.getSnapshot()).toMatchObject({ rateLimit: null, grantedScopes: null })
  })

  it('records the rate limit and the granted scopes of a response', () => {
    const store = createApiStatusStore()
    store.recordResponse(
      response(200, {
        'X-RateLimit-Limit': '5000',
        'X-RateLimit-Remaining': '4999',
        'X-OAuth-Scopes': 'doc,repo',
      }),
    )
    expect(store.getSnapshot()).toMatchObject({
      rateLimit: { limit: 5000, remaining: 4999 },
      grantedScopes: ['doc', 'repo'],
    })
  })

  it('keeps the last known values when a response lacks the headers', () => {
    const store = createApiStatusStore()
    store.recordResponse(
      response(200, {
        'X-RateLimit-Limit': '10',
        'X-RateLimit-Remaining': '9',
        'X-OAuth-Scopes': '',
      }),
    )
    store.recordResponse(response(200, {}))
    store.recordResponse(
      response(200, { 'X-RateLimit-Limit': 'lots', 'X-RateLimit-Remaining': '1' }),
    )
    expect(store.getSnapshot()).toMatchObject({
      rateLimit: { limit: 10, remaining: 9 },
      grantedScopes: [],
    })
  })

  it('notifies subscribers on a change only, with a new snapshot', () => {
    const store = createApiStatusStore()
    const listener = vi.fn()
    store.subscribe(listener)
    const headers = { 'X-RateLimit-Limit': '10', 'X-RateLimit-Remaining': '9' }
    const before = store.getSnapshot()
    store.recordResponse(response(200, headers))
    expect(store.getSnapshot()).not.toBe(before)
    const after = store.getSnapshot()
    store.recordResponse(response(200, headers))
    expect(store.getSnapshot()).toBe(after)
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('stops notifying after unsubscribe', () => {
    const store = createApiStatusStore()
    const listener = vi.fn()
    store.subscribe(listener)()
    store.markSessionEnded()
    expect(listener).not.toHaveBeenCalled()
  })

  it('records until when a 429 asks to wait', () => {
    const store = createApiStatusStore()
    store.recordResponse(response(429, { 'Retry-After': '30' }), 1_000)
    expect(store.getSnapshot()).toMatchObject({ rateLimitedUntil: 31_000, isRetryAfterKnown: true })
  })

  it('guesses a wait when a 429 has no Retry-After, and says it is a guess', () => {
    const store = createApiStatusStore()
    store.recordResponse(response(429, {}), 0)
    expect(store.getSnapshot()).toMatchObject({
      rateLimitedUntil: UNKNOWN_RATE_LIMIT_WAIT_SECONDS * 1000,
      isRetryAfterKnown: false,
    })
  })

  it('doubles the guessed wait for each 429 in a row without Retry-After, up to a few minutes', () => {
    const store = createApiStatusStore()
    const waits = [0, 1, 2, 3, 4].map(() => {
      store.recordResponse(response(429, {}), 0)
      return (store.getSnapshot().rateLimitedUntil ?? 0) / 1000
    })
    expect(waits).toEqual([60, 120, 240, 300, 300])
    expect(Math.max(...waits)).toBe(MAX_UNKNOWN_RATE_LIMIT_WAIT_SECONDS)
    // A success ends the streak: the next guess starts over.
    store.recordResponse(response(200, {}), 400_000)
    store.recordResponse(response(429, {}), 400_000)
    expect(store.getSnapshot().rateLimitedUntil).toBe(460_000)
  })

  it('shows whatever limit the service has, such as 200 an hour', () => {
    const store = createApiStatusStore()
    store.recordResponse(
      response(200, { 'X-RateLimit-Limit': '5000', 'X-RateLimit-Remaining': '4990' }),
    )
    store.recordResponse(
      response(200, { 'X-RateLimit-Limit': '200', 'X-RateLimit-Remaining': '150' }),
    )
    expect(store.getSnapshot().rateLimit).toEqual({ limit: 200, remaining: 150 })
  })

  it('says unknown rather than draw a pair that cannot be right', () => {
    const store = createApiStatusStore()
    store.recordResponse(
      response(200, { 'X-RateLimit-Limit': '200', 'X-RateLimit-Remaining': '150' }),
    )
    store.recordResponse(
      response(200, { 'X-RateLimit-Limit': '200', 'X-RateLimit-Remaining': '4999' }),
    )
    expect(store.getSnapshot().rateLimit).toBeNull()
    store.recordResponse(response(200, { 'X-RateLimit-Limit': '0', 'X-RateLimit-Remaining': '0' }))
    expect(store.getSnapshot().rateLimit).toBeNull()
  })

  it('stays unknown when the service never sends the headers', () => {
    const store = createApiStatusStore()
    for (const status of [200, 401, 429]) store.recordResponse(response(status, {}), 0)
    expect(store.getSnapshot().rateLimit).toBeNull()
  })

  it('lifts the rate limit on a success after the wait', () => {
    const store = createApiStatusStore()
    store.recordResponse(response(429, { 'Retry-After': '1' }), 0)
    store.recordResponse(response(200, {}), 500)
    expect(store.getSnapshot().rateLimitedUntil).toBe(1000)
    store.recordResponse(response(200, {}), 1000)
    expect(store.getSnapshot().rateLimitedUntil).toBeNull()
  })

  it('forgets the old token scopes when the session ends', () => {
    const store = createApiStatusStore()
    store.recordResponse(response(200, { 'X-OAuth-Scopes': 'doc' }))
    store.markSessionEnded(5)
    expect(store.getSnapshot()).toMatchObject({ grantedScopes: null, sessionEndedAt: 5 })
    store.resetForNewSession()
    expect(store.getSnapshot().sessionEndedAt).toBeNull()
  })
})

describe('the disconnect news', () => {
  it('is kept until dismissed or a new session starts (the banner says the token stays valid at the service)', () => {
    const store = createApiStatusStore()
    store.markDisconnected(5)
    expect(store.getSnapshot().disconnectedAt).toBe(5)
    store.clearDisconnected()
    expect(store.getSnapshot().disconnectedAt).toBeNull()
    store.markDisconnected(6)
    store.resetForNewSession()
    expect(store.getSnapshot().disconnectedAt).toBeNull()
  })
})
