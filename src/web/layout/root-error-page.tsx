import { lazy, Suspense, useEffect } from 'react'
import { useMessages } from '../i18n/use-messages'
import { appMessages } from './messages'
import './layout.css'

/**
 * The card's code loads only when an error is shown: a first visit needs none of it
 * (docs/decisions/0008). Should that load fail too (the app was rebuilt while this tab was open,
 * or the server is gone), a reload is still offered.
 */
const ErrorCard = lazy(() =>
  import('./api-notices').then(
    (m) => ({ default: m.ErrorCard }),
    () => ({ default: ReloadNotice }),
  ),
)

/**
 * Also what an error page shows while the device is offline: the card's own code could not come
 * either. Such an error came from the lost connection (most often a page's code that could not
 * load, which the router keeps as that route's error), so when the connection is back the page
 * loads again by itself (e2e/offline.spec.ts, "a page whose code could not load").
 */
function ReloadNotice() {
  const m = useMessages('app', appMessages).errors
  useEffect(() => {
    if (navigator.onLine) return
    const reload = () => window.location.reload()
    addEventListener('online', reload)
    return () => removeEventListener('online', reload)
  }, [])
  return (
    <div className="card empty-state" role="alert">
      <h1>{m.chunkTitle}</h1>
      <p>{m.chunkDetail}</p>
      <p className="notice-actions">
        <a className="btn btn-primary" href="">
          {m.reload}
        </a>
      </p>
    </div>
  )
}

const Notice = () =>
  navigator.onLine ? (
    <Suspense fallback={null}>
      <ErrorCard />
    </Suspense>
  ) : (
    <ReloadNotice />
  )

/** The root errorElement: even when the layout itself fails, there is a way back. */
export function RootErrorPage() {
  return (
    <main id="main" className="page page-narrow">
      <Notice />
    </main>
  )
}

/** A page's errorElement: rendered inside the layout, so the header and indicators stay. */
export function PageErrorPage() {
  return (
    <div className="page page-narrow">
      <Notice />
    </div>
  )
}
