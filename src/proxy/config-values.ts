/**
 * The kinds of value the configuration's variables hold, each parsed with a message that names
 * the variable and says what it accepts (config.ts; src/server/server-config.ts reuses
 * positiveMs).
 */
import { z } from 'zod'

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

export const httpUrl = (name: string) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      let url: URL
      try {
        url = new URL(value)
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} must be an absolute URL, got "${value}"` })
        return z.NEVER
      }
      if (
        url.protocol !== 'https:' &&
        !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
      ) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must use https (plain http is allowed only for localhost), got "${value}"`,
        })
        return z.NEVER
      }
      if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
        ctx.addIssue({
          code: 'custom',
          message: `${name} must not carry credentials, a query or a fragment, got "${value}"`,
        })
        return z.NEVER
      }
      return url
    })

/**
 * A whole number from `min` to `max`, written in at most as many digits as `max` (so `000080` is
 * no port), or `fallback` when unset; `says` words the refusal, given the value sent.
 */
export const wholeNumber = <Fallback extends number | undefined>(options: {
  fallback: Fallback
  min: number
  max: number
  says: (value: string) => string
}) => {
  const digits = new RegExp(`^\\d{1,${String(options.max).length}}$`)
  return z
    .string()
    .trim()
    .optional()
    .transform((value, ctx): number | Fallback => {
      if (value === undefined || value === '') return options.fallback
      const number = Number(value)
      if (!digits.test(value) || number < options.min || number > options.max) {
        ctx.addIssue({ code: 'custom', message: options.says(value) })
        return z.NEVER
      }
      return number
    })
}

/** A port 1–65535, or `fallback` (undefined: a free port is picked, scripts/cluster/ports.ts). */
export const port = <Fallback extends number | undefined>(name: string, fallback: Fallback) =>
  wholeNumber({
    fallback,
    min: 1,
    max: 65535,
    says: (value) => `${name} must be a port number 1–65535, got "${value}"`,
  })

/** A number of milliseconds ≥ 100 (time-outs), or `fallback` when unset; src/server reuses it. */
export const positiveMs = (name: string, fallback: number) =>
  wholeNumber({
    fallback,
    min: 100,
    max: 9_999_999,
    says: (value) => `${name} must be a number of milliseconds ≥ 100, got "${value}"`,
  })

/** A whole number from 1 to 99999 of calls per client address in a throttle's window, or `fallback`. */
export const perWindow = (name: string, fallback: number, window: string) =>
  wholeNumber({
    fallback,
    min: 1,
    max: 99_999,
    says: (value) =>
      `${name} must be a whole number from 1 to 99999 (calls per client address ${window}), got "${value}"`,
  })

/**
 * A switch: `on` or `off`, and the other booleans' spellings (1/0, true/false, as
 * EMULATOR_TEST_CONTROL takes them) read as the same two values; `what` says what it switches.
 */
export const onOff = (name: string, what: string) =>
  z
    .enum(['on', 'off', '1', '0', 'true', 'false'], {
      error: (issue) =>
        `${name} must be on or off (also 1/0 or true/false: ${what}), got "${String(issue.input)}"`,
    })
    .transform((value): 'on' | 'off' =>
      value === 'on' || value === '1' || value === 'true' ? 'on' : 'off',
    )
    .optional()
