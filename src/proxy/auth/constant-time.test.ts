/**
 * docs/security.md#a4: the proxy compares `state` in constant time. Timing cannot be measured
 * reliably in a unit test, so this proves the mechanism instead: node:crypto's timingSafeEqual is
 * replaced by a spy that still compares, and every comparison of equal-length states must go
 * through it. With `===` (or any early-exit loop) instead, the spy is never called and the
 * tests fail. Its own file, because the module mock applies to the whole file.
 */
import type * as NodeCrypto from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isStateEqual } from './oauth'

const spy = vi.hoisted(() => ({ calls: [] as [Buffer, Buffer][] }))

vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof NodeCrypto>()
  return {
    ...crypto,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      spy.calls.push([Buffer.from(a as Uint8Array), Buffer.from(b as Uint8Array)])
      return crypto.timingSafeEqual(a, b)
    },
  }
})

afterEach(() => {
  spy.calls.length = 0
})

describe('isStateEqual (docs/security.md#a4)', () => {
  const state = 'q3Yv8Tz0mW1fA9sLkR2uH7cXjN5bE4pD6gV0iO8aS1w'

  it('decides equal-length states with crypto.timingSafeEqual, never an early-exit comparison', () => {
    const other = `${state.slice(0, -1)}x`
    expect(isStateEqual(state, state)).toBe(true)
    expect(isStateEqual(state, other)).toBe(false)
    expect(spy.calls).toEqual([
      [Buffer.from(state), Buffer.from(state)],
      [Buffer.from(state), Buffer.from(other)],
    ])
  })

  it('checks lengths first: unequal lengths are false without calling it, and never throw', () => {
    expect(isStateEqual(state, `${state}x`)).toBe(false)
    expect(isStateEqual(state, '')).toBe(false)
    // Same number of characters, different number of bytes: still no throw.
    expect(isStateEqual('é', 'e')).toBe(false)
    expect(spy.calls).toEqual([])
  })
})
