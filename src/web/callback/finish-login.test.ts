import { QueryObserver, type QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiStatusStore } from '../lib/api-status-store'
import { recorded } from '../lib/recorder'
import { createQueryClient } from '../query-client'
import { listenToResponses } from '../response-listeners'
import { refreshAfterSessionChange } from '../session/account-cache'
import { createPendingStates } from '../session/pending-states'
import { sessionQueries } from '../session/session-queries'
import { openTabChannel, type TabEvent, type TabScope } from '../session/tab-channel'
import { keepTabsInStep } from '../session/tab-sync'
import { userQueries } from '../session/user-queries'
import type { EarlyExchange } from './early-exchange'
import { finishLogin, type CallbackReport, type FinishLoginDeps } from './finish-login'

const CALLBACK = { search: '?code=c1&state=s1', hash: '' }

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

/** The proxy's answer to the exchange, with the profile it asked for (prime-profile.ts). */
const exchanged = {
  scope: 'repo:read',
  requestedScope: 'repo:read',
  returnTo: '/users/bob',
  connectedAt: '2024-01-01T00:00:00.000Z',
  user: {
    headers: [
      ['X-RateLimit-Limit', '5000'],
      ['X-RateLimit-Remaining', '4321'],
    ],
    body: { data: alice },
  },
}

/** This tab's sessionStorage, in memory: a new page life of the tab shares it. */
function tabStorage() {
  const stored = new Map<string, string>()
  return createPendingStates(() => ({
    getItem: (key) => stored.get(key) ?? null,
    setItem: (key, value) => void stored.set(key, value),
  }))
}

/** The proxy: the exchange answers `exchange()`; the profile, asked for, is "asked". */
function stubProxy(exchange: () => Response | Promise<Response> = () => Response.json(exchanged)) {
  const paths: string[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input)
    paths.push(path)
    if (path === '/auth/exchange') return exchange()
    if (path === '/api/v2/user') return Response.json({ data: { ...alice, name: 'asked' } })
    return Response.json({ connected: false })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { paths, count: (path: string) => paths.filter((asked) => asked === path).length }
}

/** One page life of the tab: its own cache, the storage it shares with the tab's others. */
function pageLife(states: ReturnType<typeof tabStorage>, deps: Partial<FinishLoginDeps> = {}) {
  const client = createQueryClient()
  const login = finishLogin(CALLBACK, {
    client,
    tabsInStep: Promise.resolve(),
    early: null,
    states,
    ...deps,
  })
  return { client, login }
}

const landedAt = (result: Response | CallbackReport) =>
  result instanceof Response ? result.headers.get('Location') : null

const profileShown = (client: QueryClient) =>
  client.getQueryData(userQueries.me().queryKey)?.data.name

let stopListening: () => void = () => undefined
beforeEach(() => {
  stopListening = listenToResponses()
})
afterEach(() => {
  stopListening()
  vi.unstubAllGlobals()
  apiStatusStore.resetForNewSession()
})

