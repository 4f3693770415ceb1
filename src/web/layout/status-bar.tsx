import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useApiStatus } from '../lib/api-status-store'
import { configQueries } from '../connect/config-queries'
import { sessionQueries } from '../session/session-queries'

/** Drawn until an answer tells the limit (and index.html's shell draws it too). */
const unknownRateLimit = (
  <span
    className="status-value muted"
    title="No consistent X-RateLimit headers yet (the service may send none)"
  >
    unknown
  </span>
)
const RateLimitMeter = lazy(() =>
  import('./api-notices').then((m) => ({ default: m.RateLimitMeter })),
)

/**
 * What the token holds is only known to a connected session: that part ships in the chunk with
 * the header's ConnectedUser (see app-header.tsx), loaded once the session says connected.
 */
const GrantedScopes = lazy(() => import('./connected').then((m) => ({ default: m.GrantedScopes })))

const checking = <span className="chip chip-muted">checking…</span>

function ScopeIndicator() {
  const session = useQuery(sessionQueries.current())

  if (session.isPending) {
    return checking
  }
  if (session.data?.connected !== true) {
    return <span className="chip chip-muted">not connected · public data only</span>
  }
  return (
    <Suspense fallback={checking}>
      <GrantedScopes session={session.data} />
    </Suspense>
  )
}

function RateLimitIndicator() {
  const { rateLimit } = useApiStatus()
  return rateLimit === null ? (
    unknownRateLimit
  ) : (
    <Suspense fallback={unknownRateLimit}>
      <RateLimitMeter rateLimit={rateLimit} />
    </Suspense>
  )
}

export function StatusBar() {
  const config = useQuery(configQueries.playground())
  return (
    <section className="status-bar" aria-label="Token status">
      <div className="status-bar-inner">
        <div className="status-item">
          <span className="status-label">Scopes</span>
          <ScopeIndicator />
        </div>
        <div className="status-item">
          <span className="status-label">Rate limit</span>
          <RateLimitIndicator />
        </div>
        {/* Drawn from the start (index.html's shell too), so its arrival moves nothing. */}
        <div className="status-item status-service">
          <span className="status-label">Service</span>
          {config.data ? (
            <span className="status-value mono" title={config.data.baseUrl}>
              {config.data.service === 'emulator' ? 'emulator' : new URL(config.data.baseUrl).host}
            </span>
          ) : (
            checking
          )}
        </div>
      </div>
    </section>
  )
}
