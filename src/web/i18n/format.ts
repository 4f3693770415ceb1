/**
 * Numbers, dates and durations through Intl in the current language (never raw seconds, never a
 * date in one language inside a label in the other). Formatters are cached per language.
 */
import type { Locale } from './locale'

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key)
  if (formatter === undefined) cache.set(key, (formatter = make()))
  return formatter as T
}

export function formatNumber(locale: Locale, value: number): string {
  return cached(`n:${locale}`, () => new Intl.NumberFormat(locale)).format(value)
}

/** Date and time, medium date and short time ("Nov 23, 2026, 7:50 PM" / "2026年11月23日 19:50"). */
export function formatDateTime(locale: Locale, date: Date): string {
  return cached(
    `dt:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(date)
}

/** A time of day with seconds, for logs and countdown targets. */
export function formatTime(locale: Locale, date: Date): string {
  return cached(
    `t:${locale}`,
    () => new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }),
  ).format(date)
}

/**
 * A duration as people say it: under a minute in seconds ("45 sec" / "45秒"), under an hour in
 * whole minutes rounded up ("59 min" / "59分钟"), else hours and minutes. The caller's message
 * adds "about" / "约" where the value is an estimate.
 */
export function formatDuration(locale: Locale, seconds: number): string {
  const unit = (name: 'second' | 'minute' | 'hour') =>
    cached(
      `u:${locale}:${name}`,
      () => new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }),
    )
  const whole = Math.max(0, Math.ceil(seconds))
  if (whole < 60) return unit('second').format(whole)
  const minutes = Math.ceil(whole / 60)
  if (minutes < 60) return unit('minute').format(minutes)
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0
    ? unit('hour').format(hours)
    : `${unit('hour').format(hours)} ${unit('minute').format(rest)}`
}
