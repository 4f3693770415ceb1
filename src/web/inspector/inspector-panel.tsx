import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { clearTimeline, readStoredTimeline } from './keep-timeline'
import { recorded, subscribeToRecorder } from './recorder'
import { SequenceDiagram } from './sequence-diagram'
import { StepDetail, formatTime, statusClass } from './step-detail'
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
