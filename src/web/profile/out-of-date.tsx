/**
 * Data kept from an earlier answer while the service does not answer: shown, and marked so.
 * A small local rule until the layout's shared service-down state exists; it reads the query's
 * own state, the same "no answer came back" test as the retry policy (retry-policy.ts).
 */
import type { UseQueryResult } from '@tanstack/react-query'
import { formatTime } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import { isUnreachable } from '../lib/retry-policy'
import { profileMessages } from './messages'

/** True when the query holds data and its latest attempt (or retry) found the service down. */
export function isOutOfDate(query: UseQueryResult<unknown>): boolean {
  return query.data !== undefined && isUnreachable(query.error ?? query.failureReason)
}

export function OutOfDateNote({ updatedAt }: { updatedAt: number }) {
  const m = useMessages('profile', profileMessages)
  const locale = useLocale()
  return (
    <p className="notice notice-warning out-of-date">
      <span className="notice-title">{m.outOfDate}</span>
      <span>{m.outOfDateDetail({ time: formatTime(locale, new Date(updatedAt)) })}</span>
    </p>
  )
}
