import { describe, expect, it, vi } from 'vitest'
import type { ClientCodeStartResponse } from '../../protocol/playground-api'
import { openAuthorizeTab, readLaunchState, type LaunchState } from './launch'

const start: ClientCodeStartResponse = {
  authorizePath: '/auth/client-code/authorize',
  scope: 'doc',
  expiresAt: '2030-01-01T00:10:00.000Z',
  intervalMs: 3000,
  maxAttempts: 20,
  signing: {
    params: {
      client_id: 'playground-cli',
      code: 'abcd••••wxyz',
      response_type: 'code',
      scope: 'doc',
      timestamp: '1893456000000',
    },
    baseString: 'client_id=playground-cli&code=…',
    sign: 'c2lnbg==',
    algorithm: 'base64(HMAC-SHA1(…))',
  },
}

describe('readLaunchState', () => {
  it('reads what the connect page stored', () => {
    const state: LaunchState = { start, startedAt: 1, scopes: ['doc'], isTabOpened: true }
    expect(readLaunchState(state)).toEqual(state)
  })

  it.each([null, undefined, 'x', { start: {}, startedAt: 1 }, { usr: null, key: 'default' }])(
    'answers null for anything else in the history state (%j)',
    (state) => {
      expect(readLaunchState(state)).toBeNull()
    },
  )
})

function fakeTab() {
  return {
    opener: {} as unknown,
    closed: false,
    location: { replace: vi.fn() },
    close: vi.fn(function (this: { closed: boolean }) {
      this.closed = true
    }),
  }
}

describe('openAuthorizeTab', () => {
  it('opens an empty tab at once and cuts its opener before it navigates', () => {
    const tab = fakeTab()
    const open = vi.fn(() => tab as unknown as Window)
    const handle = openAuthorizeTab(open)
    expect(open).toHaveBeenCalledWith('', '_blank')
    expect(tab.opener).toBeNull()
    expect(handle.navigate('/auth/client-code/authorize')).toBe(true)
    expect(tab.location.replace).toHaveBeenCalledWith('/auth/client-code/authorize')
  })

  it('reports a blocked tab, so the page can offer a link instead', () => {
    const handle = openAuthorizeTab(() => null)
    expect(handle.navigate('/auth/client-code/authorize')).toBe(false)
    expect(() => handle.close()).not.toThrow()
  })

  it('reports a tab the user closed before the start answered', () => {
    const tab = fakeTab()
    const handle = openAuthorizeTab(() => tab as unknown as Window)
    tab.closed = true
    expect(handle.navigate('/auth/client-code/authorize')).toBe(false)
    expect(tab.location.replace).not.toHaveBeenCalled()
  })

  it('closes the empty tab when the start fails', () => {
    const tab = fakeTab()
    openAuthorizeTab(() => tab as unknown as Window).close()
    expect(tab.close).toHaveBeenCalledTimes(1)
  })
})
