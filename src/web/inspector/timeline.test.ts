import { describe, expect, it } from 'vitest'
import { encodeTraceHeader, type ProxyTrace, type TraceStep } from '../../protocol/trace'
import { inspectorMessages } from './messages'
import { inspectorMessagesZh } from './messages.zh'
import {
  AUTHORIZATION_CODE_STEPS,
  CLIENT_CODE_STEPS,
  groupByConnection,
  parseTimeline,
  progressOf,
} from './timeline'

let clock = 1_000
function call(method: string, path: string, status = 200, steps: TraceStep[] = []): string {
  clock += 10
  const trace: ProxyTrace = {
    v: 1,
    call: { method, path, status, at: clock, durationMs: 3 },
    steps,
  }
  return encodeTraceHeader(trace)
}
const step = (kind: TraceStep['kind'], outcome: TraceStep['outcome']): TraceStep => ({
  kind,
  title: kind,
  outcome,
  notes: [],
})
const callback = (verdict: string, result = 'code') => ({
  kind: 'callback',
  at: (clock += 10),
  result,
  verdict,
})

const login = () => [
  call('GET', '/auth/session'),
  call('POST', '/auth/start', 200, [step('authorize', 'info')]),
  callback('match'),
  call('POST', '/auth/exchange', 200, [step('state-check', 'passed'), step('exchange', 'passed')]),
  call('GET', '/api/v2/user', 200, [step('api', 'passed')]),
]

describe('parseTimeline', () => {
  it('reads trace headers and callback records, and leaves out anything else', () => {
    const { entries, skipped } = parseTimeline([
      ...login(),
      null,
      '{not json',
      { kind: 'callback', verdict: 'teleported' },
      42,
    ])
    expect(entries.map((entry) => entry.kind)).toEqual(['call', 'call', 'callback', 'call', 'call'])
    expect(skipped).toBe(4)
  })
})

describe('groupByConnection', () => {
  it('starts a connection at each start of a login, and keeps earlier calls apart', () => {
    const { entries } = parseTimeline([...login(), call('POST', '/auth/logout'), ...login()])
    const groups = groupByConnection(entries)
    expect(groups.map((group) => [group.flow, group.entries.length])).toEqual([
      [null, 1],
      ['authorization-code', 6],
      ['authorization-code', 4],
    ])
  })

  it('tells the client-code flow apart', () => {
    const { entries } = parseTimeline([
      call('POST', '/auth/client-code/start', 200, [step('sign', 'info')]),
    ])
    expect(groupByConnection(entries)[0]?.flow).toBe('client-code')
  })
})

const progress = (raw: unknown[]) => {
  const groups = groupByConnection(parseTimeline(raw).entries)
  const { steps, states, current } = progressOf(groups.at(-1))
  return { current: steps[current]?.id, states: states.join(' ') }
}

describe('progressOf', () => {
  it('follows the login step by step, highlighting the next one', () => {
    const [session, start, back, exchange, api] = login()
    expect(progress([session, start])).toEqual({
      current: 'authorize',
      states: 'done current upcoming upcoming upcoming upcoming upcoming upcoming',
    })
    expect(progress([start, back]).current).toBe('exchange')
    expect(progress([start, back, exchange]).current).toBe('api')
    expect(progress([start, back, exchange, api])).toEqual({
      current: 'api',
      states: 'done done done done done done done current',
    })
  })

  it('stops at a failed state check, in the tab or at the proxy', () => {
    const [, start] = login()
    expect(progress([start, callback('unknown')])).toEqual({
      current: 'state',
      states: 'done done done failed upcoming upcoming upcoming upcoming',
    })
    const refused = call('POST', '/auth/exchange', 400, [step('state-check', 'failed')])
    expect(progress([start, callback('match'), refused]).current).toBe('state')
  })

  it('marks a denied consent at the redirect', () => {
    const [, start] = login()
    expect(progress([start, callback('match', 'error')]).states).toBe(
      'done done failed upcoming upcoming upcoming upcoming upcoming',
    )
  })

  it('follows the client-code flow through its polls', () => {
    const start = call('POST', '/auth/client-code/start', 200, [step('sign', 'info')])
    const pending = call('POST', '/auth/client-code/poll', 200, [step('poll', 'pending')])
    const approved = call('POST', '/auth/client-code/poll', 200, [step('poll', 'passed')])
    expect(progress([start]).current).toBe('authorize')
    expect(progress([start, pending, pending]).current).toBe('poll')
    expect(progress([start, pending, approved]).current).toBe('api')
  })

  it('names the flow it draws, the authorization code one before any connection', () => {
    const start = call('POST', '/auth/client-code/start', 200, [step('sign', 'info')])
    expect(progressOf(groupByConnection(parseTimeline([start]).entries)[0]).flow).toBe(
      'client-code',
    )
    expect(progressOf(undefined).flow).toBe('authorization-code')
  })

  it('has a label for every arrow of both diagrams in both languages', () => {
    for (const [flow, steps] of [
      ['authorization-code', AUTHORIZATION_CODE_STEPS],
      ['client-code', CLIENT_CODE_STEPS],
    ] as const) {
      for (const catalog of [inspectorMessages, inspectorMessagesZh]) {
        const labels: Readonly<Record<string, string>> = catalog.steps[flow]
        expect(Object.keys(labels)).toEqual(steps.map((s) => s.id))
      }
    }
  })

  it('highlights nothing before any connection', () => {
    expect(progress([call('GET', '/auth/session')]).current).toBeUndefined()
  })
})
