/** One step of a call in the flow inspector: its request and response, and a copy as curl. */
import { useState } from 'react'
import type { TraceField, TraceRequest, TraceStep } from '../../protocol/trace'
import { curlFor } from './curl'

const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})
export const formatTime = (at: number) => timeFormat.format(new Date(at))

export function statusClass(status: number): string {
  if (status >= 500 || status === 0) return 'insp-status insp-status-error'
  if (status >= 400) return 'insp-status insp-status-warning'
  return 'insp-status insp-status-ok'
}

const PARAMS_LABEL: Record<TraceRequest['paramsIn'], string> = {
  query: 'Query parameters',
  form: 'Form body',
  json: 'JSON body (field names and kinds; values are not traced)',
}

const OUTCOME_WORDS: Record<TraceStep['outcome'], string> = {
  passed: 'passed',
  failed: 'failed',
  pending: 'pending',
  info: '',
}

function FieldList({ label, fields }: { label: string; fields: readonly TraceField[] }) {
  if (fields.length === 0) return null
  return (
    <div className="insp-fields">
      <p className="insp-fields-label">{label}</p>
      <dl>
        {fields.map((field, i) => (
          <div key={`${field.name}-${i}`} className="insp-field">
            <dt className="mono">{field.name}</dt>
            <dd>
              <code className={field.redacted ? 'insp-placeholder' : undefined}>
                {field.value || '(empty)'}
              </code>
              {field.note !== undefined && <span className="insp-note">{field.note}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

type CopyState = 'idle' | 'copied' | 'failed'

function CopyAsCurl({ step }: { step: TraceStep }) {
  const curl = curlFor(step)
  const [copy, setCopy] = useState<CopyState>('idle')
  if (curl === null) return null
  const onCopy = () => {
    navigator.clipboard.writeText(curl.text).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    )
  }
  return (
    <div className="insp-curl">
      <div className="insp-curl-head">
        <button type="button" className="btn btn-small" onClick={onCopy}>
          Copy as curl
        </button>
        <span role="status" className="insp-copy-status">
          {copy === 'copied'
            ? 'Copied.'
            : copy === 'failed'
              ? 'The browser refused the clipboard: select the command below and copy it.'
              : ''}
        </span>
      </div>
      <pre className="insp-curl-text" aria-label={`curl command: ${step.title}`}>
        {curl.text}
      </pre>
      {curl.placeholders.length > 0 && (
        <p className="insp-note">
          Set {curl.placeholders.join(', ')} first: secrets never reach this page, so the command
          holds placeholders instead (the comments above say what each one is).
        </p>
      )}
    </div>
  )
}

export function StepDetail({ step }: { step: TraceStep }) {
  const { request, response } = step
  return (
    <section className={`insp-step insp-step-${step.outcome}`} aria-label={step.title}>
      <p className="insp-step-title">
        {step.title}
        {OUTCOME_WORDS[step.outcome] !== '' && (
          <span className={`insp-outcome insp-outcome-${step.outcome}`}>
            {OUTCOME_WORDS[step.outcome]}
          </span>
        )}
      </p>
      {step.notes.length > 0 && (
        <ul className="insp-notes">
          {step.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {request && (
        <>
          <p className="insp-request mono">
            <span className="insp-method">{request.method}</span> {request.url}
          </p>
          <FieldList label={PARAMS_LABEL[request.paramsIn]} fields={request.params} />
          <FieldList label="Request headers" fields={request.headers} />
        </>
      )}
      {response && (
        <>
          <p className="insp-response">
            Service answered <span className={statusClass(response.status)}>{response.status}</span>{' '}
            in {response.durationMs} ms
          </p>
          <FieldList label="Response headers that matter" fields={response.headers} />
          <FieldList label="Response body (summary)" fields={response.fields} />
        </>
      )}
      <CopyAsCurl step={step} />
    </section>
  )
}
