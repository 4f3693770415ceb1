import { useQuery } from '@tanstack/react-query'
import { ServiceText } from '../i18n/service-text'
import { useMessages } from '../i18n/use-messages'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { apiCall } from '../lib/api-call'
import { USER_HELLO } from '../../protocol/endpoint-rows-account'
import { ConnectFirst } from '../lib/connect-first'
import { ResponseMetaLine } from '../lib/response-meta'
import { OutOfDateNote, isOutOfDate } from '../lib/out-of-date'
import { sessionQueries } from '../session/session-queries'
import { helloQueries } from './hello-queries'
import { helloMessages } from './messages'
import '../lib/page.css'
import './hello-page.css'

/** The greeting's box while it loads: a status with hidden text (WCAG 4.1.3, Status Messages). */
function GreetingSkeleton({ label }: { label: string }) {
  return (
    <div className="card greeting" role="status">
      <span className="visually-hidden">{label}</span>
      <span className="skeleton skeleton-line skeleton-greeting" aria-hidden="true" />
    </div>
  )
}

export function HelloPage() {
  const m = useMessages('hello', helloMessages)
  const session = useQuery(sessionQueries.current())
  const isConnected = session.data?.connected === true
  const greeting = useQuery({ ...helloQueries.greeting(), enabled: isConnected })
  const isStale = isOutOfDate(greeting)

  return (
    <div className="page">
      <title>{m.documentTitle}</title>
      <header className="page-head">
        <h1>{m.heading}</h1>
        <p className="lede">
          <span className="mono">GET /api/v2/hello</span>
          {m.lede}
        </p>
      </header>
      {session.isPending ? (
        <GreetingSkeleton label={m.loading} />
      ) : session.isError ? (
        <ApiErrorNotice error={session.error} onRetry={() => void session.refetch()} />
      ) : !isConnected ? (
        <ConnectFirst what={m.connectFirstWhat} />
      ) : greeting.isPending ? (
        <GreetingSkeleton label={m.loading} />
      ) : greeting.isError && !isStale ? (
        <ApiErrorNotice
          error={greeting.error}
          sessionScope={session.data.connected ? session.data.scope : null}
          onRetry={() => void greeting.refetch()}
        />
      ) : greeting.data === undefined ? null : (
        <>
          {isStale && <OutOfDateNote updatedAt={greeting.dataUpdatedAt} />}
          <figure className="card greeting">
            <blockquote>
              <p>
                <ServiceText text={greeting.data.data.message} />
              </p>
            </blockquote>
            <figcaption className="muted">
              {m.caption} <span className="mono">({m.captionField})</span>
            </figcaption>
          </figure>
          <ResponseMetaLine request={apiCall(USER_HELLO).line} meta={greeting.data.meta} />
        </>
      )}
    </div>
  )
}
