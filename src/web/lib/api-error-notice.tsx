import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { formatDuration } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import { useApiStatus } from './api-status-store'
import { connectHref } from './connect-link'
import { describeApiError } from './describe-api-error'
import { commonMessages } from './messages'
import { useCountdown } from './use-countdown'
import './page.css'

interface ApiErrorNoticeProps {
  error: unknown
  /** The session's granted scope, when the response does not carry `X-OAuth-Scopes`. */
  sessionScope?: string | null
  onRetry?: () => void
  /** Replace the generic title and text (e.g. a lookup's "No user with login …"). */
  title?: string
  detail?: ReactNode
  /** The connect button's text, where "Connect again" would be wrong (never connected). */
  connectLabel?: string
}

export function ApiErrorNotice({
  error,
  sessionScope = null,
  onRetry,
  title,
  detail,
  connectLabel,
}: ApiErrorNoticeProps) {
  const m = useMessages('common', commonMessages)
  const locale = useLocale()
  const location = useLocation()
  const { rateLimitedUntil } = useApiStatus()
  const secondsLeft = useCountdown(rateLimitedUntil)
  const description = describeApiError(error, sessionScope)
  const here = `${location.pathname}${location.search}`

  return (
    <div className="notice notice-error">
      {/* Only what happened is announced, once: the actions (and the ticking countdown of the
          Retry button) stay outside the alert, or it would be read again every second. */}
      <div role="alert">
        <p className="notice-title">{title ?? description.title}</p>
        <p>{detail ?? description.detail}</p>
      </div>
      {/* The one "Connect again" of an ended session: the banner (layout/banner-notices.tsx) names
          the event without a button, since this link keeps the page to come back to
          (e2e/session-ended.spec.ts). */}
      {description.next === 'connect' && (
        <p className="notice-actions">
          <Link className="btn btn-primary" to={connectHref(here, description.reconnectScopes)}>
            {connectLabel ?? m.connectAgain}
          </Link>
        </p>
      )}
      {description.next === 'retry' && onRetry && (
        <p className="notice-actions">
          <button type="button" className="btn" onClick={onRetry}>
            {m.retry}
          </button>
        </p>
      )}
      {description.next === 'wait' && onRetry && (
        <p className="notice-actions">
          <button type="button" className="btn" onClick={onRetry} disabled={secondsLeft > 0}>
            {secondsLeft > 0 ? m.retryIn({ wait: formatDuration(locale, secondsLeft) }) : m.retry}
          </button>
        </p>
      )}
    </div>
  )
}
