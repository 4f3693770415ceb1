/**
 * Whether the service (or the playground server) is down right now, read from the query cache:
 * a query whose latest attempt found nobody answering (retry-policy.ts's isUnreachable). Cached
 * data shown meanwhile is marked "may be out of date" (the status bar here; the panels with
 * `<StaleMark />` beside data they show from the cache).
 */
import { useCallback, useSyncExternalStore } from 'react'
import { useQueryClient, type Query } from '@tanstack/react-query'
import { useMessages } from '../i18n/use-messages'
import { commonMessages } from './messages'
import { isUnreachable } from './retry-policy'

type QueryState = Pick<Query['state'], 'error' | 'errorUpdatedAt' | 'dataUpdatedAt'>

/** Down when some query's last answer, newer than its data, was "nobody answered". */
export function isServiceDown(states: readonly QueryState[]): boolean {
  return states.some(
    (state) => isUnreachable(state.error) && state.errorUpdatedAt >= state.dataUpdatedAt,
  )
}

export function useServiceDown(): boolean {
  const cache = useQueryClient().getQueryCache()
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache])
  const read = useCallback(() => isServiceDown(cache.getAll().map((query) => query.state)), [cache])
  return useSyncExternalStore(subscribe, read, read)
}

/** "may be out of date", shown beside cached data while the service is down; nothing otherwise. */
export function StaleMark() {
  const m = useMessages('common', commonMessages)
  const isDown = useServiceDown()
  if (!isDown) return null
  return (
    <span className="chip chip-warning stale-mark" title={m.staleTitle}>
      {m.staleMark}
    </span>
  )
}
