import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { TraceField, TraceStep } from '../../protocol/trace'
import { curlFor } from './curl'
import { clearTimeline, readStoredTimeline } from './keep-timeline'
import { recorded, subscribeToRecorder } from './recorder'
import { SequenceDiagram } from './sequence-diagram'
import {
  groupByConnection,
  parseTimeline,
  progressOf,
  type CallbackEntry,
  type Connection,
  type Flow,
  type TimelineEntry,
} from './timeline'
import './inspector.css'

/** How often the open panel looks for new entries (the recorder in the first load has no events). */
/** Earlier page lives (sessionStorage), then this one; re-read when something changed. */
function useTimeline() {
  const [stored, setStored] = useState(readStoredTimeline)
  const count = useSyncExternalStore(subscribeToRecorder, () => recorded.length)
  // Back from the back-forward cache, this page life's entries were moved to storage.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setStored(readStoredTimeline())
    }
    addEventListener('pageshow', onPageShow)
    return () => removeEventListener('pageshow', onPageShow)
  }, [])
  const { entries, skipped } = parseTimeline([...stored, ...recorded.slice(0, count)])
  const clear = () => {
    clearTimeline()
    setStored([])
  }
  return { connections: groupByConnection(entries), skipped, clear }
}

const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})
const formatTime = (at: number) => timeFormat.format(new Date(at))

