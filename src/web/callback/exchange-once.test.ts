import { describe, expect, it, vi } from 'vitest'
import type { ExchangeResponse } from '../../protocol/playground-api'
import { ExchangeRefusedError, createExchangeGuard } from './exchange-once'
import { createPendingStates } from './pending-states'

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
  const exchangeOnce = createExchangeGuard({ claim: (s) => states.claim(s), exchange })
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
    const reloaded = createExchangeGuard({ claim: (s) => states.claim(s), exchange })
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
