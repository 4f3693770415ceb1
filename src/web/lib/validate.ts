/**
 * Every answer's body checked against its schema, and an error body read: the api client's use
 * of zod, in a chunk of its own. The api client imports it when a request leaves, so zod and the
 * schemas load beside the first request instead of in the first load (the first-load budget,
 * bench/bundle-budget.test.ts; docs/decisions/0008).
 */
// First: zod's settings (messages in words, no eval probe) precede every parse (see the module).
import './zod-config'
import { z } from 'zod/mini'
import { envelope, ErrorBodySchema, type ErrorBody } from '../../protocol/envelope'

export type Checked<T> =
  { ok: true; data: T } | { ok: false; error: z.core.$ZodError; issues: string }

function failed(error: z.core.$ZodError): Checked<never> {
  const issues = error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ')
  return { ok: false, error, issues }
}

/** `payload` against `schema`, or inside the service's `{data: …}` envelope when `enveloped`. */
export function check<T>(
  schema: z.core.$ZodType<T>,
  payload: unknown,
  enveloped: boolean,
): Checked<T> {
  if (enveloped) {
    const parsed = z.safeParse(envelope(schema), payload)
    return parsed.success ? { ok: true, data: parsed.data.data } : failed(parsed.error)
  }
  const parsed = z.safeParse(schema, payload)
  return parsed.success ? { ok: true, data: parsed.data } : failed(parsed.error)
}

/** The body when it has the service's (or the proxy's) error shape, else null. */
export function readErrorBody(payload: unknown): ErrorBody | null {
  const parsed = ErrorBodySchema.safeParse(payload)
  return parsed.success ? parsed.data : null
}
