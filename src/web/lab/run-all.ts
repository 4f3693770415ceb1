/**
 * "Run all": every runnable scenario, one after another, never two at once (they share the
 * emulator's clock, its faults and its rate limit: src/protocol/lab-api.ts). Stop ends the run
 * once the scenario under way has answered: the proxy runs it to its end whatever the page does,
 * and the next one must not overlap it. Pure of React: run-all.test.ts drives it.
 */
import type { LabScenarioId, ScenarioResult } from '../../protocol/lab-api'

export interface RunAllRow {
  id: LabScenarioId
  /** The proxy's answer, or why there is none (the call failed). */
  outcome: { kind: 'result'; result: ScenarioResult } | { kind: 'error'; error: unknown }
}

export interface RunAllHooks {
  /** A scenario starts: its place (from 0) among `total`. */
  onStart?: (id: LabScenarioId, index: number, total: number) => void
  onRow?: (row: RunAllRow, index: number, total: number) => void
  /** Aborted: no scenario starts after the one under way. */
  signal?: AbortSignal
}

export interface RunAllReport {
  rows: RunAllRow[]
  /** Stopped before the last scenario. */
  stopped: boolean
}

export async function runAll(
  ids: readonly LabScenarioId[],
  run: (id: LabScenarioId) => Promise<ScenarioResult>,
  hooks: RunAllHooks = {},
): Promise<RunAllReport> {
  const rows: RunAllRow[] = []
  for (const [index, id] of ids.entries()) {
    if (hooks.signal?.aborted === true) return { rows, stopped: true }
    hooks.onStart?.(id, index, ids.length)
    let row: RunAllRow
    try {
      row = { id, outcome: { kind: 'result', result: await run(id) } }
    } catch (error) {
      // One scenario that could not run is a row of the table; the others still run.
      row = { id, outcome: { kind: 'error', error } }
    }
    rows.push(row)
    hooks.onRow?.(row, index, ids.length)
  }
  return { rows, stopped: false }
}
