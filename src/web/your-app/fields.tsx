/**
 * The page's fields: a label, a controlled input that keeps the text exactly as typed (no
 * transformation, so the caret never jumps and an input method's composition is never cut:
 * app-form-state.ts trims what is sent instead), a hint and an error tied to it by
 * `aria-describedby`, and `aria-invalid` while refused. The error line is drawn only once
 * there is one; focus, not a live region, brings a refused field to the reader
 * (your-app-page.tsx, useFocusRequest). No `maxLength`: a browser cuts a longer paste silently,
 * and a cut secret would be saved and refused by the service later; app-form-state.ts refuses
 * it whole as `too_long`, against the protocol's FIELD_MAX_LENGTH, which the server checks too.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { useMessages } from '../i18n/use-messages'
import type { FieldPath } from './app-form-state'
import { yourAppMessages } from './messages'

/** The element id of a field: the page's id base and the field's path in the request. */
export function fieldId(base: string, path: FieldPath): string {
  return `${base}${path.replace(/\./g, '-')}`
}

interface TextFieldProps {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  hint?: ReactNode
  /** The refusal in words, or null. */
  error: string | null
  onBlur?: () => void
  /** A password field, with a Show box beside it. */
  isSecret?: boolean
  placeholder?: string
  children?: ReactNode
}

export function TextField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  onBlur,
  isSecret = false,
  placeholder,
  children,
}: TextFieldProps) {
  const m = useMessages('yourApp', yourAppMessages)
  const [isShown, setIsShown] = useState(false)
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint === undefined ? null : hintId, error === null ? null : errorId]
    .filter((part) => part !== null)
    .join(' ')
  return (
    <div className="app-field">
      <label htmlFor={id}>{label}</label>
      <div className="notice-actions">
        <input
          id={id}
          className="input mono"
          type={isSecret && !isShown ? 'password' : 'text'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          placeholder={placeholder}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error !== null}
          aria-describedby={describedBy === '' ? undefined : describedBy}
        />
        {isSecret && (
          <label>
            <input
              type="checkbox"
              checked={isShown}
              onChange={(event) => setIsShown(event.target.checked)}
              aria-label={m.showSecret({ field: label })}
            />
            {m.show}
          </label>
        )}
        {children}
      </div>
      {hint !== undefined && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error !== null && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * A secret's field: once one is saved, only its last four characters and Replace; after
 * Replace, the field, and Keep to go back to the saved one (the request then leaves it out).
 */
export function SecretField({
  savedHint,
  keepsSaved,
  onKeepsSaved,
  ...field
}: Omit<TextFieldProps, 'isSecret'> & {
  /** The saved secret's last four characters (`…a1b2`), or null when none is saved. */
  savedHint: string | null
  keepsSaved: boolean
  onKeepsSaved: (keeps: boolean) => void
}) {
  const m = useMessages('yourApp', yourAppMessages)
  // The button pressed goes away: focus moves to what takes its place (WCAG 2.4.3).
  const [moved, setMoved] = useState<'field' | 'replace' | null>(null)
  useEffect(() => {
    if (moved !== null)
      document.getElementById(`${field.id}${moved === 'field' ? '' : '-replace'}`)?.focus()
  }, [moved, field.id])
  if (savedHint !== null && keepsSaved) {
    return (
      <div className="app-field">
        <span>{field.label}</span>
        <div className="notice-actions">
          <span>{m.savedSecret({ hint: <code>{savedHint}</code> })}</span>
          <button
            id={`${field.id}-replace`}
            type="button"
            className="btn btn-small"
            onClick={() => {
              onKeepsSaved(false)
              setMoved('field')
            }}
          >
            {m.replace}
          </button>
        </div>
      </div>
    )
  }
  return (
    <TextField {...field} isSecret>
      {savedHint !== null && (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            onKeepsSaved(true)
            setMoved('replace')
          }}
        >
          {m.keepSaved}
        </button>
      )}
    </TextField>
  )
}

/**
 * Moves the focus to a field once it is drawn (a refused submit: WCAG 3.3.1, the reader lands
 * on the first field in error and hears its message). The service's choice and host are one
 * radio group, focused on its chosen radio.
 */
export function useFocusRequest(idBase: string): (path: FieldPath) => void {
  const [request, setRequest] = useState<{ path: FieldPath } | null>(null)
  useEffect(() => {
    if (request === null) return
    const path =
      request.path === 'service.kind' || request.path === 'service.host' ? 'service' : request.path
    document.getElementById(fieldId(idBase, path))?.focus()
  }, [request, idBase])
  // A new object each time: the same field refused twice is focused twice.
  return useCallback((path: FieldPath) => setRequest({ path }), [])
}

/**
 * A value to copy elsewhere (the callback URL), with its button and how the copy went said
 * beside it in a polite live region. lib/snippets/copy-button.tsx does the same for the
 * explorer; importing it from here regrouped the pages' shared chunks so that other pages
 * downloaded more (the route budget, bench/bundle-budget.test.ts; docs/decisions/0008).
 */
export function CopyField({ label, value, hint }: { label: string; value: string; hint: string }) {
  const m = useMessages('yourApp', yourAppMessages)
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = () => {
    // Emptied first, so that a second copy is announced again.
    setState('idle')
    navigator.clipboard.writeText(value).then(
      () => setState('copied'),
      () => setState('failed'),
    )
  }
  return (
    <div className="app-field">
      <span>{label}</span>
      <div className="notice-actions">
        <code>{value}</code>
        <button type="button" className="btn btn-small" onClick={copy}>
          {m.copy}
        </button>
        <span aria-live="polite" className={state === 'failed' ? 'field-error' : 'field-hint'}>
          {state === 'copied' ? m.copied : state === 'failed' ? m.copyFailed : ''}
        </span>
      </div>
      <p className="field-hint">{hint}</p>
    </div>
  )
}
