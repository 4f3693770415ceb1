/**
 * The playground's tabs tell each other that the session changed: a `BroadcastChannel` where the
 * browser has one, else the `storage` event of a localStorage key written and removed at once
 * (HTML §12.2.1: the other documents of the origin get the event, the writer does not).
 *
 * A message is the event's kind and the sending tab's nonce, nothing else: no token, no account,
 * no scope (docs/security.md#i2, and the rule that no token lives in browser storage). A tab
 * ignores its own nonce and anything it does not recognise (another version of the app, a stray
 * write).
 */
import { z } from 'zod/mini'

export const TAB_EVENTS = ['connected', 'disconnected', 'session-ended'] as const
/** `connected`: a login or an incremental grant; `session-ended`: the service rejected the token. */
export type TabEvent = (typeof TAB_EVENTS)[number]

export const TAB_CHANNEL_NAME = 'pg-session-events'
/** The fallback's key: holds one message for an instant, then is removed. */
export const TAB_STORAGE_KEY = 'pg-session-event'

const TabMessageSchema = z.object({ kind: z.enum(TAB_EVENTS), from: z.string() })

export type TabStorageListener = (event: Pick<StorageEvent, 'key' | 'newValue'>) => void

/** What the channel needs of `window`: injectable, so the tests can give each "tab" its own. */
export interface TabScope {
  BroadcastChannel?: typeof BroadcastChannel | undefined
  readonly localStorage: Pick<Storage, 'setItem' | 'removeItem'>
  addEventListener(type: 'storage', listener: TabStorageListener): void
  removeEventListener(type: 'storage', listener: TabStorageListener): void
}

export interface TabChannel {
  readonly transport: 'broadcast-channel' | 'storage'
  post(kind: TabEvent): void
  close(): void
}

/** 128 random bits: tells this tab's own messages from the others'. Not a secret. */
function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The kind of another tab's message, or null for our own and for anything unrecognised. */
function readMessage(data: unknown, ownNonce: string): TabEvent | null {
  const parsed = TabMessageSchema.safeParse(data)
  if (!parsed.success || parsed.data.from === ownNonce) return null
  return parsed.data.kind
}

function parseStored(value: string | null): unknown {
  if (value === null) return null
  try {
    return JSON.parse(value) as unknown
  } catch {
    return null
  }
}

export function openTabChannel(
  onEvent: (kind: TabEvent) => void,
  scope: TabScope = window,
): TabChannel {
  const nonce = createNonce()
  const Channel = scope.BroadcastChannel
  if (typeof Channel === 'function') {
    const channel = new Channel(TAB_CHANNEL_NAME)
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const kind = readMessage(event.data, nonce)
      if (kind !== null) onEvent(kind)
    }
    return {
      transport: 'broadcast-channel',
      post: (kind) => channel.postMessage({ kind, from: nonce }),
      close: () => channel.close(),
    }
  }

  const onStorage: TabStorageListener = (event) => {
    // The removal that follows every write fires an event too, with no new value: skipped.
    if (event.key !== TAB_STORAGE_KEY) return
    const kind = readMessage(parseStored(event.newValue), nonce)
    if (kind !== null) onEvent(kind)
  }
  scope.addEventListener('storage', onStorage)
  return {
    transport: 'storage',
    post: (kind) => {
      try {
        scope.localStorage.setItem(TAB_STORAGE_KEY, JSON.stringify({ kind, from: nonce }))
        scope.localStorage.removeItem(TAB_STORAGE_KEY)
      } catch {
        // Storage disabled or full: the other tabs catch up when focused (session-queries.ts).
      }
    },
    close: () => scope.removeEventListener('storage', onStorage),
  }
}
