/**
 * zod's global settings for the web app, imported first by validate.ts, the module through
 * which the api client checks every answer (zod is not in the first load: validate.ts loads
 * beside the first request, docs/decisions/0008).
 *
 * - Messages: zod/mini registers no locale (classic zod does it by itself), and without one
 *   every issue reads "Invalid input". The app shows issue messages for an answer in an
 *   unexpected shape (api-client.ts), so they must say what was wrong. A few words of our own
 *   do, where zod's English locale would cost ~1.5 kB gzip of every first load (the benchmarks'
 *   bundle budget); a schema's own message still wins over these.
 * - `jitless`: classic zod's objects compile their parsers with `new Function`, and merely
 *   probing for it is reported as a CSP violation under `script-src 'self'` (no 'unsafe-eval').
 *   The app's schemas are zod/mini, whose objects compile nothing, so nothing probes today; the
 *   setting costs a few bytes and keeps it so should a classic schema ever reach the bundle.
 *   Schemas read it when they are created, hence the import order.
 */
import { z } from 'zod/mini'

function kindOf(input: unknown): string {
  return input === null ? 'null' : Array.isArray(input) ? 'array' : typeof input
}

z.config({
  jitless: true,
  customError: (issue) =>
    issue.code === 'invalid_type'
      ? `expected ${issue.expected}, received ${kindOf(issue.input)}`
      : issue.code === 'invalid_value'
        ? `expected ${issue.values.map((value) => JSON.stringify(value)).join(' or ')}`
        : issue.code.replaceAll('_', ' '),
})
