import { formatDuration, formatTime } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import { apiStatusStore, useApiStatus } from '../lib/api-status-store'
import { useCountdown } from '../lib/use-countdown'
import { appMessages } from './messages'
import { noticeMessages } from './notice-messages'
import './banner-notices.css'

/**
 * The banners themselves (session ended, rate limited): a chunk of their own, loaded only when
 * one is due (banners.tsx), since a first visit shows neither (docs/decisions/0008). Outside any
 * live region: banners.tsx announces each event once.
 */
export function BannerNotices() {
  const m = {
    ...useMessages('app', appMessages).banners,
    ...useMessages('notices', noticeMessages),
  }
  const locale = useLocale()
  const { sessionEndedAt, rateLimitedUntil, isRetryAfterKnown, disconnectedAt } = useApiStatus()
  const secondsLeft = useCountdown(rateLimitedUntil)
  const isRateLimited = rateLimitedUntil !== null && secondsLeft > 0
  // The same duration as the notice's Retry button (api-error-notice.tsx): one countdown.
  const times = isRateLimited
    ? {
        wait: formatDuration(locale, secondsLeft),
        until: formatTime(locale, new Date(rateLimitedUntil)),
      }
    : null

  return (
    <>
      {disconnectedAt !== null && (
        <div className="banner banner-info">
          <p>
            <strong>{m.disconnectedTitle}</strong>
            {m.disconnectedText}
          </p>
          <div className="banner-actions">
            <DismissButton label={m.dismiss} onClick={() => apiStatusStore.clearDisconnected()} />
          </div>
        </div>
      )}
      {sessionEndedAt !== null && (
        <div className="banner banner-error">
          <p>
            <strong>{m.sessionEndedTitle}</strong>
            {m.sessionEndedText}
          </p>
          {/* No "Connect again" here: the page already offers the way back, and one that
              returns to it (the refused request's notice, lib/api-error-notice.tsx, or "Connect
              first", lib/connect-first.tsx); a second button beside it said the same twice
              (e2e/session-ended.spec.ts). The header's Connect tab is there on every page. */}
          <div className="banner-actions">
            <DismissButton label={m.dismiss} onClick={() => apiStatusStore.clearSessionEnded()} />
          </div>
        </div>
      )}
      {times !== null && (
        <div className="banner banner-warning">
          <p>
            <strong>{m.rateLimitedTitle}</strong>
            {isRetryAfterKnown ? m.rateLimitedKnown(times) : m.rateLimitedGuessed(times)}
          </p>
        </div>
      )}
    </>
  )
}

function DismissButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-small" onClick={onClick}>
      {label}
    </button>
  )
}
