import { lazy, Suspense } from 'react'
import { useMessages } from '../i18n/use-messages'
import { useApiStatus } from '../lib/api-status-store'
import { appMessages } from './messages'

/** Only the error states draw a banner: their code waits for one (docs/decisions/0008). */
const BannerNotices = lazy(() =>
  import('./api-notices').then((m) => ({ default: m.BannerNotices })),
)

/**
 * Session ended and rate limited: app-wide news. The event is announced once, in a status region
 * of its own whose text does not change while the state lasts; the banners themselves (with the
 * rate limit's ticking countdown) sit outside any live region (WCAG 4.1.3, without re-reading a
 * countdown every second).
 */
export function Banners() {
  const m = useMessages('app', appMessages).banners
  const { sessionEndedAt, rateLimitedUntil, disconnectedAt } = useApiStatus()
  const news = [
    disconnectedAt !== null ? `${m.disconnectedTitle}${m.disconnectedText}` : '',
    sessionEndedAt !== null ? `${m.sessionEndedTitle}${m.sessionEndedText}` : '',
    rateLimitedUntil !== null ? m.rateLimitedAnnounced : '',
  ]
  return (
    // A named region, so a reader (and a test) can tell the app-wide news from a page's notices.
    <section className="banners" aria-label={m.region}>
      {/* Drawn empty from the start (index.html's shell too): the live region exists before its news. */}
      <p className="visually-hidden" role="status">
        {news.filter(Boolean).join(' ')}
      </p>
      {news.some(Boolean) && (
        <Suspense fallback={null}>
          <BannerNotices />
        </Suspense>
      )}
    </section>
  )
}
