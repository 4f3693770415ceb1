/**
 * Schemas of the emulator's test-control answers (src/emulator/control/test-control.ts), which
 * only tests read: the tests parse them as the app parses the service's answers, never cast.
 */
import { z } from 'zod/mini'
import type { RequestLogEntry } from '../emulator/control/request-log'
import type { EmulatorSettings } from '../emulator/control/test-control'

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

/** `POST /__emulator/tokens`: the token endpoint's answer, and whose token it is. */
export const IssuedTokenAnswerSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  scope: z.string(),
  login: z.string(),
})

/** `POST /__emulator/apps`. */
export const AddedAppAnswerSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  redirectUris: z.array(z.string()),
  scopes: z.array(z.string()),
})

/** `POST /__emulator/users`. */
export const AddedUserAnswerSchema = z.object({ id: z.int(), login: z.string(), name: z.string() })

/** `GET /__emulator/settings`, typed as the emulator's own answer. */
export const SettingsAnswerSchema: z.ZodMiniType<EmulatorSettings> = z.object({
  profile: z.enum(['seed', 'observed']),
  pkce: z.enum(['off', 'optional', 'required']),
  now: z.iso.datetime(),
})
