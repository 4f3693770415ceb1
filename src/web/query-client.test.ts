import { afterEach, describe, expect, it } from 'vitest'
import { SESSION_HEADER } from '../protocol/playground-common'
import { ApiError } from './lib/api-error'
import { apiStatusStore } from './lib/api-status-store'
import { createQueryClient } from './query-client'
import { sessionQueries } from './session/session-queries'

function refusal(status: number, headers: Record<string, string> = {}) {
  return new ApiError({
    kind: 'http',
    status,
    body: { status, message: status === 401 ? 'Unauthorized' : 'Forbidden' },
    headers: new Headers(headers),
    method: 'GET',
    path: '/api/v2/users/alice/repos',
    message: status === 401 ? 'Unauthorized' : 'Forbidden',
  })
}

const connected = {
  connected: true,
  scope: 'doc',
  requestedScope: 'doc',
  connectedAt: '2024-01-01T00:00:00Z',
}

/** A client whose session is connected (and stays so when re-read), after one failing query. */
async function afterFailure(error: ApiError) {
  const client = createQueryClient()
  client.setQueryData(sessionQueries.current().queryKey, connected)
  client.setQueryDefaults(sessionQueries.all(), { queryFn: () => connected, staleTime: Infinity })
  await client
    .fetchQuery({ queryKey: ['repos', 'user', 'alice'], queryFn: () => Promise.reject(error) })
    .catch(() => undefined)
  return client
}

afterEach(() => apiStatusStore.resetForNewSession())

describe('the query cache and a refused request', () => {
  it('ends the session and says so when the proxy reports an upstream 401 ended it', async () => {
    const client = await afterFailure(refusal(401, { [SESSION_HEADER]: 'ended' }))
    expect(client.getQueryData(sessionQueries.current().queryKey)).toEqual({ connected: false })
    expect(apiStatusStore.getSnapshot().sessionEndedAt).not.toBeNull()
  })

  it('keeps the session on a 403 for a missing scope', async () => {
    const client = await afterFailure(
      refusal(403, { 'X-Accepted-OAuth-Scopes': 'repo:read', 'X-OAuth-Scopes': 'doc' }),
    )
    expect(client.getQueryData(sessionQueries.current().queryKey)).toEqual(connected)
    expect(apiStatusStore.getSnapshot().sessionEndedAt).toBeNull()
  })
})
