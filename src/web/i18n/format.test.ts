import { describe, expect, it } from 'vitest'
import { formatDateTime, formatDuration, formatNumber, formatTime } from './format'
import type { Locale } from './locale'

// format.ts writes the app's formats without Intl (ICU's first use costs a cold page 13–24 ms):
// each must read exactly as Intl writes it, in both languages, or the fast path is wrong. In
// Chinese, with the catalogs' one addition: a space between an Arabic number and a Chinese
// character (docs/decisions/0009-i18n.md#numbers-and-units-in-chinese).
const LOCALES: readonly Locale[] = ['en', 'zh-CN']

function asWritten(locale: Locale, intl: string): string {
  if (locale !== 'zh-CN') return intl
  let out = ''
  for (const char of intl) {
    const before = out.at(-1) ?? ''
    const isBoundary =
      (/[0-9]/.test(before) && /\p{Script=Han}/u.test(char)) ||
      (/\p{Script=Han}/u.test(before) && /[0-9]/.test(char))
    out += isBoundary ? ` ${char}` : char
  }
  return out
}

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
      expect(formatDateTime(locale, date), date.toISOString()).toBe(
        asWritten(locale, dateTime.format(date)),
      )
      expect(formatTime(locale, date), date.toISOString()).toBe(time.format(date))
    }
  })

  it('Chinese spaces a number from the Chinese unit beside it; English is as Intl writes it', () => {
    const spaced = locale === 'zh-CN'
    expect(formatDuration(locale, 45)).toBe(spaced ? '45 秒' : '45 sec')
    expect(formatDuration(locale, 3600 * 2 + 60)).toBe(spaced ? '2 小时 1 分钟' : '2 hr 1 min')
    expect(formatDateTime(locale, new Date(2026, 10, 23, 19, 50))).toBe(
      spaced ? '2026 年 11 月 23 日 19:50' : 'Nov 23, 2026, 7:50 PM',
    )
    expect(formatDateTime(locale, new Date(10_000, 0, 1))).not.toMatch(/\d\p{Script=Han}/u)
  })

  it('an invalid date throws as Intl does', () => {
    expect(() => formatDateTime(locale, new Date(Number.NaN))).toThrow(RangeError)
    expect(() => formatTime(locale, new Date(Number.NaN))).toThrow(RangeError)
  })

  it('durations in short units', () => {
    const unit = (name: string, value: number) =>
      asWritten(
        locale,
        new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(
          value,
        ),
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
