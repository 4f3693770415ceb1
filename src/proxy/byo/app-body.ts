/**
 * The bodies of `PUT /auth/app` and `PUT /auth/app/token`, checked field by field: every bad
 * field is named with a stable code of the protocol's FIELD_CODES (src/protocol/your-app-api.ts),
 * which the browser says in its own language, and nothing else is echoed back. zod checks the
 * shapes; the service is service-choice.ts's, the only way a body names where calls go.
 */
import { z } from 'zod'
import { FIELD_MAX_LENGTH, isFieldCode, type FieldCode } from '../../protocol/your-app-api'
import { resolveService, type ResolvedService, type ServiceOptions } from './service-choice'
import { sameService, type SavedApp, type Vault } from './vault'

/** Client ids as services issue them: letters, digits, `.`, `_`, `-`. */
const CLIENT_ID = /^[A-Za-z0-9._-]+$/
/** Printable ASCII without spaces: nothing that could break a header or a form field. */
const PRINTABLE = /^[\x21-\x7e]+$/

export type Fields = Record<string, FieldCode>

export type Checked<T> = { ok: true; value: T } | { ok: false; fields: Fields }

/**
 * A string field: absent or empty is `required`, longer than the protocol's FIELD_MAX_LENGTH
 * `too_long`, anything else ill-formed `invalid`.
 */
function text(pattern: RegExp, max: number) {
  return z.unknown().superRefine((value, ctx) => {
    const problem = (code: FieldCode) => ctx.addIssue({ code: 'custom', message: code })
    if (value === undefined || value === null || value === '') problem('required')
    else if (typeof value !== 'string') problem('invalid')
    else if (value.length > max) problem('too_long')
    else if (!pattern.test(value)) problem('invalid')
  })
}

const clientId = text(CLIENT_ID, FIELD_MAX_LENGTH.clientId)
/** Left out, checkAppBody keeps the saved one. */
const optionalSecret = text(PRINTABLE, FIELD_MAX_LENGTH.clientSecret).optional()

const AppBodySchema = z
  .object({
    service: z.unknown(),
    clientId,
    clientSecret: optionalSecret,
    codeClient: z.object({ clientId, clientSecret: optionalSecret }).strict().nullable().optional(),
  })
  .strict()

const TokenBodySchema = z
  .object({ service: z.unknown(), token: text(PRINTABLE, FIELD_MAX_LENGTH.token) })
  .strict()

/** Each issue as `path: code`; a key the body may not have is `unexpected`, a bad shape `invalid`. */
function fieldsOf(error: z.ZodError): Fields {
  const fields: Fields = {}
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        fields[[...issue.path, key].join('.').slice(0, 80)] = 'unexpected'
      }
      continue
    }
    // A field's own code wins over zod's word for the same field (a missing key, a wrong type).
    const field = issue.path.join('.') || 'body'
    if (isFieldCode(issue.message)) fields[field] = issue.message
    else fields[field] ??= 'invalid'
  }
  return fields
}

/** The body's fields with their problems, the service's among them. */
function problemsOf<T>(
  parsed: z.ZodSafeParseResult<T>,
  choice: ReturnType<typeof resolveService>,
): Fields {
  const fields: Fields = parsed.success ? {} : fieldsOf(parsed.error)
  delete fields.service
  if (!choice.ok) for (const problem of choice.problems) fields[problem.field] = problem.code
  return fields
}

const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body)

/**
 * `PUT /auth/app`: the app to save. A secret left out keeps the one saved for the same service
 * (the id may change); without one saved there, it is `required`.
 */
export function checkAppBody(
  body: unknown,
  options: ServiceOptions,
  saved: Vault | null,
): Checked<{ service: ResolvedService; app: Omit<SavedApp, 'rev'> }> {
  if (!isObject(body)) return { ok: false, fields: { body: 'invalid' } }
  const parsed = AppBodySchema.safeParse(body)
  const choice = resolveService(body.service, options)
  const fields = problemsOf(parsed, choice)
  const kept =
    choice.ok && saved !== null && sameService(saved.service, choice.service.choice)
      ? saved.app
      : null
  if (body.clientSecret === undefined && kept === null) fields.clientSecret ??= 'required'
  const code = isObject(body.codeClient) ? body.codeClient : null
  if (code !== null && code.clientSecret === undefined && !kept?.codeClient) {
    fields['codeClient.clientSecret'] ??= 'required'
  }
  if (!parsed.success || !choice.ok || Object.keys(fields).length > 0) return { ok: false, fields }
  const { clientId, clientSecret, codeClient } = parsed.data
  const codeSecret = codeClient?.clientSecret ?? kept?.codeClient?.clientSecret
  return {
    ok: true,
    value: {
      service: choice.service,
      app: {
        clientId: clientId as string,
        clientSecret: (clientSecret ?? kept?.clientSecret) as string,
        codeClient:
          codeClient === undefined || codeClient === null
            ? null
            : { clientId: codeClient.clientId as string, clientSecret: codeSecret as string },
      },
    },
  }
}

/** `PUT /auth/app/token`: the service and the token to check there. */
export function checkTokenBody(
  body: unknown,
  options: ServiceOptions,
): Checked<{ service: ResolvedService; token: string }> {
  if (!isObject(body)) return { ok: false, fields: { body: 'invalid' } }
  const parsed = TokenBodySchema.safeParse(body)
  const choice = resolveService(body.service, options)
  const fields = problemsOf(parsed, choice)
  if (!parsed.success || !choice.ok || Object.keys(fields).length > 0) return { ok: false, fields }
  return { ok: true, value: { service: choice.service, token: parsed.data.token as string } }
}
