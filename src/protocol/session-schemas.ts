/**
 * The shapes of `GET /auth/session` and `GET /auth/config`, which every page of the web app
 * reads. Apart from playground-common.ts so that the first load holds no zod: the web app
 * imports these when its first request leaves (src/web/session/session-queries.ts,
 * docs/decisions/0008). The proxy builds its answers with the same types.
 */
import { z } from 'zod/mini'

export const SessionResponseSchema = z.discriminatedUnion('connected', [
  z.object({
    connected: z.literal(true),
    scope: z.string(),
    requestedScope: z.string(),
    connectedAt: z.string(),
    /** A login's session, or a personal token saved as the browser's own (decision 0015). */
    source: z.optional(z.enum(['oauth', 'personal-token'])),
  }),
  z.object({ connected: z.literal(false) }),
])
export type SessionResponse = z.infer<typeof SessionResponseSchema>
/** A session with an account: what every connected view reads. */
export type ConnectedSession = Extract<SessionResponse, { connected: true }>

/** `GET /auth/config`: what the connect page previews. Nothing here is secret. */
export const PlaygroundConfigSchema = z.object({
  /** `emulator` when the embedded emulator is used, `yuque` for a configured real service. */
  service: z.enum(['emulator', 'yuque']),
  clientId: z.string(),
  redirectUri: z.string(),
  authorizeEndpoint: z.string(),
  baseUrl: z.string(),
  /** The app of the client-code flow, or null when it is not configured (real service). */
  clientCodeClientId: z.nullable(z.string()),
  /** Whether the authorize request carries a PKCE challenge (OAUTH_PKCE). */
  pkce: z.enum(['S256', 'off']),
  /** Whose app the values above are: the operator's, or the one saved in this browser (decision 0015). */
  app: z.optional(z.enum(['operator', 'yours'])),
})
export type PlaygroundConfig = z.infer<typeof PlaygroundConfigSchema>
