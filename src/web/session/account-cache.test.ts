import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { refreshAfterSessionChange } from './account-cache'
import { sessionQueries } from './session-queries'

describe('refreshAfterSessionChange', () => {
  it('re-reads the session even while a read started before the login is still under way', async () => {
    // The callback page's first session read leaves before the exchange and answers after it:
    // its "not connected" must not become the answer.
    let isConnected = false
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const observer = new QueryObserver(client, {
      queryKey: sessionQueries.current().queryKey,
      queryFn: () => {
        const answer = { connected: isConnected }
        return new Promise((resolve) => setTimeout(() => resolve(answer), 50))
      },
      staleTime: 30_000,
    })
    const unsubscribe = observer.subscribe(() => undefined)

    isConnected = true // the exchange set the session cookie
    await refreshAfterSessionChange(client)
    await expect
      .poll(() => observer.getCurrentResult().data, { timeout: 2000 })
      .toEqual({ connected: true })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(observer.getCurrentResult().data).toEqual({ connected: true })
    unsubscribe()
    client.clear()
  })
})
