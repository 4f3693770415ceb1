import './checklist.css'

export type StepStatus = 'done' | 'failed' | 'active' | 'skipped'

export interface Step {
  label: string
  status: StepStatus
  detail?: string
}

const STATUS_TEXT: Record<StepStatus, string> = {
  done: 'passed',
  failed: 'failed',
  active: 'in progress',
  skipped: 'not done',
}
const STATUS_ICON: Record<StepStatus, string> = {
  done: '✓',
  failed: '✗',
  active: '…',
  skipped: '–',
}

/** Steps in order, each with an icon and, for screen readers, its status in words. */
export function Checklist({ steps }: { steps: Step[] }) {
  return (
    <ol className="checklist">
      {steps.map((step) => (
        <li key={step.label} className={`check check-${step.status}`}>
          <span className="check-icon" aria-hidden="true">
            {STATUS_ICON[step.status]}
          </span>
          <span className="check-body">
            <span className="check-label">
              {step.label}
              <span className="visually-hidden">: {STATUS_TEXT[step.status]}</span>
            </span>
            {step.detail !== undefined && <span className="check-detail">{step.detail}</span>}
          </span>
        </li>
      ))}
    </ol>
  )
}
