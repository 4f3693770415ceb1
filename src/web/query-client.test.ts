import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SESSION_HEADER } from '../protocol/playground-common'
import { apiStatusStore } from './lib/api-status-store'
import { createQueryClient } from './query-client'
import { listenToResponses } from './response-listeners'
import { sessionQueries } from './session/session-queries'
import { repoQueries } from './profile/user-list-queries'

const connected = {
  connected: true,
  scope: 'doc',
  requestedScope: 'doc',
  connectedAt: '2024-01-01T00:00:00Z',
} as const

/**
 * A connected client asks for alice's repositories and the proxy answers `response`; the
 * session, when re-read, is whatever the proxy says (here: still connected, so only the
 * cache's reaction to the refusal can end it).
 */
async function afterRefusal(status: number, headers: Record<string, string>) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
    String(input) === '/auth/session'
      ? Response.json(connected)
      : Response.json(
          { status, message: status === 401 ? 'Unauthorized' : 'Forbidden' },
          {
            status,
            headers,
          },
        ),
  )
  const client = createQueryClient()
  client.setQueryData(sessionQueries.current().queryKey, connected)
  await client.fetchQuery(repoQueries.byUser('alice')).catch(() => undefined)
  return client
}

// As main.tsx does: the status store hears every answer through the client's onResponse.
let stopListening: () => void = () => undefined
beforeAll(() => (stopListening = listenToResponses()))
afterAll(() => stopListening())

afterEach(() => {
  vi.unstubAllGlobals()
  apiStatusStore.resetForNewSession()
})

describe('the query cache and a refused request', () => {
  it('ends the session and says so when the proxy reports that an upstream 401 ended it', async () => {
    const client = await afterRefusal(401, { [SESSION_HEADER]: 'ended' })
    expect(client.getQueryData(sessionQueries.current().queryKey)).toEqual({ connected: false })
    expect(apiStatusStore.getSnapshot().sessionEndedAt).not.toBeNull()
  })

  it('keeps the session on a 403 for a missing scope, and records the token scopes it names', async () => {
    const client = await afterRefusal(403, {
      'X-Accepted-OAuth-Scopes': 'repo:read',
      'X-OAuth-Scopes': 'doc',
    })
    expect(client.getQueryData(sessionQueries.current().queryKey)).toEqual(connected)
    expect(apiStatusStore.getSnapshot()).toMatchObject({
      sessionEndedAt: null,
      grantedScopes: ['doc'],
    })
  })
})
