/**
 * The timeline across page loads: once main.tsx has called keepTimelineAcrossLoads, when the
 * page goes away (the navigation to the authorize page, a reload), this page life's entries are
 * appended to the earlier ones in sessionStorage (this tab only), capped. Only redacted traces and the callback's
 * verdict are stored: never a token, a code or a secret.
 */
import { record, recorded } from './recorder'

export const TIMELINE_KEY = 'pg-inspector'
/** The most entries kept across page loads (about 1 kB each). */
export const TIMELINE_CAP = 150

export function readStoredTimeline(): unknown[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(TIMELINE_KEY) ?? '[]')
    return Array.isArray(stored) ? stored : []
  } catch {
    return []
  }
}

/**
 * Disconnecting leaves no account data in this tab (docs/security.md#i2, with Clear-Site-Data): the
 * entries name the account (its id in a path, its scopes), so they go with it, recorded or stored.
 */
export function clearTimeline(): void {
  record(null, true)
  try {
    sessionStorage.removeItem(TIMELINE_KEY)
  } catch {
    // Storage disabled: nothing was stored.
  }
}

export function writeStoredTimeline(entries: readonly unknown[]): void {
  try {
    sessionStorage.setItem(TIMELINE_KEY, JSON.stringify(entries.slice(-TIMELINE_CAP)))
  } catch {
    // Storage disabled or full: the timeline only lives as long as the page.
  }
}

/** The callback page's own check, which no proxy answer tells: recorded as it happened. */
export interface CallbackRecord {
  kind: 'callback'
  at: number
  /** What the address carried: a code, an error, or something malformed. */
  result: 'code' | 'error' | 'invalid'
  verdict: 'match' | 'missing' | 'unknown' | 'used'
  /** The service's `error` parameter, when it sent one. */
  error?: string
  /** The first characters of the state, to tell logins apart (it identifies, not authorises). */
  stateStart?: string
}

export function recordCallback(entry: CallbackRecord): void {
  record(entry)
}

let isKept = false

/** Installs the pagehide listener, once per page life; main.tsx calls it (importing does nothing). */
export function keepTimelineAcrossLoads(): void {
  if (isKept) return
  isKept = true
  addEventListener('pagehide', () => {
    writeStoredTimeline([...readStoredTimeline(), ...recorded])
    // Back from the back-forward cache, the same entries must not be stored twice.
    recorded.length = 0
  })
}
