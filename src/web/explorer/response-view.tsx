/**
 * What the service answered through the proxy: the status, the time the call took, every header
 * (response-headers.tsx), the body as a tree or as text (json-view.tsx), and the request as code
 * to run outside the playground (src/web/lib/snippets/).
 */
import { formatNumber } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import { SnippetTabs } from '../lib/snippets/snippet-tabs'
import { snippetMessages } from '../lib/snippets/snippet-messages'
import { JsonView, type LeafAction } from './json-view'
import { ResponseHeaders } from './response-headers'
import { responseMessages } from './response-messages'
import type { RawApiResult } from './send-request'
import './response.css'

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
  const s = useMessages('snippets', snippetMessages)
  const locale = useLocale()
  return (
    <section className="explorer-response" aria-label={m.response}>
      <h3>
        {m.response}{' '}
        <span
          className={`chip ${result.status < 400 ? 'explorer-status-ok' : 'explorer-status-error'}`}
          role="status"
        >
          HTTP {result.status}
        </span>{' '}
        <span className="muted">
          {m.milliseconds({ ms: formatNumber(locale, result.durationMs) })}
        </span>
      </h3>
      <ResponseHeaders headers={result.headers} />
      {result.body === undefined ? (
        <p className="muted">{m.noBody}</p>
      ) : (
        // A new body starts a new tree: what was open, picked or searched was of the last one.
        <JsonView
          key={answerId(result)}
          value={result.body}
          label={m.responseBody}
          leafAction={leafAction}
        />
      )}
      <details className="explorer-snippets">
        <summary>{s.outside}</summary>
        <p className="field-hint">{s.outsideHint}</p>
        <SnippetTabs request={{ ...request, baseUrl }} />
      </details>
    </section>
  )
}
