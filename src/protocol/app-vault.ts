/**
 * The contract of "your own app" (docs/decisions/0014-your-own-app.md): the bodies and answers of
 * `/auth/app` and `/auth/app/token`, between the web app and its proxy. The proxy builds its
 * answers with these types; the browser parses them with these schemas. Nothing here is secret:
 * a client secret or a token is never in an answer, only its last four characters (`secretHint`).
 */
import { z } from 'zod/mini'

const KINDS = ['emulator', 'yuque', 'space', 'host'] as const

/** A service as a browser picks it: a kind, and a space's label or one of the offered hosts. */
export const ServiceChoiceSchema = z.object({
  kind: z.enum(KINDS),
  space: z.optional(z.string()),
  host: z.optional(z.string()),
})

/** `services` of GET /auth/app: what may be picked here, and where each goes. */
export const OfferedServiceSchema = z.object({
  kind: z.enum(KINDS),
  /** For `host`: the exact value to send as `service.host`. */
  host: z.optional(z.string()),
  /** Where calls go; for `space` the pattern `https://{space}.yuque.com`. */
  origin: z.string(),
  /** Served by the playground's embedded emulator instead of the real service. */
  emulated: z.boolean(),
})

const HintedClientSchema = z.object({ clientId: z.string(), secretHint: z.string() })

/** GET /auth/app, and the answer of every write of it. */
export const AppStateSchema = z.object({
  /** BYO_APP: false when the operator turned "your own app" off (the writes then answer 404). */
  enabled: z.boolean(),
  /** The redirect URI to register with your app: `<APP_ORIGIN>/callback`. */
  callbackUrl: z.string(),
  services: z.array(OfferedServiceSchema),
  /** What this browser saved; null: none (the operator's app is used). */
  current: z.nullable(
    z.object({
      service: z.extend(ServiceChoiceSchema, { origin: z.string(), emulated: z.boolean() }),
      /** Null when only a personal token is saved. */
      clientId: z.nullable(z.string()),
      /** `…` and the secret's last four characters (only `…` for a secret under 12). */
      secretHint: z.nullable(z.string()),
      codeClient: z.nullable(HintedClientSchema),
      personalToken: z.nullable(
        z.object({
          hint: z.string(),
          login: z.string(),
          name: z.string(),
          /** The service's `X-OAuth-Scopes` when it sent it; null when it did not. */
          scopes: z.nullable(z.array(z.string())),
        }),
      ),
      /** 24 h after its last use: each use moves it on. */
      expiresAt: z.string(),
    }),
  ),
})
export type AppState = z.infer<typeof AppStateSchema>
export type OfferedService = z.infer<typeof OfferedServiceSchema>

/** PUT /auth/app/token: who the token belongs to, as GET /user answered. */
export const PersonalTokenAnswerSchema = z.object({
  login: z.string(),
  name: z.string(),
  scopes: z.nullable(z.array(z.string())),
})
export type PersonalTokenAnswer = z.infer<typeof PersonalTokenAnswerSchema>

/**
 * The codes of a refused field, stable: the browser says each in its language. The decision
 * record says when each is given.
 */
export const FIELD_CODES = [
  'required',
  'invalid',
  'unexpected',
  'unknown_kind',
  'unavailable',
  'space_label',
  'space_reserved',
  'host_not_offered',
  'client_id',
  'client_secret',
  'token_format',
  'refused',
] as const
export type FieldCode = (typeof FIELD_CODES)[number]

/** A 400 of these routes: every bad field (`service.space`, `clientSecret`, …) with its code. */
export const FieldErrorsSchema = z.object({
  status: z.literal(400),
  code: z.literal('invalid_request'),
  error: z.literal('invalid_request'),
  message: z.string(),
  fields: z.record(z.string(), z.enum(FIELD_CODES)),
})
export type FieldErrors = z.infer<typeof FieldErrorsSchema>
