/**
 * The flow inspector's recorder, in the first load because it must see every call from the
 * start (issue 5). Every answer of the proxy describes itself in its X-Playground-Trace header
 * (method, path, status, time, duration and the steps it took, redacted on the server); this
 * keeps that header, unparsed. Parsing, storing and showing are in chunks of their own
 * (keep-timeline.ts, the inspector): issue 7's bundle budget leaves the first load ~150 bytes.
 */
import { TRACE_HEADER } from '../../protocol/playground-common'

/** This page life's entries, oldest first: trace headers, and the callback page's state check. */
export const recorded: unknown[] = []

export function recordCall(response: Response): void {
  recorded.push(response.headers.get(TRACE_HEADER))
}
