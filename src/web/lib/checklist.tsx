import type { ReactNode } from 'react'
import { useMessages } from '../i18n/use-messages'
import { commonMessages } from './messages'
import './checklist.css'

export type StepStatus = 'done' | 'failed' | 'active' | 'skipped'

export interface Step {
  label: string
  status: StepStatus
  detail?: ReactNode
}

const STATUS_ICON: Record<StepStatus, string> = {
  done: '✓',
  failed: '✗',
  active: '…',
  skipped: '–',
}

/** Steps in order, each with an icon and, for screen readers, its status in words. */
export function Checklist({ steps }: { steps: Step[] }) {
  const statusText = useMessages('common', commonMessages).checklist
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
              <span className="visually-hidden">: {statusText[step.status]}</span>
            </span>
            {step.detail !== undefined && <span className="check-detail">{step.detail}</span>}
          </span>
        </li>
      ))}
    </ol>
  )
}
