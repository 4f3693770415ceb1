/**
 * The answer below its status line (response-view.tsx): every header, the body as a tree or as
 * text, and the request as code to run outside the playground. Loaded apart from the explorer's
 * route, which stays within its budget (bench/bundle.ts): nothing here is needed before a Send.
 */
import { useMessages } from '../i18n/use-messages'
import { SnippetTabs } from '../lib/snippets/snippet-tabs'
import { snippetMessages } from '../lib/snippets/snippet-messages'
import { JsonView, type LeafAction } from './json-view'
import { ResponseHeaders } from './response-headers'
import { responseMessages } from './response-messages'
import type { RawApiResult } from './send-request'

export interface ResponseDetailsProps {
  result: RawApiResult
  request: { method: string; servicePath: string; body?: string }
  baseUrl: string
  leafAction?: LeafAction | undefined
  /** Changes with each answer: the tree starts afresh (what was open or picked was the last one's). */
  answer: number
}

export function ResponseDetails({
  result,
  request,
  baseUrl,
  leafAction,
  answer,
}: ResponseDetailsProps) {
  const m = useMessages('response', responseMessages)
  const s = useMessages('snippets', snippetMessages)
  return (
    <>
      <ResponseHeaders headers={result.headers} />
      {result.body === undefined ? (
        <p className="muted">{m.noBody}</p>
      ) : (
        <JsonView key={answer} value={result.body} label={m.responseBody} leafAction={leafAction} />
      )}
      <details className="explorer-snippets">
        <summary>{s.outside}</summary>
        <p className="field-hint">{s.outsideHint}</p>
        <SnippetTabs request={{ ...request, baseUrl }} />
      </details>
    </>
  )
}
