import { formatNumber } from '../i18n/format'
import { useLocale, useMessages } from '../i18n/use-messages'
import type { ApiStatus } from '../lib/api-status-store'
import { noticeMessages } from './notice-messages'
import './rate-limit-meter.css'

/** Below this share of the limit, the meter turns to a warning. */
const LOW_SHARE = 0.1

/**
 * The status bar's rate-limit meter, once an answer has told the limit: a chunk of its own
 * (status-bar.tsx), since the first load of `/` gets no such answer (docs/decisions/0008).
 */
export function RateLimitMeter({ rateLimit }: { rateLimit: NonNullable<ApiStatus['rateLimit']> }) {
  const m = useMessages('notices', noticeMessages).meter
  const locale = useLocale()
  const { limit, remaining } = rateLimit
  const isLow = limit > 0 && remaining / limit < LOW_SHARE
  const text = `${formatNumber(locale, remaining)} / ${formatNumber(locale, limit)}`
  return (
    <>
      <meter
        className="rate-meter"
        min={0}
        max={Math.max(limit, 1)}
        value={remaining}
        low={limit * LOW_SHARE}
        high={limit * 0.25}
        optimum={limit}
        aria-label={m.label}
        aria-valuetext={m.valueText({ text })}
      />
      <span className={isLow ? 'status-value status-warning' : 'status-value'}>
        {text}
        {isLow && m.low}
      </span>
    </>
  )
}
