import { lazy, Suspense } from 'react'
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

function ReloadNotice() {
  return (
    <p className="card empty-state" role="alert">
      This page could not be loaded. <a href="">Reload</a>
    </p>
  )
}

/** The root errorElement: even when the layout itself fails, there is a way back. */
export function RootErrorPage() {
  return (
    <main id="main" className="page page-narrow">
      <Suspense fallback={null}>
        <ErrorCard />
      </Suspense>
    </main>
  )
}

/** A page's errorElement: rendered inside the layout, so the header and indicators stay. */
export function PageErrorPage() {
  return (
    <div className="page page-narrow">
      <Suspense fallback={null}>
        <ErrorCard />
      </Suspense>
    </div>
  )
}
