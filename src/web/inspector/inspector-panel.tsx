import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import { formatNumber, formatTime } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import { clearTimeline, readStoredTimeline } from '../lib/keep-timeline'
import { inspectorMessages } from './messages'
import { recorded, subscribeToRecorder } from '../lib/recorder'
import { SequenceDiagram } from './sequence-diagram'
import { StepDetail, statusClass } from './step-detail'
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

/** The time of an entry, in the page's language (the proxy's clock, ms since the epoch). */
function useTimeOf() {
  const locale = useLocale()
  return (at: number) => formatTime(locale, new Date(at))
}

function CallbackItem({ entry }: { entry: CallbackEntry }) {
  const m = useMessages('inspector', inspectorMessages)
  const timeOf = useTimeOf()
  const isPassed = entry.verdict === 'match'
  const summary =
    entry.result === 'error'
      ? m.callbackError({ error: entry.error ?? '?' })
      : entry.result === 'invalid'
        ? m.callbackInvalid
        : m.callbackCheck({ isPassed })
  return (
    <details className="insp-entry">
      <summary>
        <span className="insp-time">{timeOf(entry.at)}</span>
        <span className="insp-method">{m.inThisTab}</span>
        <span className="insp-title">{summary}</span>
        <span
          className={
            isPassed ? 'insp-outcome insp-outcome-passed' : 'insp-outcome insp-outcome-failed'
          }
        >
          {isPassed ? m.outcomes.passed : m.outcomes.failed}
        </span>
      </summary>
      <div className="insp-entry-body">
        <p>
          {m.callbackCompared({
            state: entry.stateStart === undefined ? '' : <code>{entry.stateStart}…</code>,
            verdict: m.verdicts[entry.verdict],
          })}{' '}
          {isPassed && entry.result === 'code' ? m.codeSentOnce : m.nothingExchanged}
        </p>
        <p className="insp-note">{m.browserCheck}</p>
      </div>
    </details>
  )
}

function CallItem({ entry }: { entry: Extract<TimelineEntry, { kind: 'call' }> }) {
  const m = useMessages('inspector', inspectorMessages)
  const locale = useLocale()
  const timeOf = useTimeOf()
  const { call, steps, error } = entry.trace
  const title = steps.map((step) => step.title).join(' · ')
  return (
    <details className="insp-entry">
      <summary>
        <span className="insp-time">{timeOf(call.at)}</span>
        <span className="insp-method">{call.method}</span>
        <span className="insp-title">
          <span className="mono insp-path">{call.path}</span>
          {title === '' ? (
            <span className="insp-subtitle">{m.noServiceCall}</span>
          ) : (
            <span className="insp-subtitle" lang="en">
              {title}
            </span>
          )}
        </span>
        <span className={statusClass(call.status)}>{call.status}</span>
        <span className="insp-duration">
          {m.milliseconds({ ms: formatNumber(locale, call.durationMs) })}
        </span>
      </summary>
      <div className="insp-entry-body">
        {error !== undefined && <p>{m.proxyRefused({ error: <code>{error}</code> })}</p>}
        {steps.length === 0 ? (
          <p className="insp-note">{m.proxyOwnState}</p>
        ) : (
          steps.map((step, i) => <StepDetail key={`${step.kind}-${i}`} step={step} />)
        )}
      </div>
    </details>
  )
}

function ConnectionGroup({ connection, isLatest }: { connection: Connection; isLatest: boolean }) {
  const m = useMessages('inspector', inspectorMessages)
  const locale = useLocale()
  const timeOf = useTimeOf()
  const name =
    connection.flow === null
      ? m.beforeConnection
      : m.connectionAt({ time: timeOf(connection.startedAt), flow: m.flows[connection.flow] })
  const count = connection.entries.length
  return (
    <details className="insp-connection" open={isLatest}>
      <summary>
        <span className="insp-connection-name">{name}</span>
        <span className="insp-count">
          {m.entries({ count, shown: formatNumber(locale, count) })}
          {isLatest && ` · ${m.current}`}
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

/** A phone's sheet: the diagram starts folded, so that the timeline is on screen (inspector.css). */
const PHONE = '(max-width: 640px)'

/**
 * The diagram under a disclosure button (WAI-ARIA APG, Disclosure): folded at first on a phone,
 * where it would fill the sheet and hide the timeline below it.
 */
function SequenceSection({
  latestFlow,
}: {
  latestFlow: (Connection & { flow: Flow }) | undefined
}) {
  const m = useMessages('inspector', inspectorMessages)
  const [isShown, setShown] = useState(() => !matchMedia(PHONE).matches)
  const diagramId = useId()
  const progress = progressOf(latestFlow)
  return (
    <section className="insp-sequence">
      <div className="insp-section-head">
        <h3 id="insp-sequence-title">
          {m.sequence}
          {latestFlow && <span className="insp-h3-note"> · {m.flows[latestFlow.flow]}</span>}
        </h3>
        <button
          type="button"
          className="btn btn-small"
          aria-expanded={isShown}
          aria-controls={diagramId}
          onClick={() => setShown(!isShown)}
        >
          {isShown ? m.hideDiagram : m.showDiagram}
        </button>
      </div>
      <div id={diagramId} hidden={!isShown}>
        <SequenceDiagram progress={progress} polls={progress.polls} />
      </div>
    </section>
  )
}

export const INSPECTOR_ID = 'flow-inspector'

/**
 * The flow inspector: a side panel (a bottom sheet on a phone) beside the page, not a modal:
 * the app stays usable while the timeline fills. Escape or Close closes it, focus returns to
 * the header's toggle.
 */
export function InspectorPanel({ onClose }: { onClose: () => void }) {
  const m = useMessages('inspector', inspectorMessages)
  const locale = useLocale()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { connections, skipped, clear } = useTimeline()
  const latestFlow = [...connections]
    .reverse()
    .find((connection): connection is Connection & { flow: Flow } => connection.flow !== null)

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
          {m.title}
        </h2>
        <button type="button" className="btn btn-small" onClick={clear}>
          {m.clear}
        </button>
        <button type="button" className="btn btn-small" onClick={onClose}>
          {m.close}
        </button>
      </div>
      <div className="insp-body">
        <p className="insp-intro">
          {m.intro}
          {m.traceNote !== '' && ` ${m.traceNote}`}
        </p>
        <SequenceSection latestFlow={latestFlow} />
        <section>
          <h3 id="insp-timeline-title">{m.timeline}</h3>
          {connections.length === 0 ? (
            <p className="insp-empty">{m.empty}</p>
          ) : (
            [...connections]
              .reverse()
              .map((connection, i) => (
                <ConnectionGroup key={connection.key} connection={connection} isLatest={i === 0} />
              ))
          )}
          {skipped > 0 && (
            <p className="insp-note">
              {m.skipped({ count: skipped, shown: formatNumber(locale, skipped) })}
            </p>
          )}
        </section>
      </div>
    </aside>
  )
}
