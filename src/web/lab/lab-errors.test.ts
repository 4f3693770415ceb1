import { describe, expect, it } from 'vitest'
import { ApiError } from '../lib/api-error'
import { isLabMissing, refusedField } from './lab-errors'

function refusal(status: number, message: string): ApiError {
  return new ApiError({
    kind: 'http',
    status,
    body: { status, message, code: 'bad_request' },
    errorBody: { status, message, code: 'bad_request' },
    headers: new Headers(),
    message,
    method: 'POST',
    path: '/auth/lab/start',
  })
}

describe('refusedField (a 400 that names a field of the request)', () => {
  it('finds the field the proxy names, first segment of its path', () => {
    const message = 'Invalid request ownState: Too small: expected string to have >=1 characters.'
    expect(refusedField(refusal(400, message))).toEqual({ field: 'ownState', message })
    expect(refusedField(refusal(400, 'Invalid request scopes.3: Invalid input.'))?.field).toBe(
      'scopes',
    )
  })

  it('finds none in another status, another message, or a field the editor does not have', () => {
    expect(refusedField(refusal(429, 'Invalid request ownState: x'))).toBeNull()
    expect(refusedField(refusal(400, 'The request body is not valid JSON.'))).toBeNull()
    expect(refusedField(refusal(400, 'Invalid request nonsense: x'))).toBeNull()
    expect(refusedField(new Error('Invalid request ownState: x'))).toBeNull()
  })
})

describe('isLabMissing', () => {
  it('is a 404 of the lab’s routes, and nothing else', () => {
    expect(isLabMissing(refusal(404, 'GET /auth/lab is not a playground endpoint.'))).toBe(true)
    expect(isLabMissing(refusal(400, 'x'))).toBe(false)
  })
})