describe('finishLogin: the exchange happens at most once per state in this tab', () => {
  it('marks the state used before the request starts', async () => {
    const states = tabStorage()
    states.remember('s1')
    let statusWhenSent: string | null = null
    stubProxy(() => {
      statusWhenSent = states.status('s1')
      return Response.json(exchanged)
    })
    const { login } = pageLife(states)
    await login.land()
    expect(statusWhenSent).toBe('used')
  })

  it('makes one exchange however often the route’s loader asks', async () => {
    const states = tabStorage()
    states.remember('s1')
    const proxy = stubProxy()
    const { login } = pageLife(states)
    const [first, second] = await Promise.all([login.land(), login.land()])
    expect(landedAt(first)).toBe('/users/bob')
    expect(landedAt(second)).toBe('/users/bob')
    expect(proxy.count('/auth/exchange')).toBe(1)
  })

  it('refuses a used state in a later page life (reload, back button)', async () => {
    const states = tabStorage()
    states.remember('s1')
    const proxy = stubProxy()
    await pageLife(states).login.land()
    const reloaded = await pageLife(states).login.land()
    expect(reloaded).toEqual({
      params: { kind: 'code', code: 'c1', state: 's1' },
      verdict: 'used',
      failure: null,
      retryHref: '/',
    })
    expect(proxy.count('/auth/exchange')).toBe(1)
  })

  it('never exchanges a state this tab did not send', async () => {
    const proxy = stubProxy()
    const result = await pageLife(tabStorage()).login.land()
    expect(result).toMatchObject({ verdict: 'unknown', failure: null })
    expect(proxy.paths).toEqual([])
  })

  it('does not retry a failed exchange', async () => {
    const states = tabStorage()
    states.remember('s1', { scopes: ['repo:read'], returnTo: '/users/bob' })
    const proxy = stubProxy(() =>
      Response.json(
        { error: 'exchange_failed', message: 'invalid_grant' },
        { status: 400, headers: { 'X-Playground-Error': 'exchange_failed' } },
      ),
    )
    const { client, login } = pageLife(states)
    const first = await login.land()
    const again = await login.land()
    expect(first).toMatchObject({ verdict: 'match', failure: { error: { status: 400 } } })
    expect(again).toMatchObject({ verdict: 'match', failure: { error: { status: 400 } } })
    expect(proxy.count('/auth/exchange')).toBe(1)
    expect(client.getQueryData(sessionQueries.current().queryKey)).toBeUndefined()
    // The page says why, and "Start again" asks for what this login asked for (landing-path.ts).
    expect(first).toMatchObject({ retryHref: '/?returnTo=%2Fusers%2Fbob&scope=repo%3Aread' })
  })

  it('spends the state of an error the service sent, and sends nothing', async () => {
    const states = tabStorage()
    states.remember('s1')
    const proxy = stubProxy()
    const declined = finishLogin(
      { search: '?error=access_denied&state=s1', hash: '' },
      { client: createQueryClient(), tabsInStep: Promise.resolve(), early: null, states },
    )
    expect(await declined.land()).toMatchObject({ params: { kind: 'error' }, verdict: 'match' })
    expect(states.status('s1')).toBe('used')
    // A code that comes with the same state, in another page life, is refused.
    expect(await pageLife(states).login.land()).toMatchObject({ verdict: 'used' })
    expect(proxy.paths).toEqual([])
  })

  it('notes the check in the flow inspector before the exchange leaves, once', async () => {
    const states = tabStorage()
    states.remember('s1')
    const before = recorded.length
    let notedWhenSent: unknown[] = []
    stubProxy(() => {
      notedWhenSent = recorded.slice(before)
      return Response.json(exchanged)
    })
    const { login } = pageLife(states)
    await Promise.all([login.land(), login.land()])
    const noted = [{ kind: 'callback', result: 'code', verdict: 'match', stateStart: 's1' }]
    expect(notedWhenSent).toMatchObject(noted)
    expect(recorded.slice(before)).toMatchObject(noted)
    expect(JSON.stringify(recorded.slice(before))).not.toContain('c1')
  })
})

describe('finishLogin hands a return of the flow lab over first (lab-hand-over.ts)', () => {
  it('with the lab’s run cookie: goes to the lab’s callback page, and claims, records and sends nothing', async () => {
    const states = tabStorage()
    states.remember('s1')
    const proxy = stubProxy()
    const before = recorded.length
    const replaced: string[] = []
    const handOver = (address: { search: string }) => {
      replaced.push(`/lab/callback${address.search}`)
      return true
    }
    const { login } = pageLife(states, { handOver })
    expect(replaced).toEqual(['/lab/callback?code=c1&state=s1'])
    // The route keeps its loading line until the page has gone: land() never settles.
    const settled = await Promise.race([
      login.land().then(() => 'landed'),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 20)),
    ])
    expect(settled).toBe('pending')
    expect(states.status('s1')).toBe('pending')
    expect(recorded.length).toBe(before)
    expect(proxy.paths).toEqual([])
  })

  it('without it: the login’s return, as before', async () => {
    const states = tabStorage()
    states.remember('s1')
    const proxy = stubProxy()
    const { login } = pageLife(states, { handOver: () => false })
    expect(landedAt(await login.land())).toBe('/users/bob')
    expect(proxy.count('/auth/exchange')).toBe(1)
  })
})

