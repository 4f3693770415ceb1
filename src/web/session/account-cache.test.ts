import { QueryObserver } from '@tanstack/react-query'
import { afterEach, expect, it, vi } from 'vitest'
import { createQueryClient } from '../query-client'
import { refreshAfterSessionChange } from './account-cache'
import { sessionQueries } from './session-queries'

const connected = {
  connected: true,
  scope: 'repo:read',
  requestedScope: 'repo:read',
  connectedAt: '2024-01-01T00:00:00Z',
}

afterEach(() => vi.unstubAllGlobals())

it('reads the session again after a login even while a read sent before it is still on its way', async () => {
  // The callback page's first session read leaves before the exchange and answers after it.
  let answerFirstRead: (response: Response) => void = () => undefined
  const firstRead = new Promise<Response>((resolve) => (answerFirstRead = resolve))
  const reads = [() => firstRead, async () => Response.json(connected)]
  vi.stubGlobal('fetch', () => (reads.shift() ?? (() => Response.json(connected)))())

  const client = createQueryClient()
  const observer = new QueryObserver(client, sessionQueries.current())
  const unsubscribe = observer.subscribe(() => undefined)

  const refreshed = refreshAfterSessionChange(client)
  answerFirstRead(Response.json({ connected: false }))
  await refreshed

  expect(client.getQueryData(sessionQueries.current().queryKey)).toEqual(connected)
  unsubscribe()
})
