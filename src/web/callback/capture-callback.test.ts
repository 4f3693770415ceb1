import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  captureCallbackFromAddressBar,
  forgetCapturedCallback,
  peekCapturedCallback,
} from './capture-callback'

afterEach(() => forgetCapturedCallback())

describe('captureCallbackFromAddressBar', () => {
  it('reads the callback parameters and removes them from the address bar', () => {
    const replaceState = vi.fn()
    captureCallbackFromAddressBar(
      { pathname: '/callback', search: '?code=c1&state=s1', hash: '' },
      { replaceState },
    )
    expect(replaceState).toHaveBeenCalledWith(null, '', '/callback')
    expect(peekCapturedCallback()).toEqual({ kind: 'code', code: 'c1', state: 's1' })
  })

  it('answers the same object for the same capture, so the early exchange and the page share one inspector entry', () => {
    captureCallbackFromAddressBar(
      { pathname: '/callback', search: '?code=c1&state=s1', hash: '' },
      { replaceState: vi.fn() },
    )
    const first = peekCapturedCallback()
    expect(peekCapturedCallback()).toBe(first)
    forgetCapturedCallback()
    expect(peekCapturedCallback()).toEqual({ kind: 'empty' })
  })

  it('leaves other pages alone', () => {
    const replaceState = vi.fn()
    captureCallbackFromAddressBar(
      { pathname: '/users', search: '?code=c1', hash: '' },
      { replaceState },
    )
    expect(replaceState).not.toHaveBeenCalled()
    expect(peekCapturedCallback()).toEqual({ kind: 'empty' })
  })

  it('finds nothing on a reload of the cleaned address', () => {
    const replaceState = vi.fn()
    captureCallbackFromAddressBar({ pathname: '/callback', search: '', hash: '' }, { replaceState })
    expect(replaceState).not.toHaveBeenCalled()
    expect(peekCapturedCallback()).toEqual({ kind: 'empty' })
  })

  it('refuses a token in the fragment and still cleans the address', () => {
    const replaceState = vi.fn()
    captureCallbackFromAddressBar(
      { pathname: '/callback', search: '', hash: '#access_token=t&state=s1' },
      { replaceState },
    )
    expect(replaceState).toHaveBeenCalledOnce()
    expect(peekCapturedCallback()).toMatchObject({
      kind: 'invalid',
      reason: { code: 'token-in-fragment' },
    })
  })
})
