/**
 * A browser's vault of "your own app" (docs/decisions/0015-your-own-app.md): the service it
 * picked, its app's client ids and secrets, its personal token. The browser holds only the
 * vault's random id (256 bits), sealed in an HttpOnly, SameSite=Strict cookie (`__Host-` over
 * https) of its own purpose. The content lives in the StateStore under `app:<id>`, sealed too
 * (AES-256-GCM with a key HKDF derives from SESSION_SECRET for this purpose alone, a fresh nonce
 * at each seal: seal.ts), so neither the store nor a copy of it ever holds a secret in plain text
 * and every replica reads the same vault. Both live 24 h after the vault's last use: a use after
 * VAULT_TOUCH_MS writes the content and the cookie again, each with a new 24 h.
 */
import { generateCookie } from 'hono/cookie'
import { z } from 'zod'
import type { Config } from '../config'
import type { RandomBytes } from '../auth/oauth'
import type { Sealer } from '../auth/seal'
import { remember, sessionCookieScanner, type CookieCall } from '../auth/session-cookie'
import type { StateStore } from '../store/state-store'
import {
  resolveService,
  type ResolvedService,
  serviceOptionsOf,
  type ServiceChoice,
} from './service-choice'

export const VAULT_TTL_SECONDS = 24 * 60 * 60
/** A vault used again within this time is not written again (its 24 h then run from the last write). */
const VAULT_TOUCH_MS = 5 * 60 * 1000
const CACHE_SIZE = 1000

const ClientSchema = z.object({ clientId: z.string(), clientSecret: z.string() })

/** A choice as it was saved; resolveService checks it again at every read. */
const SavedChoiceSchema = z.object({
  kind: z.string(),
  space: z.string().optional(),
  host: z.string().optional(),
})

const ContentSchema = z.object({
  service: SavedChoiceSchema,
  app: z
    .object({
      /** New at every save: a session opened with one revision is not used with another. */
      rev: z.string(),
      clientId: z.string(),
      clientSecret: z.string(),
      codeClient: ClientSchema.nullable(),
    })
    .nullable(),
  token: z
    .object({
      value: z.string(),
      login: z.string(),
      name: z.string(),
      scopes: z.array(z.string()).nullable(),
      savedAt: z.number(),
    })
    .nullable(),
})
/** What a vault holds: one service, and an app or a personal token for it, or both. */
export type VaultContent = Omit<z.infer<typeof ContentSchema>, 'service'> & {
  service: ServiceChoice
}
export type SavedApp = NonNullable<VaultContent['app']>

const SealedSchema = ContentSchema.extend({ id: z.string(), touchedAt: z.number() })
type Sealed = z.infer<typeof SealedSchema>
type Cache<T> = Map<string, { value: T; expiresAt: number }>

export interface Vault extends VaultContent {
  id: string
  /** The vault's last write: it expires VAULT_TTL_SECONDS after it. */
  touchedAt: number
  /** Its service, resolved again against the configuration as it is now. */
  resolved: ResolvedService
}

export interface VaultStore {
  /** Whether a Cookie header carries a vault cookie: without one, nothing is read from the store. */
  hasCookie(cookieHeader: string | undefined): boolean
  /** This browser's vault, or null; a vault that is gone, expired or altered clears the cookie. */
  read(call: CookieCall): Promise<Vault | null>
  /** Writes the content in `vault`, or in a new vault (a new id and cookie) when it is null. */
  write(call: CookieCall, vault: Vault | null, content: VaultContent): Promise<Vault>
  /** Deletes the vault from the store and its cookie from the browser. */
  forget(call: CookieCall, vault: Vault | null): Promise<void>
}

const storeKey = (id: string) => `app:${id}`

