import { describe, expect, it } from 'vitest'
import { formatDateTime, formatDuration, formatNumber, formatTime } from './format'
import type { Locale } from './locale'

// format.ts writes the app's formats without Intl (ICU's first use costs a cold page 13–24 ms):
// each must read exactly as Intl writes it, in both languages, or the fast path is wrong.
const LOCALES: readonly Locale[] = ['en', 'zh-CN']

describe.each(LOCALES)('formats in %s read as Intl writes them', (locale) => {
  it('numbers: grouped integers, and Intl for everything else', () => {
    const intl = new Intl.NumberFormat(locale)
    const values = [0, -0, 7, 999, 1000, -1000, 12_345, 999_999, 1_000_000, -98_765_432]
    values.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e21, 1234.5, 0.25, -0.5)
    values.push(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)
    for (let value = 1; value < 1e15; value = value * 7 + 3) values.push(value, -value)
    for (const value of values)
      expect(formatNumber(locale, value), String(value)).toBe(intl.format(value))
  })

  it('dates and times: every hour, minutes and seconds around the clock, every month', () => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
    const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' })
    const dates: Date[] = []
    for (let month = 0; month < 12; month += 1) {
      for (let hour = 0; hour < 24; hour += 1) {
        dates.push(
          new Date(2026, month, 1 + ((month * 3 + hour) % 28), hour, (hour * 7) % 60, hour % 60),
        )
      }
    }
    dates.push(new Date(1000, 0, 1), new Date(9999, 11, 31, 23, 59, 59), new Date(999, 5, 5))
    dates.push(new Date(10_000, 0, 1), new Date(Date.UTC(-50, 0, 1)), new Date(0))
    for (const date of dates) {
      expect(formatDateTime(locale, date), date.toISOString()).toBe(dateTime.format(date))
      expect(formatTime(locale, date), date.toISOString()).toBe(time.format(date))
    }
  })

  it('an invalid date throws as Intl does', () => {
    expect(() => formatDateTime(locale, new Date(Number.NaN))).toThrow(RangeError)
    expect(() => formatTime(locale, new Date(Number.NaN))).toThrow(RangeError)
  })

  it('durations in short units', () => {
    const unit = (name: string, value: number) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(
        value,
      )
    expect(formatDuration(locale, 0)).toBe(unit('second', 0))
    expect(formatDuration(locale, 1)).toBe(unit('second', 1))
    expect(formatDuration(locale, 44.2)).toBe(unit('second', 45))
    expect(formatDuration(locale, 61)).toBe(unit('minute', 2))
    expect(formatDuration(locale, 3600)).toBe(unit('hour', 1))
    expect(formatDuration(locale, 3600 * 1500)).toBe(unit('hour', 1500))
    expect(formatDuration(locale, 3600 * 2 + 60)).toBe(`${unit('hour', 2)} ${unit('minute', 1)}`)
  })
})
