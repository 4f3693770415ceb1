import { lazy, Suspense, useState } from 'react'
import { useMessages } from '../i18n/use-messages'
import { useApiStatus } from '../lib/api-status-store'
import { useIsOnline } from '../session/online-status'
import { appMessages } from './messages'

/** Only the error states draw a banner: their code waits for one (docs/decisions/0008). */
const BannerNotices = lazy(() =>
  import('./api-notices').then((m) => ({ default: m.BannerNotices })),
)

/**
 * Session ended, rate limited, offline: app-wide news. The event is announced once, in a status
 * region of its own whose text does not change while the state lasts; the banners themselves
 * (with the rate limit's ticking countdown) sit outside any live region (WCAG 4.1.3, without
 * re-reading a countdown every second).
 *
 * The offline banner is drawn here, not in the lazy chunk: offline, a chunk not yet loaded cannot
 * come (e2e/offline.spec.ts). It goes by itself when the connection is back, and the queries ask
 * again then (query-client.ts).
 */
export function Banners() {
  const app = useMessages('app', appMessages)
  const m = app.banners
  const { sessionEndedAt, rateLimitedUntil, disconnectedAt } = useApiStatus()
  const isOnline = useIsOnline()
  // "Back online" is news only after "offline" was: a first load announces nothing.
  const [wasOffline, setWasOffline] = useState(false)
  if (!isOnline && !wasOffline) setWasOffline(true)
  const news = [
    isOnline
      ? wasOffline
        ? app.offline.backOnline
        : ''
      : `${app.offline.title}${app.offline.text}`,
    disconnectedAt !== null ? `${m.disconnectedTitle}${m.disconnectedText}` : '',
    sessionEndedAt !== null ? `${m.sessionEndedTitle}${m.sessionEndedText}` : '',
    rateLimitedUntil !== null ? m.rateLimitedAnnounced : '',
  ]
  const hasLazyNews =
    disconnectedAt !== null || sessionEndedAt !== null || rateLimitedUntil !== null
  return (
    // A named region, so a reader (and a test) can tell the app-wide news from a page's notices.
    <section className="banners" aria-label={m.region}>
      {/* Drawn empty from the start (index.html's shell too): the live region exists before its news. */}
      <p className="visually-hidden" role="status">
        {news.filter(Boolean).join(' ')}
      </p>
      {!isOnline && (
        <div className="banner banner-offline">
          <p>
            <strong>{app.offline.title}</strong>
            {app.offline.text}
          </p>
        </div>
      )}
      {hasLazyNews && (
        <Suspense fallback={null}>
          <BannerNotices />
        </Suspense>
      )}
    </section>
  )
}
