/**
 * What the service answered through the proxy: status, the headers the playground passes back
 * (rate limit, scopes), the time the call took, the body as a searchable tree, and the request
 * as curl and as TypeScript to run outside the playground.
 */
import { useState, type ReactNode } from 'react'
import { formatNumber } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import { explorerMessages } from './messages'
import type { RawApiResult } from './send-request'
import { JsonView } from './json-view'
import { curlSnippet, fetchSnippet, type SnippetRequest } from './snippets'

function CopyButton({ label, text }: { label: string; text: string }) {
  const m = useMessages('explorer', explorerMessages)
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    )
  return (
    <button type="button" className="btn btn-small" onClick={() => void copy()}>
      {state === 'copied' ? m.copied : state === 'failed' ? m.copyFailed : label}
    </button>
  )
}

interface ResponseViewProps {
  result: RawApiResult
  request: { method: string; servicePath: string; body?: string }
  baseUrl: string
  leafAction?: (path: readonly (string | number)[], value: unknown) => ReactNode
}

export function ResponseView({ result, request, baseUrl }: ResponseViewProps) {
  const m = useMessages('explorer', explorerMessages)
  const locale = useLocale()
  const snippet: SnippetRequest = { ...request, baseUrl }
  const headers = [...result.headers].filter(([name]) =>
    /^x-(ratelimit|oauth|accepted)|^retry-after$/i.test(name),
  )
  const curl = curlSnippet(snippet)
  const code = fetchSnippet(snippet)
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
      {headers.length > 0 && (
        <dl className="props explorer-headers">
          {headers.map(([name, value]) => (
            <div key={name} className="props-row">
              <dt className="mono">{name}</dt>
              <dd className="mono">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {result.body === undefined ? (
        <p className="muted">{m.noBody}</p>
      ) : (
        <JsonView value={result.body} label={m.responseBody} />
      )}
      <details className="explorer-snippets">
        <summary>{m.outside}</summary>
        <p className="field-hint">{m.outsideHint}</p>
        {/* Captions, not aria-label on <pre> (which a screen reader may not announce). */}
        <figure>
          <figcaption className="field-hint">{m.curlCaption}</figcaption>
          <pre className="mono">{curl}</pre>
        </figure>
        <CopyButton label={m.copyCurl} text={curl} />
        <figure>
          <figcaption className="field-hint">{m.fetchCaption}</figcaption>
          <pre className="mono">{code}</pre>
        </figure>
        <CopyButton label={m.copyFetch} text={code} />
      </details>
    </section>
  )
}