function statusClass(status: number): string {
  if (status >= 500 || status === 0) return 'insp-status insp-status-error'
  if (status >= 400) return 'insp-status insp-status-warning'
  return 'insp-status insp-status-ok'
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

function StepDetail({ step }: { step: TraceStep }) {
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
          <FieldList
            label={request.paramsIn === 'form' ? 'Form body' : 'Query parameters'}
            fields={request.params}
          />
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

const VERDICTS: Record<CallbackEntry['verdict'], string> = {
  match: 'it is one this tab sent before leaving for the authorize page',
  missing: 'the service’s answer carries no state',
  unknown: 'this tab never sent it: another tab, another browser, or a forged link',
  used: 'this tab already used it: a login completes once',
}

function CallbackItem({ entry }: { entry: CallbackEntry }) {
  const isPassed = entry.verdict === 'match'
  const summary =
    entry.result === 'error'
      ? `Callback: the service answered error=${entry.error ?? '?'}`
      : entry.result === 'invalid'
        ? 'Callback: the answer is malformed'
        : `Callback: state check ${isPassed ? 'passed' : 'failed'}`
  return (
    <details className="insp-entry">
      <summary>
        <span className="insp-time">{formatTime(entry.at)}</span>
        <span className="insp-method">TAB</span>
        <span className="insp-title">{summary}</span>
        <span
          className={
            isPassed ? 'insp-outcome insp-outcome-passed' : 'insp-outcome insp-outcome-failed'
          }
        >
          {isPassed ? 'passed' : 'failed'}
        </span>
      </summary>
      <div className="insp-entry-body">
        <p>
          The callback page compared the returned state{' '}
          {entry.stateStart !== undefined && <code>{entry.stateStart}…</code>} with the ones this
          tab remembered: {VERDICTS[entry.verdict]}.{' '}
          {isPassed && entry.result === 'code'
            ? 'The code went to the proxy, once, and left the address bar.'
            : 'Nothing was exchanged.'}
        </p>
        <p className="insp-note">
          A check in the browser: there is no call to reproduce with curl.
        </p>
      </div>
    </details>
  )
}

function CallItem({ entry }: { entry: Extract<TimelineEntry, { kind: 'call' }> }) {
  const { call, steps, error } = entry.trace
  const title =
    steps.map((step) => step.title).join(' · ') || 'Playground endpoint (no call to the service)'
  return (
    <details className="insp-entry">
      <summary>
        <span className="insp-time">{formatTime(call.at)}</span>
        <span className="insp-method">{call.method}</span>
        <span className="insp-title">
          <span className="mono insp-path">{call.path}</span>
          <span className="insp-subtitle">{title}</span>
        </span>
        <span className={statusClass(call.status)}>{call.status}</span>
        <span className="insp-duration">{call.durationMs} ms</span>
      </summary>
      <div className="insp-entry-body">
        {error !== undefined && (
          <p>
            The proxy answered itself with <code>{error}</code>: see the page for what to do next.
          </p>
        )}
        {steps.length === 0 ? (
          <p className="insp-note">
            The proxy answered from its own state (session cookie, configuration): there is no call
            to the service to reproduce with curl.
          </p>
        ) : (
          steps.map((step, i) => <StepDetail key={`${step.kind}-${i}`} step={step} />)
        )}
      </div>
    </details>
  )
}

const FLOW_NAMES = {
  'authorization-code': 'authorization code',
  'client-code': 'client code (no server)',
} as const

function ConnectionGroup({ connection, isLatest }: { connection: Connection; isLatest: boolean }) {
  const name =
    connection.flow === null
      ? 'Before any connection in this tab'
      : `Connection at ${formatTime(connection.startedAt)} · ${FLOW_NAMES[connection.flow]}`
  return (
    <details className="insp-connection" open={isLatest}>
      <summary>
        <span className="insp-connection-name">{name}</span>
        <span className="insp-count">
          {connection.entries.length} {connection.entries.length === 1 ? 'entry' : 'entries'}
          {isLatest && ' · current'}
        </span>
      </summary>
      <ol className="insp-entries" aria-label={name}>
        {connection.entries.map((entry) => (
          <li key={entry.key}>
            {entry.kind === 'call' ? <CallItem entry={entry} /> : <CallbackItem entry={entry} />}
          </li>
        ))}
      </ol>
    </details>
  )
}

export const INSPECTOR_ID = 'flow-inspector'

/**
 * The flow inspector: a side panel (a bottom sheet on a phone) beside the page, not a modal:
 * the app stays usable while the timeline fills. Escape or Close closes it, focus returns to
 * the header's toggle.
 */
export function InspectorPanel({ onClose }: { onClose: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { connections, skipped, clear } = useTimeline()
  const latestFlow = [...connections]
    .reverse()
    .find((connection): connection is Connection & { flow: Flow } => connection.flow !== null)
  const progress = progressOf(latestFlow)
  const polls = progress.polls

  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  return (
    <aside
      id={INSPECTOR_ID}
      className="inspector"
      aria-labelledby="inspector-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose()
      }}
    >
      <div className="insp-head">
        <h2 id="inspector-title" ref={headingRef} tabIndex={-1}>
          Flow inspector
        </h2>
        <button type="button" className="btn btn-small" onClick={clear}>
          Clear
        </button>
        <button type="button" className="btn btn-small" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="insp-body">
        <p className="insp-intro">
          What the proxy did for this tab, step by step, as it reported it: secrets are replaced on
          the server before anything reaches this page.
        </p>
        <section aria-labelledby="insp-sequence-title">
          <h3 id="insp-sequence-title">
            Sequence
            {latestFlow && <span className="insp-h3-note"> · {FLOW_NAMES[latestFlow.flow]}</span>}
          </h3>
          <SequenceDiagram progress={progress} polls={polls} />
        </section>
        <section aria-labelledby="insp-timeline-title">
          <h3 id="insp-timeline-title">Timeline</h3>
          {connections.length === 0 ? (
            <p className="insp-empty">
              No calls yet. Use the app: each call to the proxy appears here with what the proxy
              sent to the service.
            </p>
          ) : (
            [...connections]
              .reverse()
              .map((connection, i) => (
                <ConnectionGroup key={connection.key} connection={connection} isLatest={i === 0} />
              ))
          )}
          {skipped > 0 && (
            <p className="insp-note">
              {skipped} stored {skipped === 1 ? 'entry was' : 'entries were'} unreadable and left
              out; Clear removes them.
            </p>
          )}
        </section>
      </div>
    </aside>
  )
}
