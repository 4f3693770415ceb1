import { formatDateTime } from '../i18n/format'
import { useLocale } from '../i18n/use-messages'

/** A date in the page's language (format.ts); the exact ISO value stays in `dateTime` and the tooltip. */
export function FormattedDate({ iso }: { iso: string }) {
  const locale = useLocale()
  const date = new Date(iso)
  const text = Number.isNaN(date.getTime()) ? iso : formatDateTime(locale, date)
  return (
    <time dateTime={iso} title={iso}>
      {text}
    </time>
  )
}
