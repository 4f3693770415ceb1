/**
 * Data kept from an earlier answer while the service does not answer: shown, and marked so,
 * with the time of that answer. Per query, where lib/service-down.tsx says it for the whole app
 * (the status bar, `<StaleMark />`); both use the retry policy's "no answer came back" test
 * (retry-policy.ts isUnreachable). Used by the profile, the greeting and the user lookup.
 */
import type { UseQueryResult } from '@tanstack/react-query'
import { formatTime } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import { isUnreachable } from './retry-policy'
import { commonMessages } from './messages'

/** True when the query holds data and its latest attempt (or retry) found the service down. */
export function isOutOfDate(query: UseQueryResult<unknown>): boolean {
  return query.data !== undefined && isUnreachable(query.error ?? query.failureReason)
}

export function OutOfDateNote({ updatedAt }: { updatedAt: number }) {
  const m = useMessages('common', commonMessages)
  const locale = useLocale()
  return (
    <p className="notice notice-warning out-of-date">
      <span className="notice-title">{m.outOfDate}</span>
      <span>{m.outOfDateDetail({ time: formatTime(locale, new Date(updatedAt)) })}</span>
    </p>
  )
}
