/**
 * The page's runs of scenarios: one at a time, alone or all of them (run-all.ts), their results
 * and failures kept for this page life only (nothing of them in storage or in the address), and
 * each outcome told once through the page's one live region (`announce`).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { LabScenarioId, ScenarioResult } from '../../protocol/lab-api'
import { runScenario } from './lab-queries'
import { runAll, type RunAllRow } from './run-all'
import type { ScenarioRuns } from './scenario-list'

export interface RunAllState {
  total: number
  /** Scenarios answered so far. */
  rows: RunAllRow[]
  current: LabScenarioId | null
  phase: 'running' | 'stopping' | 'done' | 'stopped'
}

export interface LabRuns extends ScenarioRuns {
  all: RunAllState | null
  runAll: (ids: readonly LabScenarioId[]) => void
  stopAll: () => void
}

export interface RunWords {
  /** One line for one outcome: the scenario and its verdict, or that it did not complete. */
  outcome: (id: LabScenarioId, result: ScenarioResult | null) => string
  /** One line at the end of "run all". */
  allDone: (rows: readonly RunAllRow[], stopped: boolean, total: number) => string
}

export function useLabRuns(words: RunWords, announce: (text: string) => void): LabRuns {
  const [results, setResults] = useState<Partial<Record<LabScenarioId, ScenarioResult>>>({})
  const [errors, setErrors] = useState<Partial<Record<LabScenarioId, unknown>>>({})
  const [running, setRunning] = useState<LabScenarioId | null>(null)
  const [all, setAll] = useState<RunAllState | null>(null)
  // Set at once, before React renders: a second click in the same frame starts nothing.
  const busy = useRef(false)
  const stop = useRef<AbortController | null>(null)
  // The latest words (the language may change while a run is under way).
  const wordsRef = useRef(words)
  useEffect(() => {
    wordsRef.current = words
  })

  const record = useCallback((row: RunAllRow) => {
    if (row.outcome.kind === 'result') {
      const { result } = row.outcome
      setResults((old) => ({ ...old, [row.id]: result }))
      setErrors((old) => ({ ...old, [row.id]: undefined }))
    } else {
      const { error } = row.outcome
      setErrors((old) => ({ ...old, [row.id]: error }))
    }
  }, [])

  const runOne = useCallback(
    (id: LabScenarioId) => {
      if (busy.current) return
      busy.current = true
      setRunning(id)
      setErrors((old) => ({ ...old, [id]: undefined }))
      void runAll([id], runScenario, {
        onRow: (row) => {
          record(row)
          announce(
            wordsRef.current.outcome(id, row.outcome.kind === 'result' ? row.outcome.result : null),
          )
        },
      }).finally(() => {
        busy.current = false
        setRunning(null)
      })
    },
    [announce, record],
  )

  const runAllOf = useCallback(
    (ids: readonly LabScenarioId[]) => {
      if (busy.current || ids.length === 0) return
      busy.current = true
      const controller = new AbortController()
      stop.current = controller
      setAll({ total: ids.length, rows: [], current: null, phase: 'running' })
      void runAll(ids, runScenario, {
        signal: controller.signal,
        onStart: (id) => {
          setRunning(id)
          setAll((old) => (old === null ? old : { ...old, current: id }))
        },
        onRow: (row) => {
          record(row)
          setAll((old) => (old === null ? old : { ...old, rows: [...old.rows, row] }))
        },
      })
        .then((report) => {
          setAll((old) =>
            old === null
              ? old
              : { ...old, current: null, phase: report.stopped ? 'stopped' : 'done' },
          )
          announce(wordsRef.current.allDone(report.rows, report.stopped, ids.length))
        })
        .finally(() => {
          busy.current = false
          stop.current = null
          setRunning(null)
        })
    },
    [announce, record],
  )

  const stopAll = useCallback(() => {
    stop.current?.abort()
    setAll((old) => (old?.phase === 'running' ? { ...old, phase: 'stopping' } : old))
  }, [])

  return {
    results,
    errors,
    running,
    isBusy: running !== null || all?.phase === 'running' || all?.phase === 'stopping',
    run: runOne,
    all,
    runAll: runAllOf,
    stopAll,
  }
}
