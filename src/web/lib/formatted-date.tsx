const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** A date in the reader's locale; the exact ISO value stays in `dateTime` and the tooltip. */
export function FormattedDate({ iso }: { iso: string }) {
  const date = new Date(iso)
  const text = Number.isNaN(date.getTime()) ? iso : dateFormat.format(date)
  return (
    <time dateTime={iso} title={iso}>
      {text}
    </time>
  )
}
