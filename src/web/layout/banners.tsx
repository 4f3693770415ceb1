import { lazy, Suspense } from 'react'
import { useApiStatus } from '../lib/api-status-store'

/** Only the error states draw a banner: their code waits for one (docs/decisions/0008). */
const BannerNotices = lazy(() =>
  import('./api-notices').then((m) => ({ default: m.BannerNotices })),
)

/** Session ended and rate limited: app-wide news, announced to screen readers as it happens. */
export function Banners() {
  const { sessionEndedAt, rateLimitedUntil } = useApiStatus()
  return (
    // A named region, so a reader (and a test) can tell the app-wide news from a page's notices.
    // Drawn empty from the start (index.html's shell too): the live region exists before its news.
    <section className="banners" aria-label="App notices" aria-live="polite">
      {(sessionEndedAt !== null || rateLimitedUntil !== null) && (
        <Suspense fallback={null}>
          <BannerNotices />
        </Suspense>
      )}
    </section>
  )
}
