import { lazy, Suspense } from 'react'
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

function ReloadNotice() {
  const m = useMessages('app', appMessages).errors
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
