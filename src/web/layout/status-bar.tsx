import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useMessages } from '../i18n/use-messages'
import { useApiStatus } from '../lib/api-status-store'
import { StaleMark } from '../lib/service-down'
import { configQueries } from '../lib/config-queries'
import { sessionQueries } from '../session/session-queries'
import { appMessages } from './messages'

type StatusMessages = (typeof appMessages)['status']

const RateLimitMeter = lazy(() =>
  import('./api-notices').then((m) => ({ default: m.RateLimitMeter })),
)

/**
 * What the token holds is only known to a connected session: that part ships in the chunk with
 * the header's ConnectedUser (see app-header.tsx), loaded once the session says connected.
 */
const GrantedScopes = lazy(() => import('./connected').then((m) => ({ default: m.GrantedScopes })))

/** Drawn until an answer tells the limit (and index.html's shell draws it too). */
function UnknownRateLimit({ m }: { m: StatusMessages }) {
  return (
    <span className="status-value muted" title={m.unknownTitle}>
      {m.unknown}
    </span>
  )
}

function Checking({ m }: { m: StatusMessages }) {
  return <span className="chip chip-muted">{m.checking}</span>
}

function ScopeIndicator({ m }: { m: StatusMessages }) {
  const session = useQuery(sessionQueries.current())

  if (session.isPending) {
    return <Checking m={m} />
  }
  if (session.data?.connected !== true) {
    return <span className="chip chip-muted">{m.notConnected}</span>
  }
  return (
    <Suspense fallback={<Checking m={m} />}>
      <GrantedScopes session={session.data} />
    </Suspense>
  )
}

function RateLimitIndicator({ m }: { m: StatusMessages }) {
  const { rateLimit } = useApiStatus()
  return rateLimit === null ? (
    <UnknownRateLimit m={m} />
  ) : (
    <Suspense fallback={<UnknownRateLimit m={m} />}>
      <RateLimitMeter rateLimit={rateLimit} />
    </Suspense>
  )
}

function ServiceIndicator({ m }: { m: StatusMessages }) {
  const config = useQuery(configQueries.playground())
  if (!config.data) return <Checking m={m} />
  return (
    <>
      <span className="status-value mono" title={config.data.baseUrl}>
        {config.data.service === 'emulator' ? m.emulator : new URL(config.data.baseUrl).host}
      </span>
      {/* Cached data on the page may be out of date while nothing answers (lib/service-down.tsx). */}
      <StaleMark />
    </>
  )
}

export function StatusBar() {
  const m = useMessages('app', appMessages).status
  return (
    <section className="status-bar" aria-label={m.region}>
      <div className="status-bar-inner">
        <div className="status-item">
          <span className="status-label">{m.scopes}</span>
          <ScopeIndicator m={m} />
        </div>
        <div className="status-item">
          <span className="status-label">{m.rateLimit}</span>
          <RateLimitIndicator m={m} />
        </div>
        {/* Drawn from the start (index.html's shell too), so its arrival moves nothing. */}
        <div className="status-item status-service">
          <span className="status-label">{m.service}</span>
          <ServiceIndicator m={m} />
        </div>
      </div>
    </section>
  )
}
