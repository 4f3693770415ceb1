/**
 * The editor's fields: a parameter's choices as a radio group (drawn as the connect page's scope
 * groups, src/web/connect/connect-page.css), and a text field with its hint and its error tied to
 * it by `aria-describedby` and `aria-invalid` while refused (as src/web/your-app/fields.tsx does).
 */
import type { ReactNode } from 'react'

interface ChoiceProps<T extends string> {
  id: string
  legend: string
  choices: readonly T[]
  labels: Record<T, ReactNode>
  value: T
  onChange: (value: T) => void
  error?: string | null
  children?: ReactNode
}

/** One parameter's choices: a radio group drawn as the connect page's scope groups. */
export function Choice<T extends string>({
  id,
  legend,
  choices,
  labels,
  value,
  onChange,
  error = null,
  children,
}: ChoiceProps<T>) {
  return (
    <fieldset
      id={`${id}-group`}
      className="scope-group"
      aria-describedby={error === null ? undefined : `${id}-error`}
    >
      <legend className="mono">{legend}</legend>
      <ul className="scope-list">
        {choices.map((choice) => (
          <li key={choice}>
            <label className="scope-option">
              <input
                type="radio"
                name={id}
                checked={value === choice}
                onChange={() => onChange(choice)}
              />
              <span>{labels[choice]}</span>
            </label>
          </li>
        ))}
      </ul>
      {children}
      {error !== null && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  )
}

export function TextInput({
  id,
  label,
  value,
  onChange,
  hint,
  error,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  hint?: string
  error: string | null
}) {
  const describedBy = [
    hint === undefined ? null : `${id}-hint`,
    error === null ? null : `${id}-error`,
  ]
    .filter((part) => part !== null)
    .join(' ')
  return (
    // The connect page's preview's column (connect-page.css): the label over its field.
    <div className="preview-scope">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input mono"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        aria-invalid={error !== null}
        aria-describedby={describedBy === '' ? undefined : describedBy}
      />
      {hint !== undefined && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error !== null && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
