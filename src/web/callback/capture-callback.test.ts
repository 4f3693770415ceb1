import { describe, expect, it, vi } from 'vitest'
import { checkCallbackAddress } from './callback-params'
import { captureCallbackFromAddressBar } from './capture-callback'

describe('captureCallbackFromAddressBar', () => {
  it('reads the callback parameters and removes them from the address bar', () => {
    const replaceState = vi.fn()
    const captured = captureCallbackFromAddressBar(
      { pathname: '/callback', search: '?code=c1&state=s1', hash: '' },
      { replaceState },
    )
    expect(replaceState).toHaveBeenCalledWith(null, '', '/callback')
    expect(captured).not.toBeNull()
    expect(checkCallbackAddress(captured!)).toEqual({ kind: 'code', code: 'c1', state: 's1' })
  })

  it('leaves other pages alone', () => {
    const replaceState = vi.fn()
    const captured = captureCallbackFromAddressBar(
      { pathname: '/users', search: '?code=c1', hash: '' },
      { replaceState },
    )
    expect(replaceState).not.toHaveBeenCalled()
    expect(captured).toBeNull()
  })

  it('finds nothing on a reload of the cleaned address', () => {
    const replaceState = vi.fn()
    const captured = captureCallbackFromAddressBar(
      { pathname: '/callback', search: '', hash: '' },
      { replaceState },
    )
    expect(replaceState).not.toHaveBeenCalled()
    expect(captured).toBeNull()
  })

  it('refuses a token in the fragment and still cleans the address', () => {
    const replaceState = vi.fn()
    const captured = captureCallbackFromAddressBar(
      { pathname: '/callback', search: '', hash: '#access_token=t&state=s1' },
      { replaceState },
    )
    expect(replaceState).toHaveBeenCalledOnce()
    expect(captured).not.toBeNull()
    expect(checkCallbackAddress(captured!)).toMatchObject({
      kind: 'invalid',
      reason: { code: 'token-in-fragment' },
    })
  })
})
