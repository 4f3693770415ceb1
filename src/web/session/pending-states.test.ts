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

  it.each([
    ['a list that is not', { pending: ['s1'], used: 'x' }],
    ['a state that is not a string', { pending: ['s1', 2], used: [] }],
    ['more states than any version keeps', { pending: ['s1', ...Array(100).fill('x')], used: [] }],
    ['requests that are not a list', { pending: ['s1'], used: [], requests: {} }],
    [
      'a request without its state',
      { pending: ['s1'], used: [], requests: [{ scopes: [], returnTo: null }] },
    ],
    [
      'a request whose scopes are not strings',
      { pending: ['s1'], used: [], requests: [{ state: 's1', scopes: [1], returnTo: null }] },
    ],
    [
      'a request with too many scopes',
      {
        pending: ['s1'],
        used: [],
        requests: [{ state: 's1', scopes: Array(33).fill('doc'), returnTo: null }],
      },
    ],
    [
      'a return path that is not a string',
      { pending: ['s1'], used: [], requests: [{ state: 's1', scopes: [], returnTo: 7 }] },
    ],
    ['an array at the top', [['s1']]],
    ['null', null],
  ])('reads storage holding %s as empty', (_what, stored) => {
    const storage = memoryStorage()
    storage.map.set('yuque-oauth-playground.states', JSON.stringify(stored))
    const states = createPendingStates(() => storage)
    expect(states.status('s1')).toBe('unknown')
    expect(states.requestOf('s1')).toBeNull()
    expect(states.claim('s1')).toBe('unknown')
  })

  it('reads what an earlier version wrote without requests', () => {
    const storage = memoryStorage()
    storage.map.set('yuque-oauth-playground.states', '{"pending":["s1"],"used":["s0"]}')
    const states = createPendingStates(() => storage)
    expect(states.status('s0')).toBe('used')
    expect(states.claim('s1')).toBe('claimed')
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
