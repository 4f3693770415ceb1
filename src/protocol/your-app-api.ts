/**
 * "Your app": the contract of `/auth/app` and `/auth/app/token`, by which a browser brings its
 * own OAuth app (registered with Yuque, an enterprise space, or a host the operator lists) or its
 * own personal token, without a restart. The web app's page (src/web/your-app/) and the proxy
 * parse with the same schemas; the field codes are the stable words the proxy refuses a field
 * with, which the page translates (src/web/your-app/field-errors.ts).
 *
 * zod/mini with `@__PURE__` on each `.check()`, as in playground-api.ts: the browser imports
 * this module (from the page's own chunk, never the first load: bench/bundle-budget.test.ts).
 * The browser never gets a secret or a token back: only their last four characters (`…a1b2`).
 */
import { z } from 'zod/mini'
import { stringMap } from './envelope'

/** The services a browser's app can be registered with. */
export const SERVICE_KINDS = ['emulator', 'yuque', 'space', 'host'] as const
export type ServiceKind = (typeof SERVICE_KINDS)[number]

/** Yuque itself; an enterprise space is `https://<space>.yuque.com` (docs/service.md#enterprise-spaces). */
export const YUQUE_ORIGIN = 'https://www.yuque.com'
export const SPACE_HOST_SUFFIX = '.yuque.com'

/** One DNS label, lower case: letters, digits and `-`, 1 to 63, no `-` at either end. */
export const SPACE_LABEL_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
/**
 * Labels that name no space: the general host, punycode (a look-alike of another name), and
 * labels that read as numbers (decimal, or hex as `0x…`), so that nothing number-like becomes
 * part of a host name.
 */
const RESERVED_SPACE_LABEL = /^(?:www|xn--.*|\d+|0x[0-9a-f]*)$/

/** Whether `value` is a space's second-level domain as the service's host names it. */
export function isSpaceLabel(value: string): boolean {
  return SPACE_LABEL_PATTERN.test(value)
}

/** Why `value` is not a space's label (a field code below), or null when it is one. */
export function spaceLabelProblem(
  value: string,
): 'required' | 'space_label' | 'space_reserved' | null {
  if (value === '') return 'required'
  if (!isSpaceLabel(value)) return 'space_label'
  return RESERVED_SPACE_LABEL.test(value) ? 'space_reserved' : null
}

/**
 * The longest values taken (the emulator's personal tokens are at most 128 characters,
 * docs/emulator.md): a longer one is a paste gone wrong, refused as `too_long` before it leaves.
 */
export const FIELD_MAX_LENGTH = { clientId: 128, clientSecret: 256, token: 256 } as const

/**
 * The codes a refused field carries in a 400 `{error: 'invalid_request', fields: {path: code}}`.
 * The page has a message for each in both languages, and a general one for a code not listed.
 */
export const FIELD_CODES = [
  'required',
  'too_long',
  'invalid',
  'space_label',
  'space_reserved',
  'unknown_host',
  'host_not_offered',
  'unknown_kind',
  'unavailable',
  'unexpected',
  'refused',
] as const
export type FieldCode = (typeof FIELD_CODES)[number]

export function isFieldCode(value: string): value is FieldCode {
  return (FIELD_CODES as readonly string[]).includes(value)
}

/** What a request names as its service. */
export const ServiceChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('emulator') }),
  z.object({ kind: z.literal('yuque') }),
  z.object({ kind: z.literal('space'), space: z.string() }),
  z.object({ kind: z.literal('host'), host: z.string() }),
])
export type ServiceChoice = z.infer<typeof ServiceChoiceSchema>

/**
 * One service `GET /auth/app` offers: each kind once, each of the operator's hosts apart.
 * `origin` (where it goes) and `emulated` (the embedded emulator stands in for it) are optional.
 */
const offered = {
  origin: z.optional(z.string()),
  emulated: z.optional(z.boolean()),
}
export const OfferedServiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('emulator'), ...offered }),
  z.object({ kind: z.literal('yuque'), ...offered }),
  z.object({ kind: z.literal('space'), ...offered }),
  z.object({ kind: z.literal('host'), host: z.string(), ...offered }),
])
export type OfferedService = z.infer<typeof OfferedServiceSchema>

const secretHint = z.string()

/** The browser's own OAuth app: its ids, and of each secret its last four characters. */
const OwnAppSchema = z.object({
  clientId: z.string(),
  /** The secret's last four characters, such as `…a1b2`: the secret itself never comes back. */
  secretHint,
  codeClient: z.nullable(z.object({ clientId: z.string(), secretHint })),
})
export type OwnApp = z.infer<typeof OwnAppSchema>

/**
 * What this browser saved, as `GET /auth/app` and `PUT /auth/app` answer it: one service, and
 * for it an app (`app`), a personal token (`personalToken`), or both. A browser that saved only
 * a token has `app: null`, so nothing reads as an app that is not there.
 */
export const SavedAppSchema = z.object({
  service: z.object({
    kind: z.enum(SERVICE_KINDS),
    space: z.optional(z.string()),
    host: z.optional(z.string()),
    origin: z.string(),
  }),
  app: z.nullable(OwnAppSchema),
  personalToken: z.nullable(
    z.object({
      hint: z.string(),
      login: z.string(),
      name: z.string(),
      scopes: z.nullable(z.array(z.string())),
    }),
  ),
  /** When it is forgotten unless used again (ms since the epoch). */
  expiresAt: z.number(),
})
export type SavedApp = z.infer<typeof SavedAppSchema>

/** `GET /auth/app`. */
export const YourAppResponseSchema = z.object({
  /** False when the operator turned the feature off (BYO_APP=off). */
  enabled: z.boolean(),
  /** `<APP_ORIGIN>/callback`: the callback URL to register with the app. */
  callbackUrl: z.string(),
  services: z.array(OfferedServiceSchema),
  current: z.nullable(SavedAppSchema),
})
export type YourAppResponse = z.infer<typeof YourAppResponseSchema>

const clientId = /* @__PURE__ */ z.string().check(z.maxLength(FIELD_MAX_LENGTH.clientId))
const clientSecret = /* @__PURE__ */ z.string().check(z.maxLength(FIELD_MAX_LENGTH.clientSecret))

/**
 * `PUT /auth/app`. `clientSecret` omitted: keep the saved one (only the id changes);
 * `codeClient` omitted: no client-code app.
 */
export const SaveAppRequestSchema = z.object({
  service: ServiceChoiceSchema,
  clientId,
  clientSecret: z.optional(clientSecret),
  codeClient: z.optional(z.object({ clientId, clientSecret: z.optional(clientSecret) })),
})
export type SaveAppRequest = z.infer<typeof SaveAppRequestSchema>

/** `PUT /auth/app/token`: a personal token, checked with the service before it is kept. */
export const SaveTokenRequestSchema = z.object({
  service: ServiceChoiceSchema,
  token: /* @__PURE__ */ z.string().check(z.maxLength(FIELD_MAX_LENGTH.token)),
})
export type SaveTokenRequest = z.infer<typeof SaveTokenRequestSchema>

/** Its answer: the token's owner, and its scopes when the service reports them (else null). */
export const TokenOwnerSchema = z.object({
  login: z.string(),
  name: z.string(),
  scopes: z.nullable(z.array(z.string())),
})
export type TokenOwner = z.infer<typeof TokenOwnerSchema>

/** A 400's body: each refused field by its path (`clientId`, `service.space`, …) and its code. */
export const FieldErrorsBodySchema = z.object({
  error: z.optional(z.string()),
  fields: stringMap(z.string()),
})
