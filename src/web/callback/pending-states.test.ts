import { describe, expect, it } from 'vitest'
import { createPendingStates } from './pending-states'

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  }
}

describe('pending states', () => {
  it('claims a remembered state once, then reports it used', () => {
    const storage = memoryStorage()
    const states = createPendingStates(() => storage)
    states.remember('s1')
    expect(states.status('s1')).toBe('pending')
    expect(states.claim('s1')).toBe('claimed')
    expect(states.claim('s1')).toBe('already-used')
    expect(states.status('s1')).toBe('used')
  })

  it('does not claim a state this tab never sent', () => {
    const states = createPendingStates(() => memoryStorage())
    expect(states.claim('forged')).toBe('unknown')
  })

  it('keeps several pending logins at once', () => {
    const storage = memoryStorage()
    const states = createPendingStates(() => storage)
    states.remember('a')
    states.remember('b')
    expect(states.claim('b')).toBe('claimed')
    expect(states.claim('a')).toBe('claimed')
  })

  it('does not see the states of another tab (another sessionStorage)', () => {
    createPendingStates(() => memoryStorage()).remember('a')
    expect(createPendingStates(() => memoryStorage()).claim('a')).toBe('unknown')
  })

  it('stores state values and what the login asked for, never a code or a token', () => {
    const storage = memoryStorage()
    createPendingStates(() => storage).remember('s1', { scopes: ['doc'], returnTo: '/me' })
    expect([...storage.map.values()].join()).toBe(
      '{"pending":["s1"],"used":[],"requests":[{"state":"s1","scopes":["doc"],"returnTo":"/me"}]}',
    )
  })

  it('treats corrupted storage as empty', () => {
    const storage = memoryStorage()
    storage.map.set('yuque-oauth-playground.states', '{not json')
    const states = createPendingStates(() => storage)
    expect(states.claim('s1')).toBe('unknown')
    storage.map.set('yuque-oauth-playground.states', '{"pending":"s1"}')
    expect(states.claim('s1')).toBe('unknown')
  })

  it('matches nothing when storage is unavailable', () => {
    const states = createPendingStates(() => null)
    states.remember('s1')
    expect(states.claim('s1')).toBe('unknown')
  })
})

describe('the login a state belongs to', () => {
  it('remembers what the login asked for, before and after its state is used', () => {
    const storage = memoryStorage()
    const states = createPendingStates(() => storage)
    states.remember('s1', { scopes: ['doc', 'repo:read'], returnTo: '/users' })
    expect(states.requestOf('s1')).toEqual({ scopes: ['doc', 'repo:read'], returnTo: '/users' })
    states.claim('s1')
    expect(states.requestOf('s1')).toEqual({ scopes: ['doc', 'repo:read'], returnTo: '/users' })
  })

  it('knows nothing of a state remembered without its request, or never sent', () => {
    const states = createPendingStates(() => memoryStorage())
    states.remember('s1')
    expect(states.requestOf('s1')).toBeNull()
    expect(states.requestOf('forged')).toBeNull()
    expect(states.requestOf(null)).toBeNull()
  })
})
