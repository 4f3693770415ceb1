/**
 * A refused field in the reader's language. The proxy names each refused field by its path in
 * the request body and a stable code (src/protocol/your-app-api.ts FIELD_CODES); the page shows
 * the message beside the field, and a code or a field it does not know in a general line, never
 * as nothing. Pure (field-errors.test.ts checks every code in both languages).
 */
import { FieldErrorsBodySchema, isFieldCode } from '../../protocol/your-app-api'
import { isApiError } from '../lib/api-error'
import { isFieldPath, type FieldPath, type FieldProblems } from './app-form-state'
import type { yourAppMessages } from './messages'

type Messages = typeof yourAppMessages

/** A field's name in words: the page's name for one it draws, else its path as sent. */
export function fieldName(m: Messages, path: string): string {
  return isFieldPath(path) ? m.fields[path] : path
}

/** What to tell the reader about `path` refused with `code`. */
export function describeFieldProblem(m: Messages, path: string, code: string): string {
  const field = fieldName(m, path)
  return isFieldCode(code) ? m.codes[code]({ field }) : m.unknownCode({ field, code })
}

/** The refused fields of a 400 from `/auth/app` or `/auth/app/token`, else null. */
export function refusedFields(error: unknown): FieldProblems | null {
  if (!isApiError(error) || error.status !== 400) return null
  const parsed = FieldErrorsBodySchema.safeParse(error.body)
  if (!parsed.success) return null
  const fields = Object.entries(parsed.data.fields)
  return fields.length === 0 ? null : Object.fromEntries(fields)
}

/** The operator turned the feature off (`BYO_APP=off`): the routes answer 404. */
export function isTurnedOff(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 404
}

/** The problems among `problems` that `paths` show beside themselves. */
export function pick(problems: FieldProblems, paths: readonly FieldPath[]): FieldProblems {
  return Object.fromEntries(
    Object.entries(problems).filter(([path]) => paths.some((p) => p === path)),
  )
}

/** The problems of fields the page does not draw, or draws elsewhere: said in a general line. */
export function others(problems: FieldProblems, shown: readonly FieldPath[]): [string, string][] {
  return Object.entries(problems).filter(([path]) => !shown.some((p) => p === path))
}
