import { QueryObserver } from '@tanstack/react-query'
import { afterEach, expect, it, vi } from 'vitest'
import { helloQueries } from '../hello/hello-queries'
import { createQueryClient } from '../query-client'
import { groupQueries, repoQueries } from '../profile/user-list-queries'
import { userQueries } from './user-queries'
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

it('drops every query of the account (profile, greeting, repositories, teams) and keeps public lookups', async () => {
  vi.stubGlobal('fetch', async () => Response.json({ connected: false }))
  const client = createQueryClient()
  const seeded = { data: [], meta: {} }
  const accountKeys = [
    userQueries.me().queryKey,
    helloQueries.greeting().queryKey,
    repoQueries.byUser('alice').queryKey,
    groupQueries.byUser(1001).queryKey,
  ]
  for (const key of accountKeys) client.setQueryData<unknown>(key, seeded)
  client.setQueryData<unknown>(userQueries.byLogin('bob').queryKey, seeded)

  await refreshAfterSessionChange(client)

  for (const key of accountKeys) expect(client.getQueryData(key), key.join('/')).toBeUndefined()
  expect(client.getQueryData(userQueries.byLogin('bob').queryKey)).toBe(seeded)
})
