import { QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { helloQueries } from '../hello/hello-queries'
import { createQueryClient } from '../query-client'
import { groupQueries, repoQueries } from '../profile/user-list-queries'
import { userQueries } from './user-queries'
import { primeAnswer } from '../lib/api-client'
import { apiStatusStore } from '../lib/api-status-store'
import { listenToResponses } from '../response-listeners'
import { refreshAfterSessionChange, startSession } from './account-cache'
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

describe('a login whose exchange brought the profile (src/proxy/auth/prime-profile.ts)', () => {
  const alice = {
    id: 1001,
    type: 'User',
    login: 'alice',
    name: 'Alice Chen',
    description: null,
    avatar_url: 'http://127.0.0.1:4010/avatars/alice.svg',
    created_at: '2024-01-02T03:04:05Z',
    updated_at: '2024-01-02T03:04:05Z',
  }
  const exchanged = {
    scope: 'repo:read',
    requestedScope: 'repo:read',
    connectedAt: '2024-01-01T00:00:00Z',
    user: {
      headers: [
        ['X-RateLimit-Limit', '5000'],
        ['X-RateLimit-Remaining', '4321'],
      ],
      body: JSON.stringify({ data: alice }),
    },
  }
  const userRequests = (fetchMock: ReturnType<typeof vi.fn>) =>
    fetchMock.mock.calls.filter(([path]) => path === '/api/v2/user').length
  const stubProxy = () => {
    const fetchMock = vi.fn(async (path: unknown) =>
      path === '/api/v2/user'
        ? Response.json({ data: { ...alice, name: 'asked' } })
        : Response.json(connected),
    )
    vi.stubGlobal('fetch', fetchMock)
    return fetchMock
  }
  let stopListening: () => void = () => undefined
  beforeEach(() => {
    stopListening = listenToResponses()
  })
  afterEach(() => stopListening())

  it('takes it as the answer to GET /api/v2/user: no request leaves, and the rate limit it carried is shown', async () => {
    const fetchMock = stubProxy()
    const client = createQueryClient()
    await startSession(client, exchanged)
    await vi.waitFor(() =>
      expect(client.getQueryData(userQueries.me().queryKey)).toMatchObject({
        data: { name: 'Alice Chen' },
      }),
    )
    expect(userRequests(fetchMock)).toBe(0)
    expect(apiStatusStore.getSnapshot().rateLimit).toMatchObject({ limit: 5000, remaining: 4321 })
  })

  it('uses it once: the next read of the profile asks the proxy', async () => {
    const fetchMock = stubProxy()
    const client = createQueryClient()
    await startSession(client, exchanged)
    await vi.waitFor(() => expect(client.getQueryData(userQueries.me().queryKey)).toBeDefined())
    await client.refetchQueries({ queryKey: userQueries.me().queryKey })
    expect(userRequests(fetchMock)).toBe(1)
    expect(client.getQueryData(userQueries.me().queryKey)).toMatchObject({
      data: { name: 'asked' },
    })
  })

  it('never answers for another session: a session change drops it before it is used', async () => {
    const fetchMock = stubProxy()
    const client = createQueryClient()
    // Given ahead, and before the profile was read another tab logged out (tab-sync.ts).
    primeAnswer('/api/v2/user', new Response(exchanged.user.body, { status: 200 }))
    await refreshAfterSessionChange(client)
    await client.fetchQuery(userQueries.me())
    expect(userRequests(fetchMock)).toBe(1)
    expect(client.getQueryData(userQueries.me().queryKey)).toMatchObject({
      data: { name: 'asked' },
    })
  })
})
