/**
 * The lab's scenarios, in their groups (scenarios.ts): each a card with its title, the one thing it
 * changes, and Run, or why it cannot run here, or (against a real service) the editor preset
 * that makes it. A card opened by a link, or run, shows what the app should do, the link to it,
 * and its result.
 */
import { lazy, Suspense } from 'react'
import type { LabScenarioId, LabStatus, ScenarioResult } from '../../protocol/lab-api'
import { useMessages } from '../i18n/use-messages'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { scenarioElementId, scenarioHeadingId } from './lab-link'
import { labMessages } from './messages'
import {
  SCENARIO_GROUPS,
  isPresetId,
  unavailable,
  type PresetId,
  type Unavailable,
} from './scenarios'

type LabMessages = typeof labMessages

/**
 * A result's view loads once there is a result, as the explorer's response does: with it the
 * inspector's steps, the checks and the copy button (the route budget, bench/bundle-budget.test.ts).
 */
const ScenarioResultView = lazy(() =>
  import('./result-view').then((module) => ({ default: module.ScenarioResultView })),
)

function whyText(m: LabMessages['scenarios'], why: Unavailable): string {
  if (why.kind === 'other')
    return why.reason === null ? m.why.other : m.whyOther({ reason: why.reason })
  return m.why[why.kind]
}

export interface ScenarioRuns {
  results: Partial<Record<LabScenarioId, ScenarioResult>>
  errors: Partial<Record<LabScenarioId, unknown>>
  /** The scenario under way (alone or in "run all"), or null. */
  running: LabScenarioId | null
  /** Something runs: no other run may start (they share the emulator's clock). */
  isBusy: boolean
  run: (id: LabScenarioId) => void
}

function ScenarioCard({
  id,
  status,
  runs,
  isSelected,
  onPreset,
}: {
  id: LabScenarioId
  /** What the server can run here; undefined while it is asked. */
  status: LabStatus | undefined
  runs: ScenarioRuns
  isSelected: boolean
  onPreset: (id: PresetId) => void
}) {
  const m = useMessages('lab', labMessages)
  const words = m.scenarioWords[id]
  const why = status === undefined ? null : unavailable(id, status)
  const result = runs.results[id]
  const error = runs.errors[id]
  const isRunning = runs.running === id
  const hintId = `${scenarioElementId(id)}-why`
  return (
    <li
      id={scenarioElementId(id)}
      className={`card stack${isSelected ? ' card-selected' : ''}`}
      aria-busy={isRunning}
    >
      <h4 id={scenarioHeadingId(id)} tabIndex={-1}>
        {words.title}
      </h4>
      <p>{words.change}</p>
      {status === undefined ? (
        // The action's room, kept while the server says what runs here: nothing moves.
        <p className="connect-actions" aria-hidden="true">
          <button type="button" className="btn" disabled tabIndex={-1}>
            {m.scenarios.run}
          </button>
        </p>
      ) : why === null ? (
        <p className="connect-actions">
          <button
            type="button"
            className="btn"
            disabled={runs.isBusy}
            onClick={() => runs.run(id)}
            aria-describedby={runs.isBusy && !isRunning ? hintId : undefined}
          >
            {isRunning ? m.scenarios.running : result ? m.scenarios.runAgain : m.scenarios.run}
          </button>
          {isRunning && <span className="spinner" aria-hidden="true" />}
          {runs.isBusy && !isRunning && (
            <span id={hintId} className="field-hint">
              {m.scenarios.waiting}
            </span>
          )}
        </p>
      ) : (
        <p className="connect-actions">
          <span id={hintId} className="field-hint">
            {whyText(m.scenarios, why)}
          </span>
          {why.kind === 'preset' && isPresetId(id) && (
            <button type="button" className="btn btn-small" onClick={() => onPreset(id)}>
              {m.scenarios.loadPreset}
            </button>
          )}
        </p>
      )}
      {error !== undefined && !isRunning && (
        <ApiErrorNotice error={error} {...(runs.isBusy ? {} : { onRetry: () => runs.run(id) })} />
      )}
      {result !== undefined && (
        // The result's room while its view's code arrives: the spinner line of a run.
        <Suspense
          fallback={
            <p className="busy" aria-hidden="true">
              <span className="spinner" />
            </p>
          }
        >
          <ScenarioResultView result={result} />
        </Suspense>
      )}
    </li>
  )
}

export function ScenarioList({
  status,
  runs,
  selected,
  onPreset,
}: {
  status: LabStatus | undefined
  runs: ScenarioRuns
  selected: LabScenarioId | null
  onPreset: (id: PresetId) => void
}) {
  const m = useMessages('lab', labMessages)
  return (
    <>
      {SCENARIO_GROUPS.map((group) => (
        <section key={group.id} className="stack" aria-labelledby={`lab-group-${group.id}`}>
          <h3 id={`lab-group-${group.id}`}>{m.scenarios.groups[group.id]}</h3>
          <ul className="stack">
            {group.scenarios.map((id) => (
              <ScenarioCard
                key={id}
                id={id}
                status={status}
                runs={runs}
                isSelected={selected === id}
                onPreset={onPreset}
              />
            ))}
          </ul>
        </section>
      ))}
    </>
  )
}
