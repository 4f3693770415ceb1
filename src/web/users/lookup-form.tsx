import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { useMessages } from '../i18n/use-messages'
import { checkLookupKey, describeKeyProblem, type KeyProblem } from './lookup-key'
import { usersMessages } from './messages'

interface LookupFormProps {
  /** The key in the address; a new one (back, forward, a link) replaces what was typed. */
  addressKey: string
  /** A submission was refused: what the page shows for the previous key is no longer current. */
  onRefused: () => void
  onAccepted: () => void
}

/**
 * Never re-keyed: a lookup changes the address, and a remounted form would drop the focus to
 * <body> (WCAG 2.4.3, Focus Order); the field or the button keeps it instead.
 */
export function LookupForm({ addressKey, onRefused, onAccepted }: LookupFormProps) {
  const m = useMessages('users', usersMessages)
  const navigate = useNavigate()
  const inputId = useId()
  const messageId = useId()
  const [value, setValue] = useState(addressKey)
  const [problem, setProblem] = useState<KeyProblem | null>(null)
  const [shownKey, setShownKey] = useState(addressKey)
  if (shownKey !== addressKey) {
    // React's "adjusting state when a prop changes": no effect, no flash of the old value.
    setShownKey(addressKey)
    setValue(addressKey)
    setProblem(null)
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // Validated before any request (and the proxy checks the path segment again).
    const result = checkLookupKey(value)
    if (!result.ok) {
      setProblem(result.problem)
      onRefused()
      return
    }
    setProblem(null)
    onAccepted()
    void navigate(`/users/${encodeURIComponent(result.key.value)}`)
  }

  return (
    <form className="card lookup-form" onSubmit={submit} noValidate role="search">
      <label htmlFor={inputId}>{m.label}</label>
      <div className="lookup-row">
        <input
          id={inputId}
          name="key"
          className="input mono"
          value={value}
          onChange={(event) => {
            setValue(event.target.value)
            if (problem !== null) setProblem(null)
          }}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={m.placeholder}
          aria-invalid={problem !== null}
          aria-describedby={messageId}
        />
        <button type="submit" className="btn btn-primary">
          {m.submit}
        </button>
      </div>
      <p
        id={messageId}
        className={problem === null ? 'field-hint' : 'field-error'}
        aria-live="polite"
      >
        {problem === null ? m.hint : describeKeyProblem(m, problem)}
      </p>
    </form>
  )
}
