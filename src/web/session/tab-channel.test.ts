import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  TAB_CHANNEL_NAME,
  TAB_STORAGE_KEY,
  openTabChannel,
  type TabChannel,
  type TabEvent,
  type TabScope,
  type TabStorageListener as StorageListener,
} from './tab-channel'

/**
 * The storage side of one origin as a browser keeps it (HTML §12.2.1): one localStorage for
 * every tab, and each write fires `storage` in the other tabs, never in the writer. Node has no
 * localStorage; the BroadcastChannel tests use Node's real one.
 */
function createOrigin() {
  const items = new Map<string, string>()
  const listeners = new Map<object, Set<StorageListener>>()
  const writes: string[] = []
  const notifyOthers = (writer: object, key: string, newValue: string | null) => {
    for (const [tab, tabListeners] of listeners) {
      if (tab !== writer) for (const listener of tabListeners) listener({ key, newValue })
    }
  }
  const openTab = (options: { hasBroadcastChannel: boolean }): TabScope => {
    const own = new Set<StorageListener>()
    const tab: TabScope = {
      BroadcastChannel: options.hasBroadcastChannel ? BroadcastChannel : undefined,
      localStorage: {
        setItem(key, value) {
          items.set(key, value)
          writes.push(value)
          notifyOthers(tab, key, value)
        },
        removeItem(key) {
          items.delete(key)
          notifyOthers(tab, key, null)
        },
      },
      addEventListener: (_type, listener) => own.add(listener),
      removeEventListener: (_type, listener) => own.delete(listener),
    }
    listeners.set(tab, own)
    return tab
  }
  return { items, writes, openTab }
}

/** A tab's channel with the events it heard. */
function listen(scope: TabScope) {
  const heard: TabEvent[] = []
  const channel = openTabChannel((kind) => heard.push(kind), scope)
  opened.push(channel)
  return { channel, heard }
}

const opened: TabChannel[] = []
const raw: BroadcastChannel[] = []
afterEach(() => {
  for (const channel of opened.splice(0)) channel.close()
  for (const channel of raw.splice(0)) channel.close()
})

/** Another program of the origin on the same channel name, speaking raw messages. */
function rawChannel(): { channel: BroadcastChannel; received: unknown[] } {
  const channel = new BroadcastChannel(TAB_CHANNEL_NAME)
  raw.push(channel)
  const received: unknown[] = []
  channel.onmessage = (event: MessageEvent<unknown>) => received.push(event.data)
  return { channel, received }
}

describe('over BroadcastChannel', () => {
  it('is the transport where the browser has BroadcastChannel', () => {
    const origin = createOrigin()
    expect(listen(origin.openTab({ hasBroadcastChannel: true })).channel.transport).toBe(
      'broadcast-channel',
    )
  })

  it('tells every other tab the event and not the tab that sent it', async () => {
    const origin = createOrigin()
    const sender = listen(origin.openTab({ hasBroadcastChannel: true }))
    const first = listen(origin.openTab({ hasBroadcastChannel: true }))
    const second = listen(origin.openTab({ hasBroadcastChannel: true }))

    sender.channel.post('disconnected')

    await vi.waitFor(() => expect(second.heard).toEqual(['disconnected']))
    await vi.waitFor(() => expect(first.heard).toEqual(['disconnected']))
    expect(sender.heard).toEqual([])
  })

  it('sends only the kind and a nonce, and ignores its own message played back by someone else', async () => {
    const origin = createOrigin()
    const sender = listen(origin.openTab({ hasBroadcastChannel: true }))
    const other = listen(origin.openTab({ hasBroadcastChannel: true }))
    const observer = rawChannel()

    sender.channel.post('session-ended')
    await vi.waitFor(() => expect(observer.received).toHaveLength(1))
    const [message] = observer.received
    expect(message).toEqual({
      kind: 'session-ended',
      from: expect.stringMatching(/^[0-9a-f]{32}$/),
    })

    // The very message, sent again from a third party: the sender knows its nonce.
    observer.channel.postMessage(message)
    await vi.waitFor(() => expect(other.heard).toEqual(['session-ended', 'session-ended']))
    expect(sender.heard).toEqual([])
  })

  it('ignores messages it does not know, without throwing, and still hears the next real one', async () => {
    const origin = createOrigin()
    const tab = listen(origin.openTab({ hasBroadcastChannel: true }))
    const stranger = rawChannel()

    for (const message of [
      'disconnected',
      null,
      42,
      { kind: 'logged-in-as-alice', from: 'x' },
      { kind: 'connected' },
      { kind: 'connected', from: 7 },
      ['connected', 'x'],
    ]) {
      stranger.channel.postMessage(message)
    }
    stranger.channel.postMessage({ kind: 'connected', from: 'a-newer-tab' })

    await vi.waitFor(() => expect(tab.heard).toEqual(['connected']))
  })
})

describe('over the storage event, where BroadcastChannel is missing', () => {
  it('is the transport without BroadcastChannel', () => {
    const origin = createOrigin()
    expect(listen(origin.openTab({ hasBroadcastChannel: false })).channel.transport).toBe('storage')
  })

  it('tells every other tab the event, not the sender, and leaves nothing in storage', () => {
    const origin = createOrigin()
    const sender = listen(origin.openTab({ hasBroadcastChannel: false }))
    const first = listen(origin.openTab({ hasBroadcastChannel: false }))
    const second = listen(origin.openTab({ hasBroadcastChannel: false }))

    sender.channel.post('connected')
    sender.channel.post('disconnected')

    expect(first.heard).toEqual(['connected', 'disconnected'])
    expect(second.heard).toEqual(['connected', 'disconnected'])
    expect(sender.heard).toEqual([])
    expect([...origin.items.keys()]).toEqual([])
    // Only the kind and the nonce were ever written.
    for (const written of origin.writes) {
      expect(JSON.parse(written)).toEqual({
        kind: expect.any(String),
        from: expect.stringMatching(/^[0-9a-f]{32}$/),
      })
    }
  })

  it('ignores its own message written back by another tab, and values it does not know', () => {
    const origin = createOrigin()
    const sender = listen(origin.openTab({ hasBroadcastChannel: false }))
    const other = listen(origin.openTab({ hasBroadcastChannel: false }))
    const stranger = origin.openTab({ hasBroadcastChannel: false })

    sender.channel.post('session-ended')
    const [ownMessage = ''] = origin.writes
    for (const value of [ownMessage, 'not json', '{"kind":"connected"}', '"connected"', 'null']) {
      stranger.localStorage.setItem(TAB_STORAGE_KEY, value)
    }
    stranger.localStorage.setItem('another-key', JSON.stringify({ kind: 'connected', from: 'x' }))

    expect(sender.heard).toEqual([])
    // The first is the sender's own post; the second the same message written back.
    expect(other.heard).toEqual(['session-ended', 'session-ended'])
  })

  it('does not throw when storage refuses the write, and stops listening once closed', () => {
    const origin = createOrigin()
    const refusing: TabScope = {
      ...origin.openTab({ hasBroadcastChannel: false }),
      localStorage: {
        setItem: () => {
          throw new DOMException('quota exceeded', 'QuotaExceededError')
        },
        removeItem: () => undefined,
      },
    }
    const other = listen(origin.openTab({ hasBroadcastChannel: false }))
    expect(() => listen(refusing).channel.post('disconnected')).not.toThrow()

    other.channel.close()
    listen(origin.openTab({ hasBroadcastChannel: false })).channel.post('connected')
    expect(other.heard).toEqual([])
  })
})
