/**
 * The service's response shapes every call meets (docs/service.md#response-envelope): the success
 * envelope and the error body. schemas.ts re-exports them, and the rest of the code imports from
 * there; the web app's first load imports this module alone, so it builds no record schema (the
 * first-load budget, bench/bundle-budget.test.ts).
 */
import { z } from 'zod/mini'

/**
 * An object of any keys whose every value is `value`: what `z.record(z.string(), value)` accepts
 * from JSON, without bringing zod's record schema (~0.5 kB gzip) into the browser's first load
 * (the first-load budget, bench/bundle-budget.test.ts). Only the wording for a non-object differs ("expected object").
 */
export function stringMap<T extends z.core.$ZodType>(value: T) {
  return z.catchall(z.object({}), value)
}

/** The success envelope: `{data, meta?, abilities?}` (docs/service.md#response-envelope). */
export function envelope<T extends z.core.$ZodType>(data: T) {
  return z.object({
    data,
    meta: z.optional(stringMap(z.unknown())),
    abilities: z.optional(stringMap(z.boolean())),
  })
}

/** The service's error body: `{"status": 401, "message": "Unauthorized"}`. */
export const ErrorBodySchema = z.object({
  status: z.int(),
  message: z.string(),
  code: z.optional(z.string()),
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>
