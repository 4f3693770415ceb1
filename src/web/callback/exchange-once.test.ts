import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ExchangeResponse } from '../../protocol/playground-api'
import {
  ExchangeRefusedError,
  createExchangeGuard,
  startExchangeEarly,
  startSessionOnce,
} from './exchange-once'
import { sessionQueries } from '../session/session-queries'
import { createPendingStates } from '../session/pending-states'

function setup() {
  const map = new Map<string, string>()
  const states = createPendingStates(() => ({
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
  }))
  const response: ExchangeResponse = {
    scope: 'doc',
    requestedScope: 'doc',
    returnTo: '/',
    connectedAt: '2026-01-01T00:00:00.000Z',
  }
  const exchange = vi.fn(
    () => new Promise<ExchangeResponse>((resolve) => setTimeout(() => resolve(response), 5)),
  )
  const exchangeOnce = createExchangeGuard({
    claim: (s) => states.claim(s),
    exchange,
    status: (s) => states.status(s),
  })
  return { states, exchange, exchangeOnce, response }
}

describe('exchangeOnce', () => {
  it('makes one exchange when called twice concurrently (StrictMode runs effects twice)', async () => {
    const { states, exchange, exchangeOnce, response } = setup()
    states.remember('s1')
    const first = exchangeOnce({ code: 'c1', state: 's1' })
    const second = exchangeOnce({ code: 'c1', state: 's1' })
    expect(second).toBe(first)
    await expect(Promise.all([first, second])).resolves.toEqual([response, response])
    expect(exchange).toHaveBeenCalledTimes(1)
  })

  it('marks the state used before the request starts', () => {
    const { states, exchange, exchangeOnce, response } = setup()
    states.remember('s1')
    exchange.mockImplementationOnce(() => {
      expect(states.status('s1')).toBe('used')
      return Promise.resolve({ ...response, returnTo: '/' })
    })
    void exchangeOnce({ code: 'c1', state: 's1' })
    expect(exchange).toHaveBeenCalledTimes(1)
  })

  it('refuses a used state in a later page life (reload, back button)', async () => {
    const { states, exchange, exchangeOnce } = setup()
    states.remember('s1')
    await exchangeOnce({ code: 'c1', state: 's1' })
    // A fresh guard stands for a new page load sharing the same sessionStorage.
    const reloaded = createExchangeGuard({
      claim: (s) => states.claim(s),
      exchange,
      status: (s) => states.status(s),
    })
    await expect(reloaded({ code: 'c1', state: 's1' })).rejects.toMatchObject({
      reason: 'already-used',
    })
    expect(exchange).toHaveBeenCalledTimes(1)
  })

  it('never exchanges a state this tab did not send', async () => {
    const { exchange, exchangeOnce } = setup()
    await expect(exchangeOnce({ code: 'c1', state: 'forged' })).rejects.toBeInstanceOf(
      ExchangeRefusedError,
    )
    expect(exchange).not.toHaveBeenCalled()
  })

  it('does not retry a failed exchange', async () => {
    const { states, exchange, exchangeOnce } = setup()
    states.remember('s1')
    exchange.mockImplementationOnce(() => Promise.reject(new Error('invalid_grant')))
    await expect(exchangeOnce({ code: 'c1', state: 's1' })).rejects.toThrow('invalid_grant')
    await expect(exchangeOnce({ code: 'c1', state: 's1' })).rejects.toThrow('invalid_grant')
    expect(exchange).toHaveBeenCalledTimes(1)
  })
})

describe('the exchange started before React boots', () => {
  it('leaves at once, and the callback page then gets the same promise and still judges the state its own', async () => {
    const { states, exchange, exchangeOnce, response } = setup()
    states.remember('s1')
    startExchangeEarly({ kind: 'code', code: 'c1', state: 's1' }, exchangeOnce)
    expect(exchange).toHaveBeenCalledTimes(1)
    // Stored as used before the request left; this page life's own claim reads as pending.
    expect(states.status('s1')).toBe('used')
    expect(exchangeOnce.statusOf('s1')).toBe('pending')
    await expect(exchangeOnce({ code: 'c1', state: 's1' })).resolves.toEqual(response)
    expect(exchange).toHaveBeenCalledTimes(1)
  })

  it('starts nothing for a state this tab did not send, one already used, or an error', () => {
    const { states, exchange, exchangeOnce } = setup()
    startExchangeEarly({ kind: 'code', code: 'c1', state: 'forged' }, exchangeOnce)
    states.remember('s2')
    states.claim('s2')
    startExchangeEarly({ kind: 'code', code: 'c2', state: 's2' }, exchangeOnce)
    expect(exchangeOnce.statusOf('s2')).toBe('used')
    startExchangeEarly(
      { kind: 'error', error: 'access_denied', description: null, state: 's2' },
      exchangeOnce,
    )
    expect(exchange).not.toHaveBeenCalled()
    expect(exchangeOnce.statusOf('forged')).toBe('unknown')
  })

  it('leaves a failed early exchange to the page: no unhandled rejection, no retry', async () => {
    const { states, exchange, exchangeOnce } = setup()
    states.remember('s1')
    exchange.mockImplementationOnce(() => Promise.reject(new Error('invalid_grant')))
    startExchangeEarly({ kind: 'code', code: 'c1', state: 's1' }, exchangeOnce)
    await expect(exchangeOnce({ code: 'c1', state: 's1' })).rejects.toThrow('invalid_grant')
    expect(exchange).toHaveBeenCalledTimes(1)
  })
})

describe('startSessionOnce', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('primes the cache from the answer once, whether the early start or the page comes first: one profile request', async () => {
    const { response } = setup()
    const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(Response.json({ data: null }, { status: 500 })),
    )
    vi.stubGlobal('fetch', fetchMock)
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    await Promise.all([startSessionOnce(client, response), startSessionOnce(client, response)])
    expect(client.getQueryData(sessionQueries.current().queryKey)).toMatchObject({
      connected: true,
      scope: 'doc',
    })
    const calls = fetchMock.mock.calls.map(([input]) => String(input))
    expect(calls).toEqual(['/api/v2/user'])
  })
})
