import type { ApiStatus } from '../lib/api-status-store'
import './rate-limit-meter.css'

const numberFormat = new Intl.NumberFormat()
/** Below this share of the limit, the meter turns to a warning. */
const LOW_SHARE = 0.1

/**
 * The status bar's rate-limit meter, once an answer has told the limit: a chunk of its own
 * (status-bar.tsx), since the first load of `/` gets no such answer (docs/decisions/0008).
 */
export function RateLimitMeter({ rateLimit }: { rateLimit: NonNullable<ApiStatus['rateLimit']> }) {
  const { limit, remaining } = rateLimit
  const isLow = limit > 0 && remaining / limit < LOW_SHARE
  const text = `${numberFormat.format(remaining)} / ${numberFormat.format(limit)}`
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
        aria-label="Requests left in the rate limit"
        aria-valuetext={`${text} requests left`}
      />
      <span className={isLow ? 'status-value status-warning' : 'status-value'}>
        {text}
        {isLow && ' · low'}
      </span>
    </>
  )
}
