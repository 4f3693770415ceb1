/**
 * The confirmation before a call that changes data (POST, PUT, DELETE): a modal <dialog>
 * (focus moves into it, Escape cancels). Against a service other than the embedded emulator it
 * names the host and says the change is real.
 */
import { useEffect, useId, useRef } from 'react'
import type { PlaygroundConfig } from '../../protocol/playground-common'

interface ConfirmWriteProps {
  request: { method: string; servicePath: string }
  service: PlaygroundConfig | undefined
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmWrite({ request, service, onConfirm, onCancel }: ConfirmWriteProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (dialog !== null && !dialog.open) dialog.showModal()
  }, [])
  // Unknown configuration counts as real: the safe assumption until the config answers.
  const isEmulator = service?.service === 'emulator'
  const host = service === undefined ? 'the configured service' : new URL(service.baseUrl).host
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
      <h2 id={titleId}>
        {request.method === 'DELETE' ? 'Delete on the service?' : 'Change data on the service?'}
      </h2>
      <p className="mono">
        {request.method} {request.servicePath}
      </p>
      {isEmulator ? (
        <p>This goes to the embedded emulator: its data resets when the playground restarts.</p>
      ) : (
        <p className="notice notice-warning">
          This goes to <strong>{host}</strong>: the change is real and may not be undone.
        </p>
      )}
      <p className="explorer-actions">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm}>
          {request.method === 'DELETE' ? 'Delete' : 'Send'}
        </button>
      </p>
    </dialog>
  )
}
