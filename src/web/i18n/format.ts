/**
 * Numbers, dates and durations in the current language (never raw seconds, never a date in one
 * language inside a label in the other).
 *
 * The formats the app uses are written here from Date's own getters rather than through Intl:
 * the first Intl formatter a page makes loads ICU's locale data, 13–24 ms of main thread in a
 * fresh renderer on the bench machine (`new Intl.NumberFormat('en')` beside `new
 * Date().getHours()`, which costs nothing), and it fell in the task that draws the profile: the
 * costliest function of a cold `/me` load's CPU profile. Without it, the sum of that load's long
 * tasks at 4× CPU went from 327 to 295 ms (medians of eight, `npm run bench:long-tasks`), what
 * Lighthouse's Total Blocking Time on a phone counts. Both languages are fixed patterns of CLDR;
 * `format.test.ts` checks every one against Intl over a sweep of values, and whatever falls
 * outside them (fractions, -0, years outside 1000–9999, an invalid date) goes to Intl as before.
 *
 * Chinese puts a space between an Arabic number and a Chinese character, the unit included
 * ("45 秒", "2026 年 11 月 23 日"), where CLDR writes none: the one rule of the zh catalogs
 * (docs/decisions/0009-i18n.md#numbers-and-units-in-chinese).
 */
import type { Locale } from './locale'

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key)
  if (formatter === undefined) cache.set(key, (formatter = make()))
  return formatter as T
}

/** CLDR's abbreviated month names in English ("medium" dates); Chinese writes the number. */
const EN_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
]

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** Intl's Chinese with the catalogs' spacing: a space between an Arabic digit and a Han character. */
function spacedZh(locale: Locale, text: string): string {
  if (locale !== 'zh-CN') return text
  return text.replace(/(\d)(?=\p{Script=Han})|(\p{Script=Han})(?=\d)/gu, '$1$2 ')
}

/** A safe integer with a comma every three digits, as both languages group them; else null. */
function groupedInteger(value: number): string | null {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return null
  const grouped = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return value < 0 ? `-${grouped}` : grouped
}

/** A date Date's getters read as Intl would: valid, with a four-digit year. */
function isPlainDate(date: Date): boolean {
  const year = date.getFullYear()
  return year >= 1000 && year <= 9999
}

/** "7:50 PM" / "19:50", with ":12" seconds when asked: CLDR's short and medium times. */
function clockTime(locale: Locale, date: Date, withSeconds: boolean): string {
  const hours = date.getHours()
  const rest = `${twoDigits(date.getMinutes())}${withSeconds ? `:${twoDigits(date.getSeconds())}` : ''}`
  if (locale === 'zh-CN') return `${twoDigits(hours)}:${rest}`
  return `${hours % 12 === 0 ? 12 : hours % 12}:${rest} ${hours < 12 ? 'AM' : 'PM'}`
}

export function formatNumber(locale: Locale, value: number): string {
  return (
    groupedInteger(value) ??
    cached(`n:${locale}`, () => new Intl.NumberFormat(locale)).format(value)
  )
}

/** Date and time, medium date and short time ("Nov 23, 2026, 7:50 PM" / "2026 年 11 月 23 日 19:50"). */
export function formatDateTime(locale: Locale, date: Date): string {
  if (!isPlainDate(date)) {
    const intl = cached(
      `dt:${locale}`,
      () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    )
    return spacedZh(locale, intl.format(date))
  }
  const time = clockTime(locale, date, false)
  const [year, month, day] = [date.getFullYear(), date.getMonth(), date.getDate()]
  return locale === 'zh-CN'
    ? `${year} 年 ${month + 1} 月 ${day} 日 ${time}`
    : `${EN_MONTHS[month] ?? ''} ${day}, ${year}, ${time}`
}

/** A time of day with seconds, for logs and countdown targets ("7:50:12 PM" / "19:50:12"). */
export function formatTime(locale: Locale, date: Date): string {
  if (!isPlainDate(date)) {
    return cached(
      `t:${locale}`,
      () => new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }),
    ).format(date)
  }
  return clockTime(locale, date, true)
}

/** CLDR's short unit names: "45 sec" / "45 秒" (the same for one and many in both languages). */
const UNITS = {
  en: { second: ' sec', minute: ' min', hour: ' hr' },
  'zh-CN': { second: ' 秒', minute: ' 分钟', hour: ' 小时' },
} as const satisfies Record<Locale, Record<'second' | 'minute' | 'hour', string>>

/**
 * A duration as people say it: under a minute in seconds ("45 sec" / "45 秒"), under an hour in
 * whole minutes rounded up ("59 min" / "59 分钟"), else hours and minutes. The caller's message
 * adds "about" / "约" where the value is an estimate.
 */
export function formatDuration(locale: Locale, seconds: number): string {
  const unit = (name: 'second' | 'minute' | 'hour', value: number) =>
    `${formatNumber(locale, value)}${UNITS[locale][name]}`
  const whole = Math.max(0, Math.ceil(seconds))
  if (whole < 60) return unit('second', whole)
  const minutes = Math.ceil(whole / 60)
  if (minutes < 60) return unit('minute', minutes)
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? unit('hour', hours) : `${unit('hour', hours)} ${unit('minute', rest)}`
}
