import { useQuery } from '@tanstack/react-query'
import { missingScopes, safeParseScopes } from '../../protocol/scopes'
import { useApiStatus } from '../lib/api-status-store'
import { configQueries } from '../connect/config-queries'
import { sessionQueries } from '../session/session-queries'

const numberFormat = new Intl.NumberFormat()
/** Below this share of the limit, the meter turns to a warning. */
const LOW_SHARE = 0.1

function scopeList(scope: string): string[] {
  const parsed = safeParseScopes(scope)
  // An unknown scope name from the service is still shown as it came.
  return parsed.ok ? parsed.scopes : scope.split(',').filter((s) => s.trim() !== '')
}

function ScopeIndicator() {
  const session = useQuery(sessionQueries.current())
  const { grantedScopes } = useApiStatus()

  if (session.isPending) {
    return <span className="chip chip-muted">checking…</span>
  }
  if (session.data?.connected !== true) {
    return <span className="chip chip-muted">not connected · public data only</span>
  }
  // The latest X-OAuth-Scopes is the token's truth; the real service may not send it.
  const granted = grantedScopes ?? scopeList(session.data.scope)
  const requested = scopeList(session.data.requestedScope)
  // The user may untick scopes on the consent page (RFC 6749 §3.3).
  const notGranted = missingScopes(granted, requested)
  return (
    <>
      {granted.length === 0 ? (
        <span className="chip chip-muted">no scope — public read-only</span>
      ) : (
        <ul className="chips" aria-label="Granted scopes">
          {granted.map((scope) => (
            <li key={scope} className="chip">
              {scope}
            </li>
          ))}
        </ul>
      )}
      {notGranted.length > 0 && (
        <span className="status-note">
          requested <code>{requested.join(',')}</code>, not granted{' '}
          <code>{notGranted.join(',')}</code>
        </span>
      )}
    </>
  )
}

function RateLimitIndicator() {
  const { rateLimit } = useApiStatus()
  if (rateLimit === null) {
    return (
      <span className="status-value muted" title="No API response yet">
        unknown
      </span>
    )
  }
  const { limit, remaining } = rateLimit
  const isLow = limit > 0 && remaining / limit < LOW_SHARE
  const text = `${numberFormat.format(remaining)} / ${numberFormat.format(limit)}`
  return (
    <>
      <meter
        className="rate-meter"
        min={0}
        max={Math.max(limit, 1)}
        value={remaining}
        low={limit * LOW_SHARE}
        high={limit * 0.25}
        optimum={limit}
        aria-label="Requests left in the rate limit"
        aria-valuetext={`${text} requests left`}
      />
      <span className={isLow ? 'status-value status-warning' : 'status-value'}>
        {text}
        {isLow && ' · low'}
      </span>
    </>
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
        {config.data && (
          <div className="status-item status-service">
            <span className="status-label">Service</span>
            <span className="status-value mono" title={config.data.baseUrl}>
              {config.data.service === 'emulator' ? 'emulator' : new URL(config.data.baseUrl).host}
            </span>
          </div>
        )}
      </div>
    </section>
  )
}
