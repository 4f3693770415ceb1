/**
 * The app's form: the callback URL to register, the client id and secret (and, folded away, a
 * client-code app's), Save, and once saved the secret's last four characters with Replace and
 * Forget (confirmed first). The rules and the request body are app-form-state.ts's; the
 * refusals' words field-errors.ts's.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { UseMutationResult } from '@tanstack/react-query'
import type { OwnApp, SaveAppRequest, SavedApp } from '../../protocol/your-app-api'
import { useMessages } from '../i18n/use-messages'
import { ApiErrorNotice } from '../lib/api-error-notice'
import {
  checkApp,
  initialApp,
  saveAppRequest,
  type AppDraft,
  type FieldPath,
  type FieldProblems,
  type ServiceDraft,
} from './app-form-state'
import { describeFieldProblem, isTurnedOff, refusedFields } from './field-errors'
import { CopyField, SecretField, TextField, fieldId } from './fields'
import { FieldErrorsNotice, TurnedOffNotice } from './notices'
import { yourAppMessages } from './messages'

/** The fields this card draws beside themselves. */
const APP_FIELDS: readonly FieldPath[] = [
  'clientId',
  'clientSecret',
  'codeClient.clientId',
  'codeClient.clientSecret',
]

export type AppOutcome = 'saved' | 'forgotten' | null

interface AppCardProps {
  idBase: string
  callbackUrl: string
  /** The app saved for this browser; null when none is (nothing, or a personal token alone). */
  saved: OwnApp | null
  service: ServiceDraft
  /** Shows the refusals of the request: the service's in its card; returns this card's. */
  refuse: (problems: FieldProblems) => FieldProblems
  save: UseMutationResult<SavedApp, Error, SaveAppRequest>
  forget: UseMutationResult<void, Error, void>
  outcome: AppOutcome
}

