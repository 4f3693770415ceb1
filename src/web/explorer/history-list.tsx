/**
 * The last calls of this tab (call-history.ts): method, path, status and time, each a link that
 * reopens its operation with the inputs it was sent with. Nothing is sent by reopening.
 */
import { useId, useSyncExternalStore } from 'react'
import { Link } from 'react-router-dom'
import { useLocale, useMessages } from '../i18n/use-messages'
import { historyStore } from './call-history'
import { FOCUS_FORM } from './explorer-state'
import { explorerMessages } from './messages'
import { PathText } from './path-text'

export function HistoryList() {
  const m = useMessages('explorer', explorerMessages)
  const locale = useLocale()
  const entries = useSyncExternalStore(
    historyStore.subscribe,
    historyStore.entries,
    historyStore.entries,
  )
  const headingId = useId()
  if (entries.length === 0) return null
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' })
  return (
    <section className="card explorer-history" aria-labelledby={headingId}>
      <h2 id={headingId} className="explorer-tag">
        {m.history}
      </h2>
      <p className="field-hint">{m.historyHint}</p>
      <ol className="explorer-history-list">
        {entries.map((entry) => (
          <li key={entry.key}>
            <Link
              to={{ search: entry.search }}
              state={FOCUS_FORM}
              className="explorer-history-item"
            >
              <span className={`method method-${entry.method.toLowerCase()}`}>{entry.method}</span>{' '}
              <PathText className="mono explorer-op-path" path={entry.servicePath} />{' '}
              <span
                className={`chip ${entry.status !== null && entry.status < 400 ? 'explorer-status-ok' : 'explorer-status-error'}`}
              >
                {entry.status === null ? m.noAnswer : entry.status}
              </span>{' '}
              <time className="muted" dateTime={entry.at.toISOString()}>
                {time.format(entry.at)}
              </time>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  )
}
