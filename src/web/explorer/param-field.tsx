/**
 * One parameter of the form: required ones marked (aria-required, and a visible tag), an enum or
 * a boolean as a <select> (with an empty "—" where the parameter may be left out), the default as
 * the placeholder (never an empty "default"), the document's description in the page's language
 * (params-en.ts), and the values seen in earlier responses offered in a <datalist> with their
 * names (chain.ts), the one typed named beside the field.
 */
import { useId } from 'react'
import type { Endpoint } from '../../protocol/endpoints'
import { useLocale, useMessages } from '../i18n/use-messages'
import type { CatalogueParam } from './catalogue-types'
import type { ChainValue } from './chain'
import { explorerMessages } from './messages'
import { PARAMS_EN } from './params-en'

interface ParamFieldProps {
  endpoint: Endpoint
  name: string
  where: 'path' | 'query'
  doc: CatalogueParam | undefined
  /** The table's own words for a query value (endpoint-types.ts), where the document has none. */
  fallbackHint: string
  required: boolean
  value: string
  problem: string | undefined
  suggestions: readonly ChainValue[]
  /** Where the value came from, when the form filled it (the session, a pick). */
  filledFrom: string | undefined
  onChange: (value: string) => void
}

/** A select's options: the enum, or true/false for a boolean. */
function choicesOf(doc: CatalogueParam | undefined): readonly string[] | undefined {
  if (doc?.enum !== undefined) return doc.enum.map(String)
  if (doc?.type === 'boolean') return ['true', 'false']
  return undefined
}

export function ParamField(props: ParamFieldProps) {
  const { name, where, doc, required, value, problem, suggestions, onChange } = props
  const m = useMessages('explorer', explorerMessages)
  const locale = useLocale()
  const id = useId()
  const hintId = `${id}-hint`
  const listId = `${id}-seen`
  const choices = choicesOf(doc)
  // An empty default says nothing ("默认为空" is the description's to explain): left out.
  const defaultValue =
    doc?.default === undefined || doc.default === '' ? undefined : String(doc.default)
  const description =
    doc === undefined
      ? props.fallbackHint
      : locale === 'zh-CN'
        ? doc.zh
        : (PARAMS_EN[doc.zh] ?? props.fallbackHint)
  const seenLabel = suggestions.find((entry) => entry.value === value)?.label ?? ''
  const common = {
    id,
    'aria-required': required,
    'aria-invalid': problem !== undefined,
    'aria-describedby': hintId,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  }
  return (
    <div className="explorer-field">
      <label htmlFor={id} className="explorer-label">
        <span className="mono">{name}</span> <span className="muted">{m.where[where]}</span>
        {required && (
          <span className="explorer-required" aria-hidden="true">
            {m.required}
          </span>
        )}
      </label>
      {choices === undefined ? (
        <div className="explorer-input-row">
          <input
            {...common}
            className="input mono"
            value={value}
            autoComplete="off"
            spellCheck={false}
            inputMode={doc?.type === 'integer' ? 'numeric' : undefined}
            placeholder={
              defaultValue === undefined ? undefined : m.defaultIs({ value: defaultValue })
            }
            list={suggestions.length > 0 ? listId : undefined}
          />
          {seenLabel !== '' && (
            <span className="explorer-seen-label" title={seenLabel}>
              {seenLabel}
            </span>
          )}
        </div>
      ) : (
        <select {...common} className="input mono explorer-select" value={value}>
          {(!required || value === '') && (
            <option value="">
              {defaultValue === undefined ? '—' : m.emptyDefault({ value: defaultValue })}
            </option>
          )}
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      )}
      {suggestions.length > 0 && (
        <datalist id={listId}>
          {suggestions.map((entry) => (
            <option key={entry.value} value={entry.value} label={entry.label || entry.value} />
          ))}
        </datalist>
      )}
      <p id={hintId} className={problem === undefined ? 'field-hint' : 'field-error'}>
        {problem ?? (
          <>
            {description}
            {doc !== undefined && (
              <span className="explorer-type"> · {m.types[doc.type] ?? doc.type}</span>
            )}
            {suggestions.length > 0 && ` · ${m.seenCount({ count: suggestions.length })}`}
            {props.filledFrom !== undefined && ` · ${props.filledFrom}`}
          </>
        )}
      </p>
    </div>
  )
}
