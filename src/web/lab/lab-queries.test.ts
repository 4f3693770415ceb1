import { describe, expect, it } from 'vitest'
import { isNavigable } from './lab-queries'

describe('isNavigable (where Run may send the browser)', () => {
  it('is an http or https URL, and nothing else', () => {
    expect(isNavigable('http://127.0.0.1:4010/oauth2/authorize?client_id=a')).toBe(true)
    expect(isNavigable('https://www.yuque.com/oauth2/authorize?client_id=a')).toBe(true)
    expect(isNavigable('javascript:alert(1)')).toBe(false)
    expect(isNavigable('data:text/html,hi')).toBe(false)
    expect(isNavigable('/oauth2/authorize')).toBe(false)
  })
})
