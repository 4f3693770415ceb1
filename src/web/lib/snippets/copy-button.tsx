/**
 * A button that copies text, and says how it went beside itself in a polite live region
 * ("Copied" or "Copy failed"): a screen reader hears it without losing its place. Not
 * `role="status"`: the explorer's response already names its HTTP status that way
 * (e2e/explorer.spec.ts finds it by that role).
 */
import { useState } from 'react'
import { useMessages } from '../../i18n/use-messages'
import { snippetMessages } from './snippet-messages'
import '../page.css'

type CopyState = 'idle' | 'copied' | 'failed'

export function CopyButton({
  label,
  text,
  disabled = false,
}: {
  label: string
  /** The text, or what gives it at the moment of the click. */
  text: string | (() => string)
  disabled?: boolean
}) {
  const m = useMessages('snippets', snippetMessages)
  const [state, setState] = useState<CopyState>('idle')
  const copy = () => {
    // Emptied first, so that a second copy is announced again.
    setState('idle')
    const value = typeof text === 'string' ? text : text()
    navigator.clipboard.writeText(value).then(
      () => setState('copied'),
      () => setState('failed'),
    )
  }
  return (
    <span className="copy">
      <button type="button" className="btn btn-small" onClick={copy} disabled={disabled}>
        {label}
      </button>
      <span aria-live="polite" className={`copy-state copy-${state}`}>
        {state === 'copied' ? m.copied : state === 'failed' ? m.copyFailed : ''}
      </span>
    </span>
  )
}
