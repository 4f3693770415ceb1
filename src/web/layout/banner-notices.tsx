import { Link } from 'react-router-dom'
import { apiStatusStore, useApiStatus } from '../lib/api-status-store'
import { useCountdown } from '../lib/use-countdown'
import './banner-notices.css'

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' })

/**
 * The banners themselves (session ended, rate limited): a chunk of their own, loaded only when
 * one is due (banners.tsx), since a first visit shows neither (docs/decisions/0008).
 */
export function BannerNotices() {
  const { sessionEndedAt, rateLimitedUntil, isRetryAfterKnown } = useApiStatus()
  const secondsLeft = useCountdown(rateLimitedUntil)
  const isRateLimited = rateLimitedUntil !== null && secondsLeft > 0

  return (
    <>
      {sessionEndedAt !== null && (
        <div className="banner banner-error">
          <p>
            <strong>Your session ended</strong> (the service rejected the token); connect again.
          </p>
          <div className="banner-actions">
            <Link className="btn btn-small btn-primary" to="/">
              Connect again
            </Link>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => apiStatusStore.clearSessionEnded()}
            >
              Dismiss
            </button>
          </div>
        </div>
      )}
      {isRateLimited && (
        <div className="banner banner-warning">
          {isRetryAfterKnown ? (
            <p>
              <strong>Rate limit reached.</strong> The service asks to wait{' '}
              <span className="mono">{secondsLeft} s</span> (until{' '}
              <time dateTime={new Date(rateLimitedUntil).toISOString()}>
                {timeFormat.format(rateLimitedUntil)}
              </time>
              ) before the next request (Retry-After). Nothing is retried automatically until then.
            </p>
          ) : (
            <p>
              <strong>Rate limit reached.</strong> The service did not say when; try again in a few
              minutes. The playground holds back for <span className="mono">{secondsLeft} s</span>{' '}
              (until{' '}
              <time dateTime={new Date(rateLimitedUntil).toISOString()}>
                {timeFormat.format(rateLimitedUntil)}
              </time>
              ), longer after each such answer in a row.
            </p>
          )}
        </div>
      )}
    </>
  )
}
