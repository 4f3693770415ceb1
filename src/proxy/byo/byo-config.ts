/**
 * The operator's two settings of "your own app" (docs/decisions/0015-your-own-app.md): BYO_APP
 * turns the per-browser app vault on or off, and BYO_HOSTS lists the services a browser may pick
 * besides Yuque and its enterprise spaces. Parsed in config.ts's schema, every bad value named.
 * BYO_HOSTS is the operator's word, never the user's: a browser picks one of these origins by
 * its exact text (service-choice.ts), so nothing a user types becomes a host.
 */
import { z } from 'zod'

export const byoApp = z
  .enum(['on', 'off'], {
    error: (issue) =>
      `BYO_APP must be on (the default: each browser may bring its own app) or off, got "${String(issue.input)}"`,
  })
  .optional()

/** A host name of dot-separated labels, as the WHATWG parser leaves one (lower-case, ASCII). */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const FULLY_QUALIFIED = new RegExp(`^(?:${LABEL}\\.)+${LABEL}$`)
/** The WHATWG parser writes every IPv4 form (decimal, octal, hex, short) as a dotted quad. */
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/

/** Why one entry of BYO_HOSTS is not an https origin of a named host, or its origin. */
function hostOrigin(entry: string): { origin: string } | { problem: string } {
  let url: URL
  try {
    url = new URL(entry)
  } catch {
    return { problem: 'is not an absolute URL such as https://docs.example.com' }
  }
  if (url.protocol !== 'https:') return { problem: `must use https, not ${url.protocol}` }
  if (url.username !== '' || url.password !== '') return { problem: 'must not carry a user name' }
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || entry.includes('?')) {
    return { problem: 'must be an origin, without a path, query or fragment' }
  }
  if (url.hostname.startsWith('[') || IPV4.test(url.hostname)) {
    return { problem: 'must name a host, not an IP address' }
  }
  if (!FULLY_QUALIFIED.test(url.hostname)) {
    return {
      problem: 'must name a fully qualified host (labels of letters, digits and "-", no final dot)',
    }
  }
  return { origin: url.origin }
}

/**
 * BYO_HOSTS: https origins separated by commas (spaces around them ignored), each listed once in
 * the order given; unset or empty: none. Every bad entry is its own problem.
 */
export const byoHosts = z
  .string()
  .optional()
  .transform((value, ctx): readonly string[] => {
    const origins: string[] = []
    const entries = (value ?? '').split(',').map((entry) => entry.trim())
    for (const entry of entries) {
      if (entry === '') continue
      const checked = hostOrigin(entry)
      if ('problem' in checked) {
        ctx.addIssue({
          code: 'custom',
          message: `BYO_HOSTS: "${entry.slice(0, 100)}" ${checked.problem}`,
        })
      } else if (!origins.includes(checked.origin)) {
        origins.push(checked.origin)
      }
    }
    return origins
  })
