/**
 * The browser's own app a session or a login was made with: its vault and the revision of the
 * app saved there (src/proxy/byo/effective-app.ts, docs/decisions/0015-your-own-app.md). Kept in
 * the sealed session and transaction cookies; absent, the operator's app.
 */
import { z } from 'zod'

export const AppBindingSchema = z.object({ vault: z.string(), rev: z.string() })
export type AppBinding = z.infer<typeof AppBindingSchema>
