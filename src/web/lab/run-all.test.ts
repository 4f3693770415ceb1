import { describe, expect, it } from 'vitest'
import type { LabScenarioId, ScenarioResult } from '../../protocol/lab-api'
import { runAll } from './run-all'

const IDS: LabScenarioId[] = ['consent-denied', 'state-tampered', 'code-reused', 'rate-limited']

const resultOf = (id: LabScenarioId): ScenarioResult => ({
  scenario: id,
  profile: 'seed',
  passed: true,
  expected: '400 invalid_grant',
  actual: '400 invalid_grant',
  rule: 'RFC 6749 §4.1.3',
  checks: [],
  steps: [],
  durationMs: 5,
})

/** A proxy whose runs each take a few ms and note how many are under way at once. */
function proxy(fail: LabScenarioId[] = []) {
  let underWay = 0
  const seen = { most: 0, started: [] as LabScenarioId[] }
  const run = async (id: LabScenarioId) => {
    underWay += 1
    seen.most = Math.max(seen.most, underWay)
    seen.started.push(id)
    await new Promise((resolve) => setTimeout(resolve, 3))
    underWay -= 1
    if (fail.includes(id)) throw new Error(`${id} failed`)
    return resultOf(id)
  }
  return { run, seen }
}

describe('runAll', () => {
  it('runs each scenario in order, one at a time, and reports each as it answers', async () => {
    const { run, seen } = proxy()
    const progress: string[] = []
    const report = await runAll(IDS, run, {
      onStart: (id, index, total) => progress.push(`start ${index + 1}/${total} ${id}`),
      onRow: (row, index) => progress.push(`row ${index + 1} ${row.id}`),
    })
    expect(seen.most).toBe(1)
    expect(seen.started).toEqual(IDS)
    expect(report.stopped).toBe(false)
    expect(report.rows.map((row) => row.id)).toEqual(IDS)
    expect(progress.slice(0, 4)).toEqual([
      'start 1/4 consent-denied',
      'row 1 consent-denied',
      'start 2/4 state-tampered',
      'row 2 state-tampered',
    ])
  })

  it('stops on Stop: the scenario under way answers, and no other starts', async () => {
    const { run, seen } = proxy()
    const stop = new AbortController()
    const report = await runAll(IDS, run, {
      signal: stop.signal,
      // Stop pressed while the second one runs.
      onStart: (_id, index) => {
        if (index === 1) stop.abort()
      },
    })
    expect(seen.started).toEqual(IDS.slice(0, 2))
    expect(report.rows.map((row) => row.id)).toEqual(IDS.slice(0, 2))
    expect(report.stopped).toBe(true)
  })

  it('starts nothing once stopped before it began', async () => {
    const { run, seen } = proxy()
    const stop = new AbortController()
    stop.abort()
    expect(await runAll(IDS, run, { signal: stop.signal })).toEqual({ rows: [], stopped: true })
    expect(seen.started).toEqual([])
  })

  it('keeps a scenario that could not run as a row of its own, and goes on', async () => {
    const { run } = proxy(['state-tampered'])
    const report = await runAll(IDS, run)
    expect(report.rows.map((row) => row.outcome.kind)).toEqual([
      'result',
      'error',
      'result',
      'result',
    ])
  })
})
