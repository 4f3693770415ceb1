/**
 * Schemas of the emulator's test-control answers (src/emulator/control/test-control.ts), which
 * only tests read: the tests parse them as the app parses the service's answers, never cast.
 */
import { z } from 'zod/mini'
import type { RequestLogEntry } from '../emulator/control/request-log'

/** Typed as the emulator's own entry, so a field added there and not here fails to compile. */
const RequestLogEntrySchema: z.ZodMiniType<RequestLogEntry> = z.object({
  time: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.int(),
  query: z.array(z.object({ name: z.string(), value: z.string() })),
  headerNames: z.array(z.string()),
  hasUserAgent: z.boolean(),
  hasCookie: z.boolean(),
  hasClientSecret: z.boolean(),
  grantType: z.nullable(z.string()),
  clientId: z.nullable(z.string()),
  user: z.nullable(z.string()),
  tokenFingerprint: z.nullable(z.string()),
  fault: z.boolean(),
})

/** `GET /__emulator/log`. */
export const RequestLogAnswerSchema = z.object({ entries: z.array(RequestLogEntrySchema) })
