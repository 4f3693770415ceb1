import { describe, expect, it } from 'vitest'
import { createMemoryStore } from './memory-store'

function clocked() {
  let now = 1_000_000
  const store = createMemoryStore({ clock: () => now, sweepEvery: 10 })
  return { store, advance: (ms: number) => (now += ms) }
}

describe('the in-memory store', () => {
  it('forgets an entry when its time to live has passed, not before', async () => {
    const { store, advance } = clocked()
    await store.set('k', 'v', 1000)
    advance(999)
    expect(await store.get('k')).toBe('v')
    advance(1)
    expect(await store.get('k')).toBeNull()
  })

  it('sets a key only once while it lives', async () => {
    const { store, advance } = clocked()
    expect(await store.setIfAbsent('lock', '1', 500)).toBe(true)
    expect(await store.setIfAbsent('lock', '2', 500)).toBe(false)
    advance(500)
    expect(await store.setIfAbsent('lock', '3', 500)).toBe(true)
    expect(await store.get('lock')).toBe('3')
  })

  it('counts in a fixed window that later increments do not extend', async () => {
    const { store, advance } = clocked()
    expect(await store.increment('n', 1000)).toBe(1)
    advance(600)
    expect(await store.increment('n', 1000)).toBe(2)
    advance(400)
    expect(await store.increment('n', 1000)).toBe(1)
  })

  it('sweeps expired entries, so memory is bounded by what is live', async () => {
    const { store, advance } = clocked()
    for (let i = 0; i < 100; i++) await store.set(`old-${i}`, 'x', 100)
    advance(100)
    for (let i = 0; i < 10; i++) await store.set(`new-${i}`, 'x', 100)
    expect(store.size).toBe(10)
  })
})
