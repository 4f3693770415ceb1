/**
 * What the service answered through the proxy: the status and the time the call took, then
 * (response-details.tsx, loaded apart) every header, the body as a tree or as text, and the
 * request as code to run outside the playground (src/web/lib/snippets/).
 */
import { lazy, Suspense } from 'react'
import { formatNumber } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import type { LeafAction } from './json-view'
import { responseMessages } from './response-messages'
import type { RawApiResult } from './send-request'
// Here, not in the details' own chunk: one CSS file less (all CSS has a budget, bench/bundle.ts).
import '../lib/page.css'
import './response.css'

/**
 * The details load once the explorer has painted (when the browser is idle), so they are there
 * by the first Send's answer, and the route's own code stays within its budget (bench/bundle.ts).
 */
const loadDetails = () => import('./response-details')
const ResponseDetails = lazy(() =>
  loadDetails().then((module) => ({ default: module.ResponseDetails })),
)
if (typeof window !== 'undefined') {
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1))
  // Only a head start: offline it fails, and the first answer's render imports it again
  // (e2e/explorer-safety.spec.ts sends offline and expects no uncaught error).
  idle(() => void loadDetails().catch(() => undefined))
}

interface ResponseViewProps {
  result: RawApiResult
  request: { method: string; servicePath: string; body?: string }
  baseUrl: string
  /** Rendered beside every leaf of the body's tree: the form's "Use as …" (chaining a value). */
  leafAction?: LeafAction | undefined
}

/** One number per answer, for the tree's key (the answer object is new for every call). */
const answerIds = new WeakMap<RawApiResult, number>()
let answers = 0
function answerId(result: RawApiResult): number {
  let id = answerIds.get(result)
  if (id === undefined) {
    answers += 1
    id = answers
    answerIds.set(result, id)
  }
  return id
}

export function ResponseView({ result, request, baseUrl, leafAction }: ResponseViewProps) {
  const m = useMessages('response', responseMessages)
  const locale = useLocale()
  return (
    <section className="explorer-response" aria-label={m.response}>
      <h3>
        {m.response}{' '}
        <span
          className={`chip ${result.status < 400 ? 'explorer-status-ok' : 'explorer-status-error'}`}
        >
          HTTP {result.status}
        </span>{' '}
        <span className="muted">
          {m.milliseconds({ ms: formatNumber(locale, result.durationMs) })}
        </span>
      </h3>
      <Suspense fallback={null}>
        <ResponseDetails
          result={result}
          request={request}
          baseUrl={baseUrl}
          leafAction={leafAction}
          answer={answerId(result)}
        />
      </Suspense>
    </section>
  )
}
