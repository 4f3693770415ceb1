/**
 * Every tab of the playground in step with the one session cookie they share: a Disconnect, a
 * login, an incremental grant or a token the service rejected in one tab shows in the others at
 * once, without a reload, and a tab that learns the account left drops what it had cached of it
 * (docs/security.md#i2). The messages go through tab-channel.ts and carry only the event's kind.
 *
 * main.tsx opens the channel (on a callback, before the router starts: the callback announces a
 * login as soon as its exchange is done); the pages where a session starts or ends call
 * announceToOtherTabs.
 */
import type { QueryClient } from '@tanstack/react-query'
import { ACCOUNT_KEY } from '../lib/account-key'
import { isApiError } from '../lib/api-error'
import { apiStatusStore } from '../lib/api-status-store'
import { sessionQueries } from './session-queries'
import { openTabChannel, type TabChannel, type TabEvent, type TabScope } from './tab-channel'

let channel: TabChannel | null = null
/** The last event this tab sent or heard: a burst of refused queries is one session end. */
let lastEvent: TabEvent | null = null

/** Tells the other tabs; a no-op until keepTabsInStep has run (unit tests, the static shell). */
export function announceToOtherTabs(kind: TabEvent): void {
  if (kind === 'session-ended' && lastEvent === 'session-ended') return
  lastEvent = kind
  channel?.post(kind)
}

/** Another tab logged in or granted more scopes: the session and the account's data are new. */
async function followLogin(client: QueryClient): Promise<void> {
  apiStatusStore.resetForNewSession()
  // A session read that left before the other tab's exchange would answer with the old cookie.
  await client.cancelQueries({ queryKey: sessionQueries.all() })
  await Promise.all([
    client.invalidateQueries({ queryKey: sessionQueries.all() }),
    // Reset, not removed: what is on screen asks again at once, and no data of a previous
    // account stays shown meanwhile (the other tab may have signed in as someone else).
    client.resetQueries({ queryKey: ACCOUNT_KEY }),
  ])
}

/** Another tab disconnected, or its request found the token rejected: the account is gone. */
async function followLogout(client: QueryClient, kind: TabEvent): Promise<void> {
  if (kind === 'session-ended') apiStatusStore.markSessionEnded()
  else apiStatusStore.resetForNewSession()
  // As the Disconnect button does (layout/connected.tsx): first unmount what shows the account,
  // so that dropping its data refetches none of it, then confirm with the proxy.
  client.setQueryData(sessionQueries.current().queryKey, { connected: false })
  client.removeQueries({ queryKey: ACCOUNT_KEY })
  if (kind === 'disconnected') {
    // The inspector's entries name the account (keep-timeline.ts): they go with it here too.
    void import('../lib/keep-timeline').then((timeline) => timeline.clearTimeline())
  }
  await client.invalidateQueries({ queryKey: sessionQueries.all() })
}

export function followOtherTab(client: QueryClient, kind: TabEvent): Promise<void> {
  lastEvent = kind
  return kind === 'connected' ? followLogin(client) : followLogout(client, kind)
}

/**
 * Opens the channel and tells the other tabs when a query of this one finds the session ended
 * (the proxy's `X-Playground-Session: ended`, which query-client.ts handles in this tab).
 * Returns the function that closes it.
 */
export function keepTabsInStep(client: QueryClient, scope?: TabScope): () => void {
  const opened = openTabChannel((kind) => void followOtherTab(client, kind), scope)
  channel = opened
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return
    const { error } = event.action
    if (isApiError(error) && error.isSessionEnded) announceToOtherTabs('session-ended')
  })
  return () => {
    unsubscribe()
    opened.close()
    if (channel === opened) channel = null
    lastEvent = null
  }
}
