/**
 * `/lab/callback`: where a run of the lab's editor comes back. The service returned the browser
 * to the registered redirect URI, whose code handed the return over here with its query
 * (src/web/callback/lab-hand-over.ts). The route's loader takes the query out of the address
 * bar at once (lab-return.ts) and posts it once to `POST /auth/lab/finish`; the page shows what
 * the proxy found. Its head tells an outcome: the server paints none for it (decision 0010).
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import { Link, useLoaderData } from 'react-router-dom'
import type { LabRunResult } from '../../protocol/lab-api'
import { useMessages } from '../i18n/use-messages'
import { ApiErrorNotice } from '../lib/api-error-notice'
import { LoadingStatus } from '../lib/loading-status'
import { LAB_PATH } from './lab-link'
import { finishLabRun } from './lab-queries'
import { takeLabReturn } from './lab-return'
import { labMessages } from './messages'
import '../lib/page.css'

/** The result's view, in its own chunk with the scenarios' (scenario-list.tsx). */
const EditorResultView = lazy(() =>
  import('./result-view').then((module) => ({ default: module.EditorResultView })),
)

export interface LabReturn {
  /** The finish's answer; null when the address had no return to finish. */
  result: Promise<LabRunResult> | null
}

/**
 * The route's loader (app-router.tsx), once per navigation: the return taken and sent once. A
 * later navigation here finds no query, and the finish is never sent again (the proxy spends the
 * run on its first finish).
 */
export function labCallbackLoader(): LabReturn {
  const query = takeLabReturn(window.location, window.history)
  if (query === null) return { result: null }
  const result = finishLabRun(query)
  // Judged by the page; never an unhandled rejection meanwhile.
  result.catch(() => undefined)
  return { result }
}

type Settled<T> =
  { status: 'pending' } | { status: 'done'; value: T } | { status: 'failed'; error: unknown }

/** A promise's outcome as state: the same promise followed twice (React's checks) settles once. */
function useSettled<T>(promise: Promise<T> | null): Settled<T> {
  const [settled, setSettled] = useState<Settled<T>>({ status: 'pending' })
  useEffect(() => {
    if (promise === null) return
    let isLive = true
    promise.then(
      (value) => isLive && setSettled({ status: 'done', value }),
      (error: unknown) => isLive && setSettled({ status: 'failed', error }),
    )
    return () => {
      isLive = false
    }
  }, [promise])
  return settled
}

export function LabCallbackPage() {
  const m = useMessages('lab', labMessages)
  const { result } = useLoaderData<LabReturn>()
  const settled = useSettled(result)
  const back = (
    <p className="notice-actions">
      <Link className="btn" to={LAB_PATH}>
        {m.callback.backToLab}
      </Link>
    </p>
  )
  return (
    <div className="page">
      <title>{m.callback.title}</title>
      <header className="page-head">
        <h1>{m.callback.heading}</h1>
      </header>
      {/* The page's one live region: the outcome, told once, in one line. */}
      <p className="visually-hidden" aria-live="polite">
        {settled.status === 'done'
          ? settled.value.exchanged
            ? m.result.exchanged
            : m.result.notExchanged
          : settled.status === 'failed'
            ? m.result.runFailed
            : ''}
      </p>
      {result === null ? (
        <p className="notice">{m.callback.nothing}</p>
      ) : settled.status === 'pending' ? (
        <LoadingStatus label={m.callback.finishing} className="card stack">
          <p className="busy">
            <span className="spinner" />
            {m.callback.finishing}
          </p>
          {[0, 1, 2, 3].map((line) => (
            <span key={line} className="skeleton skeleton-line" />
          ))}
        </LoadingStatus>
      ) : settled.status === 'failed' ? (
        <ApiErrorNotice error={settled.error} title={m.result.runFailed} />
      ) : (
        <div className="card">
          <Suspense fallback={<span className="spinner" aria-hidden="true" />}>
            <EditorResultView result={settled.value} />
          </Suspense>
        </div>
      )}
      {back}
    </div>
  )
}
