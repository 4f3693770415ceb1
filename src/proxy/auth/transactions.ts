/**
 * The login transaction cookies: one per pending login (several tabs may log in at once),
 * sealed, HttpOnly, SameSite=Lax, Path=/auth, ten minutes; each carries `state`, the requested
 * scope, `returnTo` and the PKCE verifier (docs/security.md#a3).
 *
 * They are bounded twice over, because every /auth request carries all of them:
 * - in bytes and in number (docs/security.md#s2): abandoned logins with a long `returnTo` once
 *   pushed /auth requests past Node's 16 KB header limit, and the user got 431 on every session
 *   check, login and logout for ten minutes. A new login drops the oldest until the rest fit;
 * - in the work a request can ask for (docs/security.md#s7): only names of the exact form the
 *   proxy writes are read, at most MAX_PENDING_LOGINS of them are unsealed, and any others are
 *   deleted unread.
 */
import type { Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import { parse as parseCookies } from 'hono/utils/cookie'
import { z } from 'zod'
import type { Config } from '../config'
import { AppBindingSchema } from './app-binding'
import { stateId } from './oauth'
import type { Sealer } from './seal'

export const TRANSACTION_TTL_SECONDS = 600
/** At most this many logins may be pending in one browser; the oldest give way. */
export const MAX_PENDING_LOGINS = 5
/**
 * The most the pending logins' cookies may hold together, in bytes of name and value. Node
 * refuses a request whose headers pass 16 KB (431); this leaves half of that to the session
 * cookie, the other cookies and every other header. Five logins of an ordinary `returnTo` take
 * about 2 KB; two with the longest one the protocol allows (2048 characters) about 6 KB.
 */
export const PENDING_LOGINS_MAX_BYTES = 8 * 1024

const TransactionSchema = z.object({
  state: z.string(),
  scope: z.string(),
  returnTo: z.string(),
  createdAt: z.number(),
  /** The PKCE verifier (docs/security.md#a8); null when PKCE is off. */
  codeVerifier: z.string().nullable(),
  /** The browser's own app the login started with (session.ts); absent: the operator's. */
  app: AppBindingSchema.optional(),
})
export type Transaction = z.infer<typeof TransactionSchema>

export interface TransactionCookies {
  transactionCookieName(state: string): string
  startTransaction(c: Context, transaction: Transaction): Promise<void>
  /** Reads the transaction for `state` and deletes its cookie whatever the outcome (RFC 9700 §4.2.4). */
  takeTransaction(c: Context, state: string): Promise<'missing' | 'invalid' | Transaction>
}

export function createTransactionCookies(config: Config, sealer: Sealer): TransactionCookies {
  // __Secure- fits the Path=/auth cookie (RFC 6265bis §4.1.3.1).
  const prefix = config.isSecure ? '__Secure-pg_tx_' : 'pg_tx_'
  const transactionCookieName = (state: string) => `${prefix}${stateId(state)}`
  // What transactionCookieName writes: the prefix and 16 base64url characters (stateId).
  const ownName = (name: string) =>
    name.length === prefix.length + 16 &&
    name.startsWith(prefix) &&
    /^[\w-]{16}$/.test(name.slice(prefix.length))
  const cookie = {
    path: '/auth',
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.isSecure,
  } as const

  /**
   * The pending logins this request carries, oldest first, and the cookies to drop unread: those
   * beyond the newest MAX_PENDING_LOGINS (a browser sends cookies of one path oldest first,
   * RFC 6265 §5.4), those named like a transaction but not as the proxy names one, and those that
   * do not unseal.
   */
  async function pendingTransactions(c: Context) {
    const names = Object.keys(parseCookies(c.req.header('Cookie') ?? '')).filter((name) =>
      name.startsWith(prefix),
    )
    const own = names.filter(ownName)
    const read = own.slice(-MAX_PENDING_LOGINS)
    const dropped = names.filter((name) => !read.includes(name))
    const values = getCookieValues(c, read)
    const pending: { name: string; bytes: number; createdAt: number }[] = []
    for (const [name, value] of values) {
      const payload = TransactionSchema.safeParse(await sealer.unseal('transaction', value))
      // Forged, expired or sealed with another secret: no login of this browser's, so it goes.
      if (!payload.success) dropped.push(name)
      else
        pending.push({
          name,
          bytes: name.length + 1 + value.length,
          createdAt: payload.data.createdAt,
        })
    }
    return { pending: pending.sort((a, b) => a.createdAt - b.createdAt), dropped }
  }

  return {
    transactionCookieName,
    async startTransaction(c, transaction) {
      const sealed = await sealer.seal('transaction', transaction, TRANSACTION_TTL_SECONDS)
      const name = transactionCookieName(transaction.state)
      const { pending, dropped } = await pendingTransactions(c)
      // The newest are kept while they fit beside the new one, in number and in bytes.
      let bytes = name.length + 1 + sealed.length
      let kept = 1
      const drop = [...dropped]
      for (const old of pending.reverse()) {
        bytes += old.bytes
        kept += 1
        if (kept > MAX_PENDING_LOGINS || bytes > PENDING_LOGINS_MAX_BYTES) drop.push(old.name)
      }
      for (const old of drop) deleteCookie(c, old, cookie)
      setCookie(c, name, sealed, { ...cookie, maxAge: TRANSACTION_TTL_SECONDS })
    },
    async takeTransaction(c, state) {
      const name = transactionCookieName(state)
      const value = getCookieValues(c, [name]).get(name)
      if (value === undefined) return 'missing'
      deleteCookie(c, name, cookie)
      const payload = TransactionSchema.safeParse(await sealer.unseal('transaction', value))
      return payload.success ? payload.data : 'invalid'
    },
  }
}

/** The values of the named cookies, as hono's getCookie reads them. */
function getCookieValues(c: Context, names: readonly string[]): Map<string, string> {
  const header = c.req.header('Cookie') ?? ''
  const values = new Map<string, string>()
  for (const name of names) {
    const value = parseCookies(header, name)[name]
    if (value !== undefined) values.set(name, value)
  }
  return values
}
