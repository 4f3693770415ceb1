/**
 * The page's notices: what this browser uses now (its own app, or its personal token alone),
 * fields refused by the server, and the feature turned off by its operator.
 */
import type { UseMutationResult } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import type { SavedApp } from '../../protocol/your-app-api'
import { formatDateTime } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import type { FieldPath, FieldProblems } from './app-form-state'
import { describeFieldProblem, fieldName, others } from './field-errors'
import { yourAppMessages } from './messages'

/**
 * When what is saved is forgotten unless used (ms since the epoch), in the page's language: as
 * lib/formatted-date.tsx writes a date, which only the connect page imported; a second page
 * importing it regrouped the pages' shared chunks (CopyField in fields.tsx says how).
 */
function ExpiryDate({ ms }: { ms: number }) {
  const locale = useLocale()
  const date = new Date(ms)
  if (Number.isNaN(date.getTime())) return <>{String(ms)}</>
  const iso = date.toISOString()
  return (
    <time dateTime={iso} title={iso}>
      {formatDateTime(locale, date)}
    </time>
  )
}

/**
 * What this browser connects with instead of the playground's own app: its app (with the way
 * back to the default app), or, with no app saved, its personal token, named by its owner's
 * login. Nothing when neither is saved.
 */
export function InUseNotice({
  saved,
  forget,
  isSaving,
}: {
  saved: SavedApp
  /** Forget (DELETE /auth/app): the default app again. */
  forget: UseMutationResult<void, Error, void>
  /** The app's form is being sent: Forget waits. */
  isSaving: boolean
}) {
  const m = useMessages('yourApp', yourAppMessages)
  const { app, personalToken } = saved
  const origin = <code>{saved.service.origin}</code>
  const until = (
    <p className="field-hint">{m.savedUntil({ date: <ExpiryDate ms={saved.expiresAt} /> })}</p>
  )
  if (app === null) {
    if (personalToken === null) return null
    return (
      <div className="notice">
        <p className="notice-title">{m.tokenInUseTitle}</p>
        <p>{m.tokenInUse({ login: <code>{personalToken.login}</code>, origin })}</p>
        {until}
      </div>
    )
  }
  return (
    <div className="notice">
      <p className="notice-title">{m.inUseTitle}</p>
      <p>{m.inUse({ clientId: <code>{app.clientId}</code>, origin })}</p>
      <p className="notice-actions">
        <Link className="btn btn-primary" to="/">
          {m.backToConnect}
        </Link>
        <button
          type="button"
          className="btn"
          disabled={forget.isPending || isSaving}
          onClick={() =>
            forget.mutate(undefined, {
              // This notice goes: the page's heading takes the focus (the focus rule's place).
              onSuccess: () => document.querySelector<HTMLElement>('#main h1')?.focus(),
            })
          }
        >
          {forget.isPending ? m.forgetting : m.useDefault}
        </button>
      </p>
      <p className="field-hint">{m.useDefaultHint}</p>
      {until}
    </div>
  )
}

/**
 * Under a form the server refused: what happened, and each refused field the form does not
 * draw beside itself (a code or a path this page does not know included), so none is silent.
 */
export function FieldErrorsNotice({
  problems,
  shown,
}: {
  problems: FieldProblems
  /** The fields that show their own message; the service's show in their card. */
  shown: readonly FieldPath[]
}) {
  const m = useMessages('yourApp', yourAppMessages)
  const rest = others(problems, shown)
  return (
    <div className="notice notice-error">
      <p className="notice-title">{m.fieldErrorsTitle}</p>
      <p>{m.fieldErrorsDetail}</p>
      {rest.length > 0 && (
        <ul>
          {rest.map(([path, code]) => (
            <li key={path}>
              {m.otherField({
                field: fieldName(m, path),
                message: describeFieldProblem(m, path, code),
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/**
 * The operator turned the feature off (`enabled: false`, or a 404 from a route that was there
 * when the page loaded: `isLate`).
 */
export function TurnedOffNotice({ isLate = false }: { isLate?: boolean }) {
  const m = useMessages('yourApp', yourAppMessages)
  return (
    <div className="notice notice-warning" role={isLate ? 'alert' : undefined}>
      <p className="notice-title">{isLate ? m.turnedOffTitle : m.disabledTitle}</p>
      <p>{isLate ? m.turnedOffDetail : m.disabledDetail}</p>
      <p className="notice-actions">
        <Link className="btn" to="/">
          {m.goToConnect}
        </Link>
      </p>
    </div>
  )
}
