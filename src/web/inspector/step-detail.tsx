/** One step of a call in the flow inspector: its request and response, and a copy as curl. */
import { useId, useState } from 'react'
import type { TraceField, TraceStep } from '../../protocol/trace'
import { formatNumber } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import { curlFor } from '../lib/curl'
import { inspectorMessages } from './messages'

export function statusClass(status: number): string {
  if (status >= 500 || status === 0) return 'insp-status insp-status-error'
  if (status >= 400) return 'insp-status insp-status-warning'
  return 'insp-status insp-status-ok'
}

/**
 * The proxy's own words (titles, notes, field notes) are English whatever the page's language
 * (protocol/trace.ts): marked so, WCAG 3.1.2 (Language of Parts).
 */
const PROXY_LANG = 'en'

function FieldList({ label, fields }: { label: string; fields: readonly TraceField[] }) {
  const m = useMessages('inspector', inspectorMessages)
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
                {field.value || m.emptyValue}
              </code>
              {field.note !== undefined && (
                <span className="insp-note" lang={PROXY_LANG}>
                  {field.note}
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

type CopyState = 'idle' | 'copied' | 'failed'

function CopyAsCurl({ step }: { step: TraceStep }) {
  const m = useMessages('inspector', inspectorMessages)
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
          {m.copyCurl}
        </button>
        <span role="status" className="insp-copy-status">
          {copy === 'copied' ? m.copied : copy === 'failed' ? m.copyRefused : ''}
        </span>
      </div>
      <pre className="insp-curl-text" lang={PROXY_LANG}>
        {curl.text}
      </pre>
      {curl.placeholders.length > 0 && (
        <p className="insp-note">{m.setPlaceholders({ names: curl.placeholders.join(', ') })}</p>
      )}
    </div>
  )
}

/**
 * A group named by its title, not a region: a timeline holds dozens of steps, and a landmark
 * each would drown the page's own landmarks (WAI-ARIA APG, Landmark Regions).
 */
export function StepDetail({ step }: { step: TraceStep }) {
  const m = useMessages('inspector', inspectorMessages)
  const locale = useLocale()
  const titleId = useId()
  const { request, response } = step
  return (
    <div role="group" aria-labelledby={titleId} className={`insp-step insp-step-${step.outcome}`}>
      <p className="insp-step-title">
        <span id={titleId} lang={PROXY_LANG}>
          {step.title}
        </span>
        {m.outcomes[step.outcome] !== '' && (
          <span className={`insp-outcome insp-outcome-${step.outcome}`}>
            {m.outcomes[step.outcome]}
          </span>
        )}
      </p>
      {step.notes.length > 0 && (
        <ul className="insp-notes" lang={PROXY_LANG}>
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
          <FieldList label={m.paramsIn[request.paramsIn]} fields={request.params} />
          <FieldList label={m.requestHeaders} fields={request.headers} />
        </>
      )}
      {response && (
        <>
          <p className="insp-response">
            {m.serviceAnswered({
              status: <span className={statusClass(response.status)}>{response.status}</span>,
              ms: formatNumber(locale, response.durationMs),
            })}
          </p>
          <FieldList label={m.responseHeaders} fields={response.headers} />
          <FieldList label={m.responseBody} fields={response.fields} />
        </>
      )}
      <CopyAsCurl step={step} />
    </div>
  )
}
