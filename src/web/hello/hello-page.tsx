import { useQuery } from '@tanstack/react-query'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { apiCall } from '../lib/api-call'
import { USER_HELLO } from '../../protocol/endpoint-rows-account'
import { ConnectFirst } from '../lib/connect-first'
import { ResponseMetaLine } from '../lib/response-meta'
import { sessionQueries } from '../session/session-queries'
import { helloQueries } from './hello-queries'
import '../lib/page.css'
import './hello-page.css'

export function HelloPage() {
  const session = useQuery(sessionQueries.current())
  const isConnected = session.data?.connected === true
  const greeting = useQuery({ ...helloQueries.greeting(), enabled: isConnected })

  return (
    <div className="page">
      <title>Hello · Yuque OAuth Playground</title>
      <header className="page-head">
        <h1>Hello</h1>
        <p className="lede">
          <span className="mono">GET /api/v2/hello</span>: the service&apos;s test endpoint. It
          greets the token&apos;s user by name, which proves the token works.
        </p>
      </header>
      {session.isPending ? (
        <div className="card greeting" aria-busy="true" aria-label="Loading the greeting">
          <span className="skeleton skeleton-line skeleton-greeting" />
        </div>
      ) : session.isError ? (
        <ApiErrorNotice error={session.error} onRetry={() => void session.refetch()} />
      ) : !isConnected ? (
        <ConnectFirst what="The greeting" />
      ) : greeting.isPending ? (
        <div className="card greeting" aria-busy="true" aria-label="Loading the greeting">
          <span className="skeleton skeleton-line skeleton-greeting" />
        </div>
      ) : greeting.isError ? (
        <ApiErrorNotice
          error={greeting.error}
          sessionScope={session.data.connected ? session.data.scope : null}
          onRetry={() => void greeting.refetch()}
        />
      ) : (
        <>
          <figure className="card greeting">
            <blockquote>
              <p>{greeting.data.data.message}</p>
            </blockquote>
            <figcaption className="muted">data.message</figcaption>
          </figure>
          <ResponseMetaLine request={apiCall(USER_HELLO).line} meta={greeting.data.meta} />
        </>
      )}
    </div>
  )
}
