/**
 * The bodies of `PUT /auth/app` and `PUT /auth/app/token`, checked field by field: every bad
 * field is named with a stable code of the protocol's FIELD_CODES (src/protocol/app-vault.ts),
 * which the browser says in its own language, and nothing else is echoed back. zod checks the
 * shapes; the service is service-choice.ts's, the only way a body names where calls go.
 */
import { z } from 'zod'
import type { FieldCode } from '../../protocol/app-vault'
import { resolveService, type ResolvedService, type ServiceOptions } from './service-choice'
import { sameService, type SavedApp, type Vault } from './vault'

/** Client ids as services issue them: letters, digits, `.`, `_`, `-`. */
const CLIENT_ID = /^[A-Za-z0-9._-]{1,128}$/
/** Printable ASCII without spaces: nothing that could break a header or a form field. */
const SECRET = /^[\x21-\x7e]{1,256}$/
const TOKEN = /^[\x21-\x7e]{1,512}$/

export type Fields = Record<string, FieldCode>

export type Checked<T> = { ok: true; value: T } | { ok: false; fields: Fields }

/** A string field: absent, blank and ill-formed each have their code. */
function text(pattern: RegExp, code: FieldCode) {
  return z.unknown().superRefine((value, ctx) => {
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({ code: 'custom', message: 'required' })
    } else if (typeof value !== 'string' || !pattern.test(value)) {
      ctx.addIssue({ code: 'custom', message: code })
    }
  })
}

const optionalSecret = z
  .unknown()
  .refine((value) => value === undefined || (typeof value === 'string' && SECRET.test(value)), {
    message: 'client_secret',
  })

const AppBodySchema = z
  .object({
    service: z.unknown(),
    clientId: text(CLIENT_ID, 'client_id'),
    clientSecret: optionalSecret,
    codeClient: z
      .object({ clientId: text(CLIENT_ID, 'client_id'), clientSecret: optionalSecret })
      .strict()
      .nullable()
      .optional(),
  })
  .strict()

const TokenBodySchema = z
  .object({ service: z.unknown(), token: text(TOKEN, 'token_format') })
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
    const field = issue.path.join('.') || 'body'
    fields[field] = issue.code === 'custom' ? (issue.message as FieldCode) : 'invalid'
  }
  return fields
}

/** The body's service, and the problems of the rest of it, together. */
function withService<T>(
  parsed: z.ZodSafeParseResult<T>,
  service: unknown,
  options: ServiceOptions,
): Checked<{ body: T; service: ResolvedService }> {
  const choice = resolveService(service, options)
  const fields: Fields = parsed.success ? {} : fieldsOf(parsed.error)
  delete fields.service
  if (!choice.ok) for (const problem of choice.problems) fields[problem.field] = problem.code
  if (!parsed.success || !choice.ok || Object.keys(fields).length > 0) return { ok: false, fields }
  return { ok: true, value: { body: parsed.data, service: choice.service } }
}

const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body)

/**
 * `PUT /auth/app`: the app to save. A secret left out keeps the one saved for the same service
 * (the id may change); without one saved, it is `required`.
 */
export function checkAppBody(
  body: unknown,
  options: ServiceOptions,
  saved: Vault | null,
): Checked<{ service: ResolvedService; app: Omit<SavedApp, 'rev'> }> {
  if (!isObject(body)) return { ok: false, fields: { body: 'invalid' } }
  const checked = withService(AppBodySchema.safeParse(body), body.service, options)
  if (!checked.ok) return checked
  const { body: fields, service } = checked.value
  const kept = saved !== null && sameService(saved.service, service.choice) ? saved.app : null
  const clientSecret = (fields.clientSecret as string | undefined) ?? kept?.clientSecret
  const code = fields.codeClient ?? null
  const codeSecret =
    code === null
      ? undefined
      : ((code.clientSecret as string | undefined) ?? kept?.codeClient?.clientSecret)
  const missing: Fields = {}
  if (clientSecret === undefined) missing.clientSecret = 'required'
  if (code !== null && codeSecret === undefined) missing['codeClient.clientSecret'] = 'required'
  if (clientSecret === undefined || Object.keys(missing).length > 0) {
    return { ok: false, fields: missing }
  }
  return {
    ok: true,
    value: {
      service,
      app: {
        clientId: fields.clientId as string,
        clientSecret,
        codeClient:
          code === null || codeSecret === undefined
            ? null
            : { clientId: code.clientId as string, clientSecret: codeSecret },
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
  const checked = withService(TokenBodySchema.safeParse(body), body.service, options)
  if (!checked.ok) return checked
  return {
    ok: true,
    value: { service: checked.value.service, token: checked.value.body.token as string },
  }
}
