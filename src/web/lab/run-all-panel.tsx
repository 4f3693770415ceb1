/**
 * "Run all": its button (Stop while it runs), where it is (n of m, the scenario under way) and,
 * as a test runner shows them, the verdicts so far: scenario, expected, actual, ✓ or ✗, how long;
 * each row links to the scenario's card and its result.
 */
import { Link } from 'react-router-dom'
import type { LabScenarioId } from '../../protocol/lab-api'
import { formatNumber } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import { scenarioLink } from './lab-link'
import { labMessages } from './messages'
import type { RunAllRow } from './run-all'
import type { LabRuns } from './use-lab-runs'

/**
 * One scenario's line: its verdict and title, then expected, actual and time, in the parameter
 * table's two columns (page.css `.params`), which a phone shows whole.
 */
function Row({ row }: { row: RunAllRow }) {
  const m = useMessages('lab', labMessages)
  const locale = useLocale()
  const passed = row.outcome.kind === 'result' && row.outcome.result.passed
  return (
    <tr>
      <th scope="row" className={passed ? undefined : 'field-error'}>
        <span aria-hidden="true">{passed ? '✓ ' : '✗ '}</span>
        <span className="visually-hidden">
          {m.runAll.verdictIs({ verdict: passed ? m.result.passed : m.result.failed })}
        </span>
        <Link to={scenarioLink(row.id)}>{m.scenarioWords[row.id].title}</Link>
      </th>
      {row.outcome.kind === 'error' ? (
        <td className="field-error">{m.runAll.error}</td>
      ) : (
        <td>
          <span>
            <span className="param-note">{m.runAll.columns.expectedIs}</span>
            <code lang="en">{row.outcome.result.expected}</code>
          </span>
          <span>
            <span className="param-note">{m.runAll.columns.actualIs}</span>
            <code lang="en">{row.outcome.result.actual}</code>
          </span>
          <span className="param-note">
            {m.result.took({ ms: formatNumber(locale, row.outcome.result.durationMs) })}
          </span>
        </td>
      )}
    </tr>
  )
}

export function RunAllPanel({ runs, ids }: { runs: LabRuns; ids: readonly LabScenarioId[] }) {
  const m = useMessages('lab', labMessages)
  const { all } = runs
  const isRunning = all?.phase === 'running' || all?.phase === 'stopping'
  const passed = all?.rows.filter(
    (row) => row.outcome.kind === 'result' && row.outcome.result.passed,
  ).length
  return (
    <section className="card stack" aria-labelledby="lab-run-all-title">
      <h3 id="lab-run-all-title">{m.runAll.heading}</h3>
      <p className="field-hint">{m.runAll.hint}</p>
      <p className="connect-actions">
        {isRunning ? (
          <button
            type="button"
            className="btn"
            onClick={runs.stopAll}
            disabled={all?.phase === 'stopping'}
          >
            {m.runAll.stop}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => runs.runAll(ids)}
            disabled={runs.isBusy || ids.length === 0}
          >
            {m.runAll.heading}
          </button>
        )}
      </p>
      {all !== null && (
        <>
          {/* Where the run is, in place: a bar and a line, the same room while it runs. */}
          <progress max={all.total} value={all.rows.length} aria-labelledby="lab-run-all-title" />
          <p className="field-hint">
            {all.phase === 'stopping'
              ? m.runAll.stopping
              : all.current !== null
                ? m.runAll.progress({
                    n: all.rows.length + 1,
                    of: all.total,
                    title: m.scenarioWords[all.current].title,
                  })
                : all.phase === 'stopped'
                  ? m.runAll.stoppedAfter({
                      done: all.rows.length,
                      of: all.total,
                      passed: passed ?? 0,
                    })
                  : m.runAll.summary({ passed: passed ?? 0, of: all.total })}
          </p>
          {all.rows.length > 0 && (
            <table className="params">
              <caption className="visually-hidden">{m.runAll.heading}</caption>
              <thead>
                <tr>
                  <th scope="col">{m.runAll.columns.scenario}</th>
                  <th scope="col">{m.runAll.columns.outcome}</th>
                </tr>
              </thead>
              <tbody>
                {all.rows.map((row) => (
                  <Row key={row.id} row={row} />
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  )
}
