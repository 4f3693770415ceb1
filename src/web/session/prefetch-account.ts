import type { QueryClient } from '@tanstack/react-query'
import { prefetchCurrentUser } from './prefetch-current-user'

/**
 * Started as the app boots (main.tsx), before any page's code has arrived: when this
 * browser is hinted to be connected, the account's profile that the header (and the profile
 * page) show, beside the session's read. Both requests leave together; without this the profile
 * waited for the session's answer and then for the page's chunk (bench/run.ts). Fresh data is not
 * fetched again (the factories' staleTime), and a disconnected browser asks for no account data
 * (no 401 in the console, nothing spent from the rate limit).
 *
 * The hint is the proxy's `pg_connected=1` cookie (docs/decisions/0006-connected-hint-cookie.md),
 * set and cleared with the HttpOnly session cookie; it says nothing else, and `/auth/session`
 * stays the truth.
 */
export function prefetchAccount(client: QueryClient): void {
  // The session's own read starts as the layout first renders (app-header.tsx). Not on a
  // callback (main.tsx): its exchange brings the profile (callback/finish-login.ts), and its
  // answer sets the hint cookie while the app boots, so asking here too would ask twice.
  if (!/(^|;\s*)(__Host-)?pg_connected=1(;|$)/.test(document.cookie)) return
  void prefetchCurrentUser(client)
}
