import { QueryObserver, type QueryClient } from '@tanstack/react-query'
import { afterEach, expect, it, vi } from 'vitest'
import { SESSION_HEADER } from '../../protocol/playground-common'
import { helloQueries } from '../hello/hello-queries'
import { apiStatusStore } from '../lib/api-status-store'
import { createQueryClient } from '../query-client'
import { userQueries } from './user-queries'
import { sessionQueries } from './session-queries'
import { openTabChannel, type TabChannel, type TabEvent, type TabScope } from './tab-channel'
import { announceToOtherTabs, keepTabsInStep } from './tab-sync'

const connected = (scope: string) => ({
  connected: true,
  scope,
  requestedScope: scope,
  connectedAt: '2024-01-01T00:00:00Z',
})

/** A user record as the proxy passes `GET /user` and `GET /users/:login` on. */
const userRecord = (id: number, login: string) => ({
  id,
  type: 'User',
  login,
  name: login,
  description: null,
  avatar_url: `http://127.0.0.1:4010/avatars/${login}.svg`,
  created_at: '2024-01-02T03:04:05Z',
  updated_at: '2024-01-02T03:04:05Z',
})

const sessionEnded = () =>
  Response.json(
    { status: 401, message: 'Unauthorized' },
    { status: 401, headers: { [SESSION_HEADER]: 'ended' } },
  )

/**
 * The proxy as a test needs it: the session it holds now, the account's `/user`, a public
 * lookup and the greeting. Returns the paths asked, in order.
 */
function stubProxy(proxy: { session: unknown; me: () => Response }) {
  const paths: string[] = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = String(input)
    paths.push(path)
    if (path === '/auth/session') return Response.json(proxy.session)
    if (path === '/api/v2/user') return proxy.me()
    if (path === '/api/v2/hello') return Response.json({ data: { message: 'Hello alice' } })
    return Response.json({ data: userRecord(1002, 'bob') })
  })
  return paths
}

/** A tab in Node: its real BroadcastChannel (tab-channel.test.ts covers the storage fallback). */
const nodeTab: TabScope = {
  BroadcastChannel,
  localStorage: { setItem: () => undefined, removeItem: () => undefined },
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
}
const openOtherTab = (onEvent: (kind: TabEvent) => void) => openTabChannel(onEvent, nodeTab)

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  vi.unstubAllGlobals()
  apiStatusStore.resetForNewSession()
})

/** This tab (its cache kept in step) and another tab that only sends and hears events. */
function openTabs(): { client: QueryClient; other: TabChannel; heard: TabEvent[] } {
  const client = createQueryClient()
  cleanups.push(keepTabsInStep(client, nodeTab))
  const heard: TabEvent[] = []
  const other = openOtherTab((kind) => heard.push(kind))
  cleanups.push(() => other.close())
  return { client, other, heard }
}

/** Keeps a query on screen, as a mounted component does (only those are refetched). */
function keepShown(observer: { subscribe: (listener: () => void) => () => void }) {
  cleanups.push(observer.subscribe(() => undefined))
}

const loginShown = (client: QueryClient) =>
  client.getQueryData(userQueries.me().queryKey)?.data.login

it('a Disconnect in another tab shows this one disconnected and drops the account, not public lookups', async () => {
  const proxy = {
    session: connected('repo:read') as unknown,
    me: () => Response.json({ data: userRecord(1001, 'alice') }),
  }
  const paths = stubProxy(proxy)
  const { client, other } = openTabs()
  keepShown(new QueryObserver(client, sessionQueries.current()))
  await client.fetchQuery(userQueries.me())
  await client.fetchQuery(helloQueries.greeting())
  await client.fetchQuery(userQueries.byLogin('bob'))
  const bob = client.getQueryData(userQueries.byLogin('bob').queryKey)
  expect(loginShown(client)).toBe('alice')

  proxy.session = { connected: false }
  const before = paths.length
  other.post('disconnected')

  await vi.waitFor(() =>
    expect(client.getQueryData(sessionQueries.current().queryKey)).toEqual({ connected: false }),
  )
  expect(client.getQueryData(userQueries.me().queryKey)).toBeUndefined()
  expect(client.getQueryData(helloQueries.greeting().queryKey)).toBeUndefined()
  expect(client.getQueryData(userQueries.byLogin('bob').queryKey)).toBe(bob)
  // Confirmed with the proxy, not only assumed; and nothing of the account asked again.
  await vi.waitFor(() => expect(paths.slice(before)).toEqual(['/auth/session']))
  expect(apiStatusStore.getSnapshot().sessionEndedAt).toBeNull()
})

it('a session ended in another tab says so here too', async () => {
  stubProxy({
    session: { connected: false },
    me: () => Response.json({ data: userRecord(1001, 'alice') }),
  })
  const { client, other } = openTabs()
  client.setQueryData(sessionQueries.current().queryKey, connected('doc'))
  await client.fetchQuery(userQueries.me())

  other.post('session-ended')

  await vi.waitFor(() => expect(apiStatusStore.getSnapshot().sessionEndedAt).not.toBeNull())
  expect(client.getQueryData(sessionQueries.current().queryKey)).toEqual({ connected: false })
  expect(client.getQueryData(userQueries.me().queryKey)).toBeUndefined()
})

it('a login or a grant in another tab reads the new session and asks again for the account on screen', async () => {
  let account = userRecord(1001, 'alice')
  const proxy = {
    session: connected('repo:read') as unknown,
    me: () => Response.json({ data: account }),
  }
  const paths = stubProxy(proxy)
  const { client, other } = openTabs()
  keepShown(new QueryObserver(client, sessionQueries.current()))
  keepShown(new QueryObserver(client, userQueries.me()))
  await vi.waitFor(() => expect(loginShown(client)).toBe('alice'))

  // The other tab's exchange replaced the session cookie: another account, another scope.
  proxy.session = connected('doc')
  account = userRecord(1002, 'bob')
  other.post('connected')

  await vi.waitFor(() =>
    expect(client.getQueryData(sessionQueries.current().queryKey)).toEqual(connected('doc')),
  )
  await vi.waitFor(() => expect(loginShown(client)).toBe('bob'))
  expect(paths.filter((path) => path === '/api/v2/user')).toHaveLength(2)
})

it('tells the other tabs once when the proxy reports the session ended, however many queries it refused', async () => {
  stubProxy({ session: { connected: false }, me: sessionEnded })
  const { client, heard } = openTabs()
  client.setQueryData(sessionQueries.current().queryKey, connected('doc'))

  await client.fetchQuery(userQueries.me()).catch(() => undefined)
  await client.fetchQuery(userQueries.me()).catch(() => undefined)

  await vi.waitFor(() => expect(heard).toEqual(['session-ended']))
  // This tab connects again, and that session ends too: a new end, told again.
  announceToOtherTabs('connected')
  await client.fetchQuery(userQueries.me()).catch(() => undefined)
  await vi.waitFor(() => expect(heard).toEqual(['session-ended', 'connected', 'session-ended']))
})

it('announces nothing before the channel is open, and nothing once it is closed', async () => {
  const heard: TabEvent[] = []
  const other = openOtherTab((kind) => heard.push(kind))
  cleanups.push(() => other.close())
  announceToOtherTabs('disconnected')
  const close = keepTabsInStep(createQueryClient(), nodeTab)
  close()
  announceToOtherTabs('connected')

  // Node delivers in posting order within one process: had the two above been sent, they came first.
  const probe = openOtherTab(() => undefined)
  cleanups.push(() => probe.close())
  probe.post('session-ended')
  await vi.waitFor(() => expect(heard).toEqual(['session-ended']))
})
