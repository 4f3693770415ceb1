import { useId } from 'react'
import { formatNumber } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import { inspectorMessages } from './messages'
import type { DiagramStep, Lane, Progress } from './timeline'
import './sequence-diagram.css'

/** Lifelines' centres in the arrows' column (inspector.css `.seq` draws them at these x). */
const LANE_X: Record<Lane, number> = { browser: 28, proxy: 84, service: 140 }
const LANES = Object.keys(LANE_X) as Lane[]
const ARROWS_WIDTH = 168
const ARROW_HEIGHT = 18

/** One step's arrow between lifelines, or a loop on one (a check done there alone). */
function Arrow({ step, markerId }: { step: DiagramStep; markerId: string }) {
  const from = LANE_X[step.from]
  const to = LANE_X[step.to]
  const y = ARROW_HEIGHT / 2
  return (
    <span className="seq-arrow-cell">
      <svg
        className="seq-arrow"
        viewBox={`0 0 ${ARROWS_WIDTH} ${ARROW_HEIGHT}`}
        width={ARROWS_WIDTH}
        height={ARROW_HEIGHT}
        aria-hidden="true"
        focusable="false"
      >
        {from === to ? (
          <path d={`M${from} 3 h18 v11 h-16`} fill="none" markerEnd={`url(#${markerId})`} />
        ) : (
          <line x1={from} y1={y} x2={to} y2={y} markerEnd={`url(#${markerId})`} />
        )}
      </svg>
    </span>
  )
}

/**
 * The flow as a sequence diagram: a list, one step a row, its number and label in a column of
 * their own (labels wrap there and never cross a lifeline) beside the arrow between the three
 * lifelines; the current step highlighted and marked `aria-current`. SVG for the arrows only,
 * styled by inspector.css (no inline style: the CSP forbids it).
 */
export function SequenceDiagram({ progress, polls }: { progress: Progress; polls: number }) {
  const m = useMessages('inspector', inspectorMessages)
  const locale = useLocale()
  const id = useId()
  const { flow, steps, states, current } = progress
  const labels: Readonly<Record<string, string>> = m.steps[flow]
  const labelOf = (step: DiagramStep) => {
    const label = labels[step.id] ?? step.id
    return step.id === 'poll' && polls > 0
      ? m.pollsSoFar({ label, polls: formatNumber(locale, polls) })
      : label
  }
  const name =
    current === -1
      ? m.notStarted
      : m.atStep({
          step: current + 1,
          of: steps.length,
          label: steps[current] === undefined ? '' : labelOf(steps[current]),
        })
  return (
    <div className="seq">
      <svg className="seq-defs" width="0" height="0" aria-hidden="true" focusable="false">
        <defs>
          {(['done', 'current', 'failed', 'upcoming'] as const).map((state) => (
            <marker
              key={state}
              id={`${id}-arrow-${state}`}
              className={`seq-head seq-${state}`}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0 0 L10 5 L0 10 z" />
            </marker>
          ))}
        </defs>
      </svg>
      <div className="seq-row seq-lanes" aria-hidden="true">
        <span />
        <span />
        <span className="seq-lane-names">
          {LANES.map((lane) => (
            <span key={lane}>{m.lanes[lane]}</span>
          ))}
        </span>
      </div>
      <ol className="seq-steps" aria-label={name}>
        {steps.map((step, i) => {
          const state = states[i] ?? 'upcoming'
          return (
            <li
              key={step.id}
              className={`seq-row seq-step seq-${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="seq-number" aria-hidden="true">
                {i + 1}
              </span>
              <span className="seq-label">
                {labelOf(step)}
                <span className="visually-hidden">
                  {' '}
                  ({m.lanes[step.from]} → {m.lanes[step.to]}: {m.states[state]})
                </span>
              </span>
              <Arrow step={step} markerId={`${id}-arrow-${state}`} />
            </li>
          )
        })}
      </ol>
    </div>
  )
}