export function createVaultStore(options: {
  config: Config
  sealer: Sealer
  store: StateStore
  clock: () => number
  randomBytes: RandomBytes
}): VaultStore {
  const { config, sealer, store, clock } = options
  const serviceOptions = serviceOptionsOf(config)
  const cookieName = config.isSecure ? '__Host-pg_app' : 'pg_app'
  const cookie = { path: '/', httpOnly: true, sameSite: 'Strict', secure: config.isSecure } as const
  const scan = sessionCookieScanner(cookieName)

  // Unsealing is AES-GCM: the id behind a cookie's value and the content behind a store's value
  // are remembered by the exact sealed text (which cannot change) until the seal's own expiry.
  const ids: Cache<string | null> = new Map()
  const contents: Cache<Sealed | null> = new Map()
  async function unsealCached<T>(
    cache: Cache<T>,
    purpose: 'app' | 'vault',
    sealed: string,
    parse: (payload: Record<string, unknown> | null) => T,
  ): Promise<T> {
    const cached = cache.get(sealed)
    if (cached !== undefined && clock() < cached.expiresAt) return cached.value
    const payload = await sealer.unseal(purpose, sealed)
    const value = parse(payload)
    if (payload !== null && typeof payload.exp === 'number') {
      remember(cache, sealed, { value, expiresAt: payload.exp * 1000 }, CACHE_SIZE)
    }
    return value
  }

  const clearCookie = (call: CookieCall) =>
    call.setCookie(generateCookie(cookieName, '', { ...cookie, maxAge: 0 }))

  /** Seals and stores the content, and sets the cookie: both for another 24 h. */
  async function save(call: CookieCall, id: string, content: VaultContent): Promise<number> {
    const now = clock()
    const sealed = await sealer.seal('vault', { ...content, id, touchedAt: now }, VAULT_TTL_SECONDS)
    await store.set(storeKey(id), sealed, VAULT_TTL_SECONDS * 1000)
    const value = await sealer.seal('app', { id }, VAULT_TTL_SECONDS)
    call.setCookie(generateCookie(cookieName, value, { ...cookie, maxAge: VAULT_TTL_SECONDS }))
    return now
  }

  return {
    hasCookie: (cookieHeader) => scan(cookieHeader).value !== undefined,
    async read(call) {
      const { value, count } = scan(call.cookieHeader)
      if (value === undefined) return null
      // Two copies: another server on this host (a sibling port) set one; neither is trusted.
      const id =
        count > 1
          ? null
          : await unsealCached(ids, 'app', value, (payload) =>
              typeof payload?.id === 'string' ? payload.id : null,
            )
      const sealed = id === null ? null : await store.get(storeKey(id))
      const saved =
        sealed === null
          ? null
          : await unsealCached(contents, 'vault', sealed, (payload) => {
              const parsed = SealedSchema.safeParse(payload)
              return parsed.success ? parsed.data : null
            })
      const resolved = saved === null ? null : resolveService(saved.service, serviceOptions)
      if (saved === null || saved.id !== id || resolved === null || !resolved.ok) {
        clearCookie(call)
        return null
      }
      const { service: _saved, id: savedId, touchedAt, ...rest } = saved
      const content: VaultContent = { ...rest, service: resolved.service.choice }
      const vault: Vault = { ...content, id: savedId, touchedAt, resolved: resolved.service }
      if (clock() - touchedAt < VAULT_TOUCH_MS) return vault
      return { ...vault, touchedAt: await save(call, savedId, content) }
    },
    async write(call, vault, content) {
      const id = vault?.id ?? options.randomBytes(32).toString('base64url')
      const resolved = resolveService(content.service, serviceOptions)
      if (!resolved.ok) throw new Error('a vault is written with a resolved service only')
      const touchedAt = await save(call, id, content)
      return { ...content, id, touchedAt, resolved: resolved.service }
    },
    async forget(call, vault) {
      if (vault !== null) await store.delete(storeKey(vault.id))
      clearCookie(call)
    },
  }
}

/** Whether two choices name the same service (the same kind, label and host). */
export function sameService(a: ServiceChoice, b: ServiceChoice): boolean {
  return (
    a.kind === b.kind &&
    (a.kind !== 'space' || (b.kind === 'space' && a.space === b.space)) &&
    (a.kind !== 'host' || (b.kind === 'host' && a.host === b.host))
  )
}
