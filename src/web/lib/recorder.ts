/**
 * The flow inspector's recorder, in the first load because it must see every call from the
 * start (the flow inspector). Every answer of the proxy describes itself in its X-Playground-Trace header
 * (method, path, status, time, duration and the steps it took, redacted on the server); this
 * keeps that header, unparsed. Parsing, storing and showing are in chunks of their own
 * (keep-timeline.ts, the inspector): the first-load budget (bench/bundle-budget.test.ts) leaves the first load ~150 bytes.
 */
import { TRACE_HEADER } from '../../protocol/playground-common'

/** This page life's entries, oldest first: trace headers, and the callback page's state check. */
export const recorded: unknown[] = []
const listeners = new Set<() => void>()

/** For useSyncExternalStore: the open inspector re-renders when an entry comes or all go. */
export function subscribeToRecorder(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function record(entry: unknown, isReset?: boolean): void {
  if (isReset) recorded.length = 0
  else recorded.push(entry)
  for (const listener of listeners) listener()
}

/**
 * An answer without the header (the proxy may leave it out while no inspector is open,
 * open-state.ts) is no entry: it would count as unreadable.
 */
export function recordCall(response: Response): void {
  const trace = response.headers.get(TRACE_HEADER)
  if (trace !== null) record(trace)
}
