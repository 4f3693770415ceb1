import { afterEach, describe, expect, it, vi } from 'vitest'
import { send } from '../lib/api-client'
import { setTraceWanted } from '../lib/trace-request'
import type { ClaimResult } from '../session/pending-states'
import { startEarlyExchange, traceWantedInThisTab, type EarlyExchangeDeps } from './early-exchange'

const CALLBACK = { pathname: '/callback', search: '?code=c0de&state=st4te', hash: '' }

function setup(overrides: Partial<EarlyExchangeDeps> = {}, claimed: ClaimResult = 'claimed') {
  const events: string[] = []
  const answer = new Response('{}', { status: 200 })
  const deps: EarlyExchangeDeps = {
    address: CALLBACK,
    claim: vi.fn((state: string) => {
      events.push(`claim ${state}`)
      return claimed
    }),
    fetch: vi.fn((path: string) => {
      events.push(`fetch ${path}`)
      return Promise.resolve(answer)
    }),
    traceWanted: () => false,
    ...overrides,
  }
  return { deps, events, answer, early: startEarlyExchange(deps) }
}

/** What the API client itself sends for the same POST (api-client.ts `send`). */
async function apiClientRequest(): Promise<{ path: string; init: RequestInit }> {
  const fetch = vi.fn((_path: string, _init: RequestInit) =>
    Promise.resolve(new Response('{}', { status: 200 })),
  )
  vi.stubGlobal('fetch', fetch)
  await send('/auth/exchange', 'POST', { body: { code: 'c0de', state: 'st4te' } })
  const [path, init] = fetch.mock.calls[0] ?? []
  if (path === undefined || init === undefined) throw new Error('the API client sent nothing')
  return { path, init }
}

const described = (init: RequestInit) => ({
  ...init,
  headers: Object.fromEntries(new Headers(init.headers).entries()),
})

afterEach(() => {
  vi.unstubAllGlobals()
  setTraceWanted(false)
})

describe('the callback’s early exchange', () => {
  it('claims the state, then sends exactly the request the API client would', async () => {
    const { deps, events } = setup()
    expect(events).toEqual(['claim st4te', 'fetch /auth/exchange'])
    const [path, init] = vi.mocked(deps.fetch).mock.calls[0] ?? []
    const expected = await apiClientRequest()
    expect(path).toBe(expected.path)
    expect(described(init ?? {})).toEqual(described(expected.init))
  })

  it('asks for the flow trace when the inspector wants it, as the API client does', async () => {
    const { deps } = setup({ traceWanted: () => true })
    setTraceWanted(true)
    const expected = await apiClientRequest()
    const [, init] = vi.mocked(deps.fetch).mock.calls[0] ?? []
    expect(described(init ?? {})).toEqual(described(expected.init))
    expect(new Headers(init?.headers).get('X-Playground-Want-Trace')).toBe('1')
  })

  it('reads the inspector’s wish where the API client keeps it, across page loads', () => {
    const stored = new Map<string, string>()
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    })
    expect(traceWantedInThisTab()).toBe(false)
    setTraceWanted(true)
    expect(traceWantedInThisTab()).toBe(true)
    setTraceWanted(false)
    expect(traceWantedInThisTab()).toBe(false)
  })

  it.each([
    ['another page', { ...CALLBACK, pathname: '/me' }],
    ['a callback without parameters (main.tsx cleared them)', { ...CALLBACK, search: '' }],
    ['the service’s error', { ...CALLBACK, search: '?error=access_denied&state=st4te' }],
    ['a token in the fragment', { ...CALLBACK, hash: '#access_token=t' }],
    [
      'a code longer than the proxy takes',
      { ...CALLBACK, search: `?code=${'c'.repeat(513)}&state=s` },
    ],
    ['outside a browser', undefined],
  ])('sends and claims nothing on %s', (_case, address) => {
    const { deps, early } = setup({ address })
    expect(deps.claim).not.toHaveBeenCalled()
    expect(deps.fetch).not.toHaveBeenCalled()
    expect(early).toBeNull()
  })

  it.each(['already-used', 'unknown'] as const)(
    'sends nothing for a state this tab cannot claim (%s): the callback page says why',
    (result) => {
      const { deps, early } = setup({}, result)
      expect(deps.fetch).not.toHaveBeenCalled()
      expect(early).toBeNull()
    },
  )

  it('hands over its answer with exactly the request it sent, for the app to judge', async () => {
    const { early, answer } = setup()
    expect(early).toMatchObject({ code: 'c0de', state: 'st4te' })
    await expect(early?.answer).resolves.toBe(answer)
  })

  it('leaves a failed request to whoever takes it, never an unhandled rejection', async () => {
    const failure = new TypeError('Failed to fetch')
    const { early } = setup({ fetch: () => Promise.reject(failure) })
    // Vitest fails the run on an unhandled rejection: none arises while nobody has taken it.
    await new Promise((resolve) => setTimeout(resolve, 10))
    await expect(early?.answer).rejects.toBe(failure)
  })
})
