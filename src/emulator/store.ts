/**
 * The emulator's mutable state: tokens, codes, sign-in sessions, pending authorization requests
 * and queued faults. Everything lives in memory; `reset()` returns to the seed state.
 */
import { sha256Hex, tokenFingerprint } from './secrets'

export interface TokenRecord {
  fingerprint: string
  userId: number
  /** null for a personal token made on the settings page. */
  clientId: string | null
  /** Canonical granted scopes. */
  scopes: string[]
  label: string | null
  createdAt: number
  revoked: boolean
}

export interface AuthCodeRecord {
  clientId: string
  /** The redirect URI the code was sent to; a token request that names one must match it. */
  redirectUri: string
  userId: number
  scopes: string[]
  issuedAt: number
  usedAt: number | null
  /** Hash of the token the code produced, so that a replay can revoke it (RFC 6749 §4.1.2). */
  tokenHash: string | null
  /** The PKCE S256 challenge the code is bound to; null without PKCE. */
  codeChallenge: string | null
}

export type ClientCodeStatus = 'pending' | 'approved' | 'denied' | 'redeemed'

export interface ClientCodeRecord {
  clientId: string
  requestedScopes: string[]
  status: ClientCodeStatus
  createdAt: number
  decidedAt: number | null
  userId: number | null
  grantedScopes: string[]
}

export type PendingFlow =
  | {
      kind: 'authorization_code'
      redirectUri: string
      state: string | null
      codeChallenge: string | null
    }
  /** `signedAt`: the request's signed timestamp, shown on the consent page. */
  | { kind: 'client_code'; code: string; signedAt: number }

export interface PendingAuthorization {
  id: string
  clientId: string
  /** Canonical requested scopes: the consent form can only grant a subset of these. */
  scopes: string[]
  flow: PendingFlow
  createdAt: number
}

export interface Session {
  id: string
  userId: number
  /** The CSRF token of this session's forms (consent, personal tokens, sign-out). */
  csrf: string
  createdAt: number
}

export interface Fault {
  method: string | null
  path: string
  status: number | null
  body: unknown
  headers: Record<string, string>
  delayMs: number
  redirectTo: string | null
  drop: boolean
  remaining: number
  /**
   * Served only to a request carrying `X-Emulator-Fault-Tag` with this value (test-control.ts,
   * FAULT_TAG_HEADER), so that a test sharing the emulator with others takes its own faults only;
   * null serves any request.
   */
  tag: string | null
}

export interface Store {
  tokens: Map<string, TokenRecord>
  authCodes: Map<string, AuthCodeRecord>
  clientCodes: Map<string, ClientCodeRecord>
  pending: Map<string, PendingAuthorization>
  sessions: Map<string, Session>
  faults: Fault[]
  addToken(token: string, record: Omit<TokenRecord, 'fingerprint' | 'revoked'>): void
  findToken(token: string): TokenRecord | undefined
  /** Returns false when no such token exists. */
  revokeToken(token: string): boolean
  /**
   * Takes the first queued fault for this request, counting one use: its path and method, and a
   * fault's tag, when it has one, equal to the request's (`tag`: null for a request without one).
   */
  takeFault(method: string, path: string, tag: string | null): Fault | undefined
  /** Drops the queued faults of `tag`, or every one without it. */
  dropFaults(tag?: string): void
  reset(): void
}

/** Tokens are kept by hash: a memory dump or a debug print does not reveal live tokens. */
export function createStore(): Store {
  const store: Store = {
    tokens: new Map(),
    authCodes: new Map(),
    clientCodes: new Map(),
    pending: new Map(),
    sessions: new Map(),
    faults: [],
    addToken(token, record) {
      store.tokens.set(sha256Hex(token), {
        ...record,
        fingerprint: tokenFingerprint(token),
        revoked: false,
      })
    },
    findToken(token) {
      const record = store.tokens.get(sha256Hex(token))
      return record === undefined || record.revoked ? undefined : record
    },
    revokeToken(token) {
      const record = store.tokens.get(sha256Hex(token))
      if (record === undefined) return false
      record.revoked = true
      return true
    },
    takeFault(method, path, tag) {
      const index = store.faults.findIndex(
        (fault) =>
          fault.path === path &&
          (fault.method === null || fault.method === method) &&
          (fault.tag === null || fault.tag === tag),
      )
      const fault = store.faults[index]
      if (fault === undefined) return undefined
      fault.remaining -= 1
      if (fault.remaining <= 0) store.faults.splice(index, 1)
      return fault
    },
    dropFaults(tag) {
      // In place: the array stays the one the store was made with.
      let kept = 0
      for (const fault of store.faults) {
        if (tag !== undefined && fault.tag !== tag) store.faults[kept++] = fault
      }
      store.faults.length = kept
    },
    reset() {
      store.tokens.clear()
      store.authCodes.clear()
      store.clientCodes.clear()
      store.pending.clear()
      store.sessions.clear()
      store.faults.length = 0
    },
  }
  return store
}
