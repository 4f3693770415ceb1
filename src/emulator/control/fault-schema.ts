/**
 * What a queued test-control fault may be (`POST /__emulator/faults`, `control.queueFault`), and
 * its tag (`DELETE /__emulator/faults?tag=`): every field checked, each refusal naming it
 * (docs/emulator.md#routes, #tagged-faults).
 */
import { z } from 'zod'

/**
 * The deepest a fault body may nest. JSON.stringify, which serves it (faults.ts), recurses: how
 * deep it can go depends on the stack left where it runs, so "it could be written when queued"
 * is no promise that it can be when served, deeper in the middleware (src/emulator/fuzz.test.ts
 * found a body of about 2,000 levels that passed the one and failed the other). A fixed bound,
 * far below any stack's, far above any answer a test needs.
 */
const MAX_FAULT_BODY_DEPTH = 256

/** Whether `value` nests at most MAX_FAULT_BODY_DEPTH levels, measured without recursion. */
function isShallowEnough(value: unknown): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue
    if (next.depth >= MAX_FAULT_BODY_DEPTH) return false
    for (const child of Object.values(next.value))
      pending.push({ value: child, depth: next.depth + 1 })
  }
  return true
}

/** A fault's tag: what a request names in FAULT_TAG_HEADER (test-control.ts) to take its faults. */
export const FaultTagSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'tag must be 1 to 64 letters, digits, "_" or "-"')

export const FaultSchema = z
  .object({
    method: z
      .string()
      .regex(/^[A-Za-z]{1,16}$/, 'method must be an HTTP method such as GET or POST')
      .transform((method) => method.toUpperCase())
      .optional(),
    path: z
      .string()
      .startsWith('/', 'path must start with "/" (for example /api/v2/user)')
      .max(2048),
    status: z.number().int().min(200).max(599).optional(),
    // Refused here, naming the field, not queued to answer 500 when served (test-control.test.ts,
    // "refuses a fault body nested too deep to serve").
    body: z
      .unknown()
      .optional()
      .refine(isShallowEnough, {
        message: `the fault body nests deeper than ${MAX_FAULT_BODY_DEPTH} levels; send a flatter one.`,
      }),
    headers: z
      .record(
        z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'header names are letters, digits and "-"'),
        z
          .string()
          .max(4096)
          .regex(/^[\x20-\x7e\t]*$/, 'header values are printable ASCII on one line'),
      )
      .optional(),
    delayMs: z.number().int().min(0).max(120_000).optional(),
    redirectTo: z
      .string()
      .min(1)
      .max(2048)
      .regex(/^[\x21-\x7e]+$/, 'redirectTo must be a URL without spaces or control characters')
      .optional(),
    /** Close the connection without any answer, as a service that is down or crashed does. */
    drop: z.boolean().optional(),
    times: z.number().int().min(1).max(10_000).optional(),
    /** Served only to requests carrying FAULT_TAG_HEADER with this value (faults.ts). */
    tag: FaultTagSchema.optional(),
  })
  .strict()
export type FaultInput = z.input<typeof FaultSchema>