describe('finishLogin takes the early script’s request (early-exchange.ts)', () => {
  /** What the early script leaves: the state it claimed, and the answer on its way. */
  function sentEarly(states: ReturnType<typeof tabStorage>, code = 'c1'): EarlyExchange {
    states.remember('s1')
    expect(states.claim('s1')).toBe('claimed')
    return { code, state: 's1', answer: Promise.resolve(Response.json(exchanged)) }
  }

  it('as this page life’s own: it claims nothing more and sends nothing more', async () => {
    const states = tabStorage()
    const proxy = stubProxy()
    const { client, login } = pageLife(states, { early: sentEarly(states) })
    expect(landedAt(await login.land())).toBe('/users/bob')
    expect(proxy.paths).toEqual([])
    expect(client.getQueryData(sessionQueries.current().queryKey)).toMatchObject({
      connected: true,
      scope: 'repo:read',
    })
  })

  it('only for exactly the request it sent', async () => {
    const states = tabStorage()
    const proxy = stubProxy()
    const { login } = pageLife(states, { early: sentEarly(states, 'another code') })
    expect(await login.land()).toMatchObject({ verdict: 'used', failure: null })
    expect(proxy.paths).toEqual([])
  })
})

describe('finishLogin puts the answer in the cache', () => {
  it('the profile it carried, under the profile’s own key: no request for it leaves, and the rate limit it carried is shown', async () => {
    const states = tabStorage()
    states.remember('s1')
    const proxy = stubProxy()
    const { client, login } = pageLife(states)
    await login.land()
    expect(profileShown(client)).toBe('Alice Chen')
    expect(client.getQueryData(userQueries.me().queryKey)?.meta.status).toBe(200)
    expect(proxy.count('/api/v2/user')).toBe(0)
    expect(apiStatusStore.getSnapshot().rateLimit).toMatchObject({ limit: 5000, remaining: 4321 })
  })

  it('once: the next read of the profile asks the proxy', async () => {
    const states = tabStorage()
    states.remember('s1')
    const proxy = stubProxy()
    const { client, login } = pageLife(states)
    await login.land()
    // Shown, as the header shows it: fresh, it is not asked for again until it is refetched.
    const shown = new QueryObserver(client, userQueries.me())
    const unsubscribe = shown.subscribe(() => undefined)
    expect(proxy.count('/api/v2/user')).toBe(0)
    await shown.refetch()
    unsubscribe()
    expect(proxy.count('/api/v2/user')).toBe(1)
    expect(profileShown(client)).toBe('asked')
  })

  it('never for another session: a session change drops it', async () => {
    const states = tabStorage()
    states.remember('s1')
    const proxy = stubProxy()
    const { client, login } = pageLife(states)
    await login.land()
    // Before the profile was shown, another tab logged out (tab-sync.ts).
    await refreshAfterSessionChange(client)
    await client.fetchQuery(userQueries.me())
    expect(proxy.count('/api/v2/user')).toBe(1)
    expect(profileShown(client)).toBe('asked')
  })

  it.each([
    ['carried none', undefined],
    ['carried something that is no user', { headers: [], body: { data: { id: 'x' } } }],
  ])('asks for the profile itself when the answer %s', async (_case, user) => {
    const states = tabStorage()
    states.remember('s1')
    const proxy = stubProxy(() => Response.json({ ...exchanged, user }))
    const { client, login } = pageLife(states)
    await login.land()
    await vi.waitFor(() => expect(profileShown(client)).toBe('asked'))
    expect(proxy.count('/api/v2/user')).toBe(1)
  })
})

it('finishLogin tells the other tabs of the login once this tab’s channel is open, and only then lands', async () => {
  /** A tab in Node: its real BroadcastChannel (tab-channel.test.ts covers the fallback). */
  const nodeTab: TabScope = {
    BroadcastChannel,
    localStorage: { setItem: () => undefined, removeItem: () => undefined },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }
  const heard: TabEvent[] = []
  const other = openTabChannel((kind) => heard.push(kind), nodeTab)
  const states = tabStorage()
  states.remember('s1')
  stubProxy()
  const client = createQueryClient()
  let openChannel: () => void = () => undefined
  let closeChannel: () => void = () => undefined
  const tabsInStep = new Promise<void>((resolve) => {
    openChannel = () => {
      closeChannel = keepTabsInStep(client, nodeTab)
      resolve()
    }
  })
  try {
    const login = finishLogin(CALLBACK, { client, tabsInStep, early: null, states })
    let landed = false
    const landing = login.land().then((result) => {
      landed = true
      return result
    })
    await vi.waitFor(() =>
      expect(client.getQueryData(sessionQueries.current().queryKey)).toBeDefined(),
    )
    expect(landed).toBe(false)
    openChannel()
    expect(landedAt(await landing)).toBe('/users/bob')
    await vi.waitFor(() => expect(heard).toEqual(['connected']))
  } finally {
    closeChannel()
    other.close()
  }
})
