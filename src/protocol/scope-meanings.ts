/**
 * What each scope of docs/service.md#scopes lets an app do, in English (from SCOPES), keyed by the
 * scope's name, which is never translated; the Chinese table is scope-meanings.zh.ts. One table per
 * language for the app's connect and scopes pages and the emulator's consent page, so the three
 * cannot word a scope differently.
 */
import { SCOPES } from './scopes'

export type ScopeMeanings = Readonly<Record<string, string>>

export const SCOPE_MEANINGS_EN: ScopeMeanings = Object.fromEntries(
  SCOPES.map((scope) => [scope.name, scope.meaning]),
)
