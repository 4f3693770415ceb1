/**
 * The confirmation before a call that changes data (POST, PUT, DELETE): a modal <dialog>
 * (focus moves into it, Escape cancels). Against a service other than the embedded emulator it
 * names the host and says the change is real.
 */
import { useEffect, useId, useRef } from 'react'
import type { PlaygroundConfig } from '../../protocol/playground-common'
import { useMessages } from '../i18n/use-messages'
import { explorerMessages } from './messages'

interface ConfirmWriteProps {
  request: { method: string; servicePath: string }
  service: PlaygroundConfig | undefined
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmWrite({ request, service, onConfirm, onCancel }: ConfirmWriteProps) {
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
  return (
    <dialog
      ref={ref}
      className="card explorer-confirm"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <h2 id={titleId}>{request.method === 'DELETE' ? m.confirmDelete : m.confirmChange}</h2>
      <p className="mono">
        {request.method} {request.servicePath}
      </p>
      {isEmulator ? (
        <p>{m.toEmulator}</p>
      ) : (
        <p className="notice notice-warning">{m.toService({ host: <strong>{host}</strong> })}</p>
      )}
      <p className="explorer-actions">
        <button type="button" className="btn" onClick={onCancel}>
          {m.cancel}
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm}>
          {request.method === 'DELETE' ? m.delete : m.send}
        </button>
      </p>
    </dialog>
  )
}