export function AppCard({
  idBase,
  callbackUrl,
  saved,
  service,
  refuse,
  save,
  forget,
  outcome,
}: AppCardProps) {
  const m = useMessages('yourApp', yourAppMessages)
  const headingId = useId()
  const statusId = useId()
  const [app, setApp] = useState<AppDraft>(() => initialApp(saved))
  const [problems, setProblems] = useState<FieldProblems>({})
  const [isCodeOpen, setIsCodeOpen] = useState(saved?.codeClient != null)
  const [isConfirming, setIsConfirming] = useState(false)
  const forgetButton = useRef<HTMLButtonElement>(null)
  const [cancelled, setCancelled] = useState(0)
  useEffect(() => {
    if (cancelled > 0) forgetButton.current?.focus()
  }, [cancelled])
  // The saved app changed (saved, forgotten, or read again): the fields start from it, as
  // React's "adjusting state when a prop changes" does, without an effect's flash.
  const [shownSaved, setShownSaved] = useState(saved)
  if (shownSaved !== saved) {
    setShownSaved(saved)
    setApp(initialApp(saved))
    setProblems({})
    setIsConfirming(false)
  }

  const edit = (change: Partial<AppDraft>, path: FieldPath) => {
    setApp((current) => ({ ...current, ...change }))
    if (Object.hasOwn(problems, path)) {
      setProblems(({ [path]: _dropped, ...rest }) => rest)
    }
  }
  const show = (found: FieldProblems) => {
    const own = refuse(found)
    setProblems(own)
    if (Object.keys(own).some((path) => path.startsWith('codeClient'))) setIsCodeOpen(true)
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = checkApp(service, app)
    if (Object.keys(found).length > 0) {
      show(found)
      return
    }
    setProblems({})
    send(saveAppRequest(service, app))
  }
  const send = (body: SaveAppRequest) =>
    save.mutate(body, {
      onError: (error) => {
        const fields = refusedFields(error)
        if (fields !== null) show(fields)
      },
    })
  const error = (path: FieldPath) =>
    Object.hasOwn(problems, path) ? describeFieldProblem(m, path, problems[path] ?? '') : null
  const field = (path: FieldPath) => ({ id: fieldId(idBase, path), error: error(path) })
  const isBusy = save.isPending || forget.isPending
  const refusedByField = refusedFields(save.error) !== null
  const status = save.isPending
    ? m.savingStatus
    : forget.isPending
      ? m.forgetting
      : outcome === 'saved'
        ? m.saved
        : outcome === 'forgotten'
          ? m.forgotten
          : ''

  return (
    <form
      className="card app-form"
      aria-labelledby={headingId}
      aria-describedby={statusId}
      onSubmit={submit}
      noValidate
    >
      <h2 id={headingId}>{m.appHeading}</h2>
      <CopyField label={m.callbackLabel} value={callbackUrl} hint={m.callbackHint} />
      <TextField
        {...field('clientId')}
        label={m.clientIdLabel}
        hint={m.clientIdHint}
        value={app.clientId}
        onChange={(clientId) => edit({ clientId }, 'clientId')}
      />
      <SecretField
        {...field('clientSecret')}
        label={m.clientSecretLabel}
        hint={m.clientSecretHint}
        value={app.clientSecret}
        onChange={(clientSecret) => edit({ clientSecret }, 'clientSecret')}
        savedHint={saved?.secretHint ?? null}
        keepsSaved={app.keepsSecret}
        onKeepsSaved={(keepsSecret) => edit({ keepsSecret, clientSecret: '' }, 'clientSecret')}
      />
      <details open={isCodeOpen} onToggle={(event) => setIsCodeOpen(event.currentTarget.open)}>
        <summary>{m.codeClientSummary}</summary>
        <div className="app-form">
          <p className="field-hint">{m.codeClientHint}</p>
          <TextField
            {...field('codeClient.clientId')}
            label={m.codeClientIdLabel}
            value={app.codeClientId}
            onChange={(codeClientId) => edit({ codeClientId }, 'codeClient.clientId')}
          />
          <SecretField
            {...field('codeClient.clientSecret')}
            label={m.codeClientSecretLabel}
            value={app.codeClientSecret}
            onChange={(codeClientSecret) => edit({ codeClientSecret }, 'codeClient.clientSecret')}
            savedHint={saved?.codeClient?.secretHint ?? null}
            keepsSaved={app.keepsCodeSecret}
            onKeepsSaved={(keepsCodeSecret) =>
              edit({ keepsCodeSecret, codeClientSecret: '' }, 'codeClient.clientSecret')
            }
          />
        </div>
      </details>
      <div className="notice-actions">
        <button type="submit" className="btn btn-primary" disabled={isBusy}>
          {save.isPending ? m.saving : m.save}
        </button>
        {saved !== null && !isConfirming && (
          <button
            ref={forgetButton}
            type="button"
            className="btn"
            disabled={isBusy}
            onClick={() => setIsConfirming(true)}
          >
            {forget.isPending ? m.forgetting : m.forget}
          </button>
        )}
        <p id={statusId} className="field-hint" role="status">
          {status}
        </p>
      </div>
      {isConfirming && (
        <ConfirmForget
          onConfirm={() =>
            forget.mutate(undefined, {
              // The form is empty again: it takes the focus the question had.
              onSuccess: () => document.getElementById(fieldId(idBase, 'clientId'))?.focus(),
            })
          }
          onCancel={() => {
            setIsConfirming(false)
            setCancelled((count) => count + 1)
          }}
          isBusy={isBusy}
        />
      )}
      {save.isError &&
        (isTurnedOff(save.error) ? (
          <TurnedOffNotice isLate />
        ) : refusedByField ? (
          <FieldErrorsNotice problems={problems} shown={APP_FIELDS} />
        ) : (
          <ApiErrorNotice
            error={save.error}
            onRetry={() => save.variables !== undefined && send(save.variables)}
          />
        ))}
      {forget.isError &&
        (isTurnedOff(forget.error) ? (
          <TurnedOffNotice isLate />
        ) : (
          <ApiErrorNotice error={forget.error} onRetry={() => forget.mutate()} />
        ))}
      <div className="field-hint app-form">
        <p className="notice-title">{m.storageTitle}</p>
        <p>{m.storage}</p>
        <p>{m.neverBack}</p>
      </div>
    </form>
  )
}

/** Forget, confirmed: the question takes the focus (its first button), Cancel gives it back. */
function ConfirmForget({
  onConfirm,
  onCancel,
  isBusy,
}: {
  onConfirm: () => void
  onCancel: () => void
  isBusy: boolean
}) {
  const m = useMessages('yourApp', yourAppMessages)
  const questionId = useId()
  return (
    <div className="notice notice-warning" role="group" aria-labelledby={questionId}>
      <p id={questionId}>{m.confirmForget}</p>
      <p className="notice-actions">
        <button
          type="button"
          className="btn"
          // The question replaces the button pressed: focus moves into it (WCAG 2.4.3).
          autoFocus
          disabled={isBusy}
          onClick={onConfirm}
        >
          {isBusy ? m.forgetting : m.confirmForgetYes}
        </button>
        <button type="button" className="btn" disabled={isBusy} onClick={onCancel}>
          {m.cancel}
        </button>
      </p>
    </div>
  )
}
