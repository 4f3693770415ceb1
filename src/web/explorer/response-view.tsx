/**
 * What the service answered through the proxy: status, the headers the playground passes back
 * (rate limit, scopes), the time the call took, the body as a searchable tree, and the request
 * as curl and as TypeScript to run outside the playground.
 */
import { useState } from 'react'
import type { RawApiResult } from './send-request'
import { JsonView } from './json-view'
import { curlSnippet, fetchSnippet, type SnippetRequest } from './snippets'

function CopyButton({ label, text }: { label: string; text: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    )
  return (
    <button type="button" className="btn btn-small" onClick={() => void copy()}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
    </button>
  )
}

interface ResponseViewProps {
  result: RawApiResult
  request: { method: string; servicePath: string; body?: string }
  baseUrl: string
}

export function ResponseView({ result, request, baseUrl }: ResponseViewProps) {
  const snippet: SnippetRequest = { ...request, baseUrl }
  const headers = [...result.headers].filter(([name]) =>
    /^x-(ratelimit|oauth|accepted)|^retry-after$/i.test(name),
  )
  const curl = curlSnippet(snippet)
  const code = fetchSnippet(snippet)
  return (
    <section className="explorer-response" aria-label="Response">
      <h3>
        Response{' '}
        <span
          className={`chip ${result.status < 400 ? 'explorer-status-ok' : 'explorer-status-error'}`}
          role="status"
        >
          HTTP {result.status}
        </span>{' '}
        <span className="muted">{result.durationMs} ms</span>
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
        <p className="muted">No body.</p>
      ) : (
        <JsonView value={result.body} label="Response body" />
      )}
      <details className="explorer-snippets">
        <summary>Run it outside the playground</summary>
        <p className="field-hint">Against the service itself; set YUQUE_TOKEN to a token first.</p>
        <pre className="mono" aria-label="curl command">
          {curl}
        </pre>
        <CopyButton label="Copy as curl" text={curl} />
        <pre className="mono" aria-label="TypeScript fetch">
          {code}
        </pre>
        <CopyButton label="Copy as fetch (TypeScript)" text={code} />
      </details>
    </section>
  )
}
