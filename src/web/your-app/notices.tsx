/** The page's notices: fields refused by the server, and the feature turned off by its operator. */
import { Link } from 'react-router-dom'
import { useMessages } from '../i18n/use-messages'
import type { FieldPath, FieldProblems } from './app-form-state'
import { describeFieldProblem, fieldName, others } from './field-errors'
import { yourAppMessages } from './messages'

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
