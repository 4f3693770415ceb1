/**
 * The two cookies of the flow lab's editor run (src/protocol/lab-api.ts): what the browser keeps
 * between `POST /auth/lab/start` and `POST /auth/lab/finish`, while it is away at the service.
 * - The run itself, sealed like a login's transaction (docs/decisions/0003-sealed-cookies.md,
 *   its own seal purpose, so that neither passes for the other): `state` or none, the verifier or
 *   none, what was asked for, the browser's app it started with. HttpOnly, SameSite=Lax (it must
 *   come back with the cross-site return), Path=/auth/lab, 10 minutes, single use. One per
 *   browser: a new run replaces the last.
 * - The marker, LAB_RUN_COOKIE: readable by the callback page, which hands a return to the lab
 *   while it is set. Its value is the run's id, random and secret of nothing. `POST /auth/start`
 *   clears it (auth-routes.ts): the flow started last wins the next return to /callback.
 */
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { z } from 'zod'
import {
  LAB_AFTER_RETURN,
  LAB_PKCE_MODES,
  LAB_REDIRECT_MODES,
  LAB_RUN_COOKIE,
  LAB_STATE_MODES,
} from '../../protocol/lab-api'
import type { Config } from '../config'
import { AppBindingSchema } from '../auth/app-binding'
import type { Sealer } from '../auth/seal'
import { TRANSACTION_TTL_SECONDS } from '../auth/transactions'

/** A run must finish within the time a login has (transactions.ts). */
export const LAB_RUN_TTL_SECONDS = TRANSACTION_TTL_SECONDS

const LabRunSchema = z.object({
  /** The marker's value: names the run, proves nothing. */
  runId: z.string(),
  stateMode: z.enum(LAB_STATE_MODES),
  /** The `state` sent; null: none was. */
  state: z.string().nullable(),
  pkce: z.enum(LAB_PKCE_MODES),
  /** The verifier the exchange sends; null with PKCE off. */
  codeVerifier: z.string().nullable(),
  redirect: z.enum(LAB_REDIRECT_MODES),
  /** The redirect_uri sent, exactly. */
  redirectUri: z.string(),
  scope: z.string(),
  responseType: z.string(),
  afterReturn: z.enum(LAB_AFTER_RETURN),
  createdAt: z.number(),
  /** The browser's own app the run started with (app-binding.ts); absent: the operator's. */
  app: AppBindingSchema.optional(),
})
export type LabRun = z.infer<typeof LabRunSchema>

/** The marker's name: `__Host-` over https, as the connected hint's (session.ts). */
export const labRunCookieName = (isSecure: boolean) =>
  isSecure ? `__Host-${LAB_RUN_COOKIE}` : LAB_RUN_COOKIE

export interface LabRunCookies {
  readonly runCookieName: string
  readonly markerCookieName: string
  start(c: Context, run: LabRun): Promise<void>
  /** Reads the run and deletes its cookie whatever the outcome (RFC 9700 §4.2.4). */
  take(c: Context): Promise<'missing' | 'invalid' | LabRun>
  clearMarker(c: Context): void
}

export function createLabRunCookies(config: Config, sealer: Sealer): LabRunCookies {
  // __Secure- fits the Path=/auth/lab cookie; __Host- needs Path=/ (RFC 6265bis §4.1.3).
  const runCookieName = config.isSecure ? '__Secure-pg_lab_tx' : 'pg_lab_tx'
  const runCookie = {
    path: '/auth/lab',
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.isSecure,
  } as const
  const markerCookieName = labRunCookieName(config.isSecure)
  const markerCookie = {
    path: '/',
    httpOnly: false,
    sameSite: 'Lax',
    secure: config.isSecure,
  } as const

  return {
    runCookieName,
    markerCookieName,
    async start(c, run) {
      const sealed = await sealer.seal('lab-run', run, LAB_RUN_TTL_SECONDS)
      setCookie(c, runCookieName, sealed, { ...runCookie, maxAge: LAB_RUN_TTL_SECONDS })
      setCookie(c, markerCookieName, run.runId, { ...markerCookie, maxAge: LAB_RUN_TTL_SECONDS })
    },
    async take(c) {
      const value = getCookie(c, runCookieName)
      if (value === undefined) return 'missing'
      deleteCookie(c, runCookieName, runCookie)
      const payload = LabRunSchema.safeParse(await sealer.unseal('lab-run', value))
      return payload.success ? payload.data : 'invalid'
    },
    clearMarker(c) {
      deleteCookie(c, markerCookieName, markerCookie)
    },
  }
}

/**
 * Clears the marker when the request carries it: a login started now must not have its return
 * handed to the lab (`POST /auth/start`, auth-routes.ts).
 */
export function clearLabRunMarker(c: Context, config: Config): void {
  const name = labRunCookieName(config.isSecure)
  if (getCookie(c, name) === undefined) return
  deleteCookie(c, name, { path: '/', sameSite: 'Lax', secure: config.isSecure })
}
