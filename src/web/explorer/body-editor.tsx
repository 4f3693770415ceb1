/**
 * The request body. A document's create and update get a form: the Markdown `body` in a textarea
 * of its own and the other fields as inputs, assembled into the JSON object the proxy gets
 * (docs/service.md#requests), rather than Markdown escaped inside a JSON string. A "JSON" toggle
 * shows the raw object for anything the form does not cover; every other operation edits JSON.
 * Either way the JSON text is the one state (explorer-state.ts `body`), so a link carries it.
 */
import { useId, useState } from 'react'
import type { Endpoint } from '../../protocol/endpoints'
import { useMessages } from '../i18n/use-messages'
import { explorerMessages } from './messages'

/** The document operations whose body is a document: title, slug, visibility, format, text. */
const DOC_BODY_OPERATIONS = new Set([
  'doc.createById',
  'doc.create',
  'doc.updateById',
  'doc.update',
])

/** The document's enums for the body's fields (spec/yuque-openapi-2.0.1.json, ApiV2DocCreateByIdPost). */
const CHOICES: Readonly<Record<'public' | 'format', readonly string[]>> = {
  public: ['0', '1', '2'],
  format: ['markdown', 'html', 'lake'],
}

export const hasBodyForm = (endpoint: Endpoint) => DOC_BODY_OPERATIONS.has(endpoint.id)

type BodyObject = Record<string, unknown>

/** The body as an object, or null while the text is not a JSON object. */
export function parseBody(text: string): BodyObject | null {
  try {
    const parsed: unknown = JSON.parse(text)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as BodyObject)
      : null
  } catch {
    return null
  }
}

/** `body` with `field` set (a number for `public`), or without it when emptied; order kept. */
export function withField(body: BodyObject, field: string, value: string): string {
  const next: BodyObject = { ...body }
  if (value === '') delete next[field]
  else next[field] = field === 'public' ? Number(value) : value
  return JSON.stringify(next, null, 2)
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : ''

interface BodyEditorProps {
  endpoint: Endpoint
  body: string
  problem: string | undefined
  onChange: (body: string) => void
}

export function BodyEditor({ endpoint, body, problem, onChange }: BodyEditorProps) {
  const m = useMessages('explorer', explorerMessages)
  const id = useId()
  const parsed = parseBody(body)
  const [raw, setRaw] = useState(() => !hasBodyForm(endpoint) || parsed === null)
  const showForm = hasBodyForm(endpoint) && !raw && parsed !== null
  const hint = (
    <p id={`${id}-hint`} className={problem === undefined ? 'field-hint' : 'field-error'}>
      {problem ?? (showForm ? m.bodyFormHint : m.bodyHint)}
    </p>
  )
  return (
    <fieldset className="explorer-body-set">
      <legend className="explorer-legend">
        {m.requestBody}
        {hasBodyForm(endpoint) && (
          <button
            type="button"
            className="btn btn-small"
            aria-pressed={raw}
            disabled={!raw ? false : parsed === null}
            onClick={() => setRaw(!raw)}
          >
            {m.rawJson}
          </button>
        )}
      </legend>
      {showForm ? (
        <>
          <div className="explorer-body-grid">
            {(['title', 'slug'] as const).map((field) => (
              <div key={field} className="explorer-field">
                <label htmlFor={`${id}-${field}`}>
                  <span className="mono">{field}</span>{' '}
                  <span className="muted">{m.bodyFields[field]}</span>
                </label>
                <input
                  id={`${id}-${field}`}
                  className="input"
                  value={text(parsed[field])}
                  spellCheck={field === 'title'}
                  autoComplete="off"
                  onChange={(event) => onChange(withField(parsed, field, event.target.value))}
                />
              </div>
            ))}
            {(['public', 'format'] as const).map((field) => (
              <div key={field} className="explorer-field">
                <label htmlFor={`${id}-${field}`}>
                  <span className="mono">{field}</span>{' '}
                  <span className="muted">{m.bodyFields[field]}</span>
                </label>
                <select
                  id={`${id}-${field}`}
                  className="input mono explorer-select"
                  value={text(parsed[field])}
                  onChange={(event) => onChange(withField(parsed, field, event.target.value))}
                >
                  <option value="">{m.bodyUnset}</option>
                  {CHOICES[field].map((choice) => (
                    <option key={choice} value={choice}>
                      {field === 'public' ? m.visibility[choice as '0' | '1' | '2'] : choice}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
          <div className="explorer-field">
            <label htmlFor={`${id}-body`}>
              <span className="mono">body</span>{' '}
              <span className="muted">
                {m.bodyText({ format: text(parsed.format) || 'markdown' })}
              </span>
            </label>
            <textarea
              id={`${id}-body`}
              className="input explorer-body explorer-markdown"
              rows={Math.min(16, Math.max(6, text(parsed.body).split('\n').length + 1))}
              value={text(parsed.body)}
              onChange={(event) => onChange(withField(parsed, 'body', event.target.value))}
              aria-describedby={`${id}-hint`}
            />
          </div>
        </>
      ) : (
        <div className="explorer-field">
          <label htmlFor={`${id}-json`}>{m.jsonBody}</label>
          <textarea
            id={`${id}-json`}
            className="input mono explorer-body"
            rows={Math.min(14, body.split('\n').length + 1)}
            value={body}
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={problem !== undefined}
            aria-describedby={`${id}-hint`}
          />
        </div>
      )}
      {hint}
    </fieldset>
  )
}
