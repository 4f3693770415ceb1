/**
 * Whether this device has a network connection, as the browser says: `navigator.onLine` and the
 * `online`/`offline` events of `window` (HTML §8.9.1.7). The layout's banner reads it
 * (layout/banners.tsx); the query client recovers on the same `online` event through TanStack
 * Query's onlineManager, which listens to those events by default (query-client.ts).
 *
 * `navigator.onLine` false means no connection at all; true only means "maybe": a request can
 * still fail, and the pages say so in their own notices.
 */
import { useSyncExternalStore } from 'react'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

function isOnline(): boolean {
  return navigator.onLine
}

/** On the server (the build renders pages' heads: scripts/page-heads/render.tsx): online. */
function isOnlineOnServer(): boolean {
  return true
}

/** True while the browser has a connection; re-renders on the `online` and `offline` events. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, isOnlineOnServer)
}
