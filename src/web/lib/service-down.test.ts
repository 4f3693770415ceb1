import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { isServiceDown } from './service-down'

const unreachable = new ApiError({
  kind: 'network',
  status: 0,
  body: undefined,
  headers: new Headers(),
  method: 'GET',
  path: '/api/v2/user',
  message: 'unreachable',
})
const refused = new ApiError({
  kind: 'http',
  status: 404,
  body: undefined,
  headers: new Headers(),
  method: 'GET',
  path: '/api/v2/users/x',
  message: 'Not found',
})

describe('whether the service is down (the "may be out of date" mark)', () => {
  it('is down when a query’s latest answer was that nobody answered, after its data came', () => {
    expect(
      isServiceDown([
        { error: null, errorUpdatedAt: 0, dataUpdatedAt: 10 },
        { error: unreachable, errorUpdatedAt: 20, dataUpdatedAt: 10 },
      ]),
    ).toBe(true)
  })

  it('is not down for an answer that refused, nor once newer data came back', () => {
    expect(isServiceDown([{ error: refused, errorUpdatedAt: 20, dataUpdatedAt: 10 }])).toBe(false)
    expect(isServiceDown([{ error: unreachable, errorUpdatedAt: 20, dataUpdatedAt: 30 }])).toBe(
      false,
    )
  })
})
