import { useId } from 'react'
import type { Lane, Progress, StepState } from './timeline'

const LANES: { id: Lane; label: string; x: number }[] = [
  { id: 'browser', label: 'Browser', x: 48 },
  { id: 'proxy', label: 'Proxy', x: 180 },
  { id: 'service', label: 'Service', x: 312 },
]
const laneX = (lane: Lane) => LANES.find((entry) => entry.id === lane)?.x ?? 0

const WIDTH = 360
const TOP = 40
const ROW = 38

const STATE_WORDS: Record<StepState, string> = {
  done: 'done',
  current: 'current step',
  failed: 'failed',
  upcoming: 'not reached',
}

/**
 * The flow as a sequence diagram (SVG, styled by inspector.css: no inline style, which the CSP
 * forbids): three lifelines, one arrow a step, the current step highlighted.
 */
export function SequenceDiagram({ progress, polls }: { progress: Progress; polls: number }) {
  const id = useId()
  const { steps, states, current } = progress
  const height = TOP + steps.length * ROW + 12
  const description = steps
    .map((step, i) => `${i + 1}. ${step.label}: ${STATE_WORDS[states[i] ?? 'upcoming']}`)
    .join('; ')
  return (
    <svg
      className="seq"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
    >
      <title id={`${id}-title`}>
        {current === -1
          ? 'Sequence of the login: not started in this tab'
          : `Sequence of the login, step ${current + 1} of ${steps.length}: ${steps[current]?.label}`}
      </title>
      <desc id={`${id}-desc`}>{description}</desc>
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
      {LANES.map((lane) => (
        <g key={lane.id} className="seq-lane">
          <rect x={lane.x - 40} y={4} width={80} height={22} rx={5} />
          <text x={lane.x} y={19} textAnchor="middle">
            {lane.label}
          </text>
          <line x1={lane.x} y1={26} x2={lane.x} y2={height - 4} />
        </g>
      ))}
      {steps.map((step, i) => {
        const state = states[i] ?? 'upcoming'
        const y = TOP + i * ROW + 22
        const from = laneX(step.from)
        const to = laneX(step.to)
        const isSelf = from === to
        const label =
          step.id === 'poll' && polls > 0 ? `${step.label} (${polls} so far)` : step.label
        const labelX = isSelf ? Math.min(from + 24, WIDTH - 8) : (from + to) / 2
        return (
          <g key={step.id} className={`seq-step seq-${state}`}>
            {state === 'current' && (
              <rect
                className="seq-highlight"
                x={2}
                y={y - 19}
                width={WIDTH - 4}
                height={ROW - 4}
                rx={6}
              />
            )}
            <text className="seq-number" x={10} y={y - 2}>
              {i + 1}
            </text>
            <text
              className="seq-label"
              x={labelX}
              y={y - 6}
              textAnchor={isSelf ? (from > WIDTH / 2 ? 'end' : 'start') : 'middle'}
            >
              {label}
            </text>
            {isSelf ? (
              <path
                d={`M${from} ${y - 2} h18 v8 h-16`}
                fill="none"
                markerEnd={`url(#${id}-arrow-${state})`}
              />
            ) : (
              <line x1={from} y1={y} x2={to} y2={y} markerEnd={`url(#${id}-arrow-${state})`} />
            )}
          </g>
        )
      })}
    </svg>
  )
}
