import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import {
  MAX_TRANSIENT_RETRIES,
  queryRetryDelay,
  refetchWhileUnreachable,
  shouldRetryQuery,
} from './retry-policy'

function httpError(status: number, headers: Record<string, string> = {}, receivedAt?: number) {
  return new ApiError({
    ...(receivedAt === undefined ? {} : { receivedAt }),
    kind: 'http',
    status,
    body: { status, message: 'x' },
    headers: new Headers(headers),
    method: 'GET',
    path: '/api/v2/user',
    message: 'x',
  })
}

const networkError = new ApiError({
  kind: 'network',
  status: 0,
  body: undefined,
  headers: new Headers(),
  method: 'GET',
  path: '/api/v2/user',
  message: 'unreachable',
})

describe('shouldRetryQuery', () => {
  it.each([400, 401, 403, 404, 409, 422])('never retries a %i', (status) => {
    expect(shouldRetryQuery(0, httpError(status))).toBe(false)
  })

  it('retries a 429 once when Retry-After is short', () => {
    const error = httpError(429, { 'Retry-After': '5' })
    expect(shouldRetryQuery(0, error)).toBe(true)
    expect(shouldRetryQuery(1, error)).toBe(false)
  })

  it('does not retry a 429 without Retry-After', () => {
    expect(shouldRetryQuery(0, httpError(429))).toBe(false)
  })

  it('leaves a long Retry-After to the user', () => {
    expect(shouldRetryQuery(0, httpError(429, { 'Retry-After': '3600' }))).toBe(false)
  })

  it('understands Retry-After as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z')
    const error = httpError(429, { 'Retry-After': 'Wed, 01 Jan 2025 00:00:10 GMT' }, now)
    expect(shouldRetryQuery(0, error)).toBe(true)
    expect(queryRetryDelay(0, error)).toBe(10_000)
  })

  it('retries network failures and 5xx a bounded number of times', () => {
    for (const error of [networkError, httpError(502), httpError(503), httpError(504)]) {
      for (let count = 0; count < MAX_TRANSIENT_RETRIES; count++) {
        expect(shouldRetryQuery(count, error)).toBe(true)
      }
      expect(shouldRetryQuery(MAX_TRANSIENT_RETRIES, error)).toBe(false)
    }
  })

  it('never retries a response in an unexpected shape, or a bug', () => {
    const invalid = new ApiError({
      kind: 'invalid-response',
      status: 200,
      body: {},
      headers: new Headers(),
      method: 'GET',
      path: '/api/v2/user',
      message: 'bad shape',
    })
    expect(shouldRetryQuery(0, invalid)).toBe(false)
    expect(shouldRetryQuery(0, new TypeError('x is undefined'))).toBe(false)
  })
})

describe('queryRetryDelay', () => {
  it('waits exactly what Retry-After says on a 429', () => {
    expect(queryRetryDelay(0, httpError(429, { 'Retry-After': '7' }))).toBe(7000)
  })

  it('waits at least a second on Retry-After: 0', () => {
    expect(queryRetryDelay(0, httpError(429, { 'Retry-After': '0' }))).toBe(1000)
  })

  it('backs off exponentially, with a ceiling, otherwise', () => {
    expect(queryRetryDelay(0, networkError)).toBe(1000)
    expect(queryRetryDelay(1, networkError)).toBe(2000)
    expect(queryRetryDelay(10, networkError)).toBe(8000)
  })
})

describe('refetchWhileUnreachable', () => {
  const unreachable = new ApiError({
    kind: 'http',
    status: 502,
    body: { status: 502, message: 'unreachable', code: 'upstream_unreachable' },
    headers: new Headers({ 'X-Playground-Error': 'upstream_unreachable' }),
    method: 'GET',
    path: '/api/v2/user',
    message: 'unreachable',
  })

  it('asks again after 3 s, doubling each round of retries up to 30 s', () => {
    const rounds = [3, 6, 9, 12, 15, 18, 60].map((failures) =>
      refetchWhileUnreachable(unreachable, failures),
    )
    expect(rounds).toEqual([3000, 6000, 12_000, 24_000, 30_000, 30_000, 30_000])
  })

  it('asks again when the playground server itself gave no answer', () => {
    expect(refetchWhileUnreachable(networkError, MAX_TRANSIENT_RETRIES + 1)).toBe(3000)
  })

  it.each([429, 500, 502, 503, 504, 401, 404])(
    'leaves an answer of the service (HTTP %i) to the user',
    (status) => {
      expect(refetchWhileUnreachable(httpError(status), 3)).toBe(false)
    },
  )

  it('stops once the query has no error', () => {
    expect(refetchWhileUnreachable(null, 0)).toBe(false)
  })
})
