/**
 * The confirmation before a call that changes data (POST, PUT, DELETE): a modal <dialog> (focus
 * moves into it, Escape cancels; the caller returns focus to the button that opened it, WAI-ARIA
 * APG dialog pattern). It names the target (method, path, the document's title or repository's
 * name when an earlier response showed it), the body being sent, and the service it goes to:
 * the embedded emulator, or the real host, whose changes are real. A delete looks like one.
 */
import { useEffect, useId, useRef } from 'react'
import type { PlaygroundConfig } from '../../protocol/playground-common'
import { useMessages } from '../i18n/use-messages'
import { explorerMessages } from './messages'

interface ConfirmWriteProps {
  request: { method: string; servicePath: string; body?: string }
  /** The title or name of what the path names, when seen (chain.ts targetLabel); '' when not. */
  target: string
  service: PlaygroundConfig | undefined
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmWrite({ request, target, service, onConfirm, onCancel }: ConfirmWriteProps) {
  const m = useMessages('explorer', explorerMessages)
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (dialog !== null && !dialog.open) dialog.showModal()
  }, [])
  // Unknown configuration counts as real: the safe assumption until the config answers.
  const isEmulator = service?.service === 'emulator'
  const host = service === undefined ? m.configuredService : new URL(service.baseUrl).host
  const isDelete = request.method === 'DELETE'
  return (
    <dialog
      ref={ref}
      className={`card explorer-confirm${isDelete ? ' explorer-confirm-danger' : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <h2 id={titleId}>{isDelete ? m.confirmDelete : m.confirmChange}</h2>
      {target !== '' && <p className="explorer-confirm-target">{m.target({ name: target })}</p>}
      <p className="mono explorer-confirm-line">
        <span className={`method method-${request.method.toLowerCase()}`}>{request.method}</span>{' '}
        {request.servicePath}
      </p>
      {request.body !== undefined && (
        <figure className="explorer-confirm-body">
          <figcaption className="field-hint">{m.bodySent}</figcaption>
          <pre className="mono">{request.body}</pre>
        </figure>
      )}
      {isEmulator ? (
        <p>{m.toEmulator({ host: <strong className="mono">{host}</strong> })}</p>
      ) : (
        <p className="notice notice-warning">{m.toService({ host: <strong>{host}</strong> })}</p>
      )}
      <p className="explorer-actions explorer-confirm-actions">
        <button type="button" className="btn" onClick={onCancel}>
          {m.cancel}
        </button>
        <button
          type="button"
          className={`btn ${isDelete ? 'btn-danger' : 'btn-primary'}`}
          onClick={onConfirm}
        >
          {isDelete ? m.delete : m.send}
        </button>
      </p>
    </dialog>
  )
}
