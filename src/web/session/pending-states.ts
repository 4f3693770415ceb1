/**
 * The `state` values this tab sent to the authorize endpoint, in sessionStorage: it is per tab,
 * so a callback opened in another tab (or from a forged link) finds nothing to match. Only state
 * values and what each login asked for (scopes, return path) are stored here, never a code or a
 * token (docs/security.md#h2).
 */
export type StoredStateStatus = 'pending' | 'used' | 'unknown'
export type ClaimResult = 'claimed' | 'already-used' | 'unknown'

type StateStorage = Pick<Storage, 'getItem' | 'setItem'>

const STORAGE_KEY = 'yuque-oauth-playground.states'
/** Several pending logins may coexist (retries, a double click); the oldest are forgotten. */
const MAX_KEPT = 10
/** More than any version of this file writes (MAX_KEPT): a longer list is not ours. */
const MAX_READ = 100

/** What a login asked for: a retry from the callback starts from it (scopes and return path). */
export interface LoginRequest {
  scopes: string[]
  returnTo: string | null
}

interface Stored {
  pending: string[]
  used: string[]
  requests?: (LoginRequest & { state: string })[]
}

/*
 * Storage is read without a schema library: this module runs in the callback's early script
 * (early-exchange.ts), which must bring no more than it needs before the code exchange leaves
 * (docs/decisions/0011-early-code-exchange.md; bench/bundle-budget.test.ts). What another tab's
 * script or an older version left there is checked field by field; anything else reads as empty
 * (pending-states.test.ts, "treats corrupted storage as empty").
 */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function strings(value: unknown, max: number): string[] | null {
  return Array.isArray(value) &&
    value.length <= max &&
    value.every((item) => typeof item === 'string')
    ? (value as string[])
    : null
}

function loginRequest(value: unknown): (LoginRequest & { state: string }) | null {
  if (!isRecord(value) || typeof value.state !== 'string') return null
  const scopes = strings(value.scopes, 32)
  const { returnTo } = value
  if (scopes === null || (returnTo !== null && typeof returnTo !== 'string')) return null
  return { state: value.state, scopes, returnTo }
}

function parseStored(value: unknown): Stored | null {
  if (!isRecord(value)) return null
  const pending = strings(value.pending, MAX_READ)
  const used = strings(value.used, MAX_READ)
  if (pending === null || used === null) return null
  if (value.requests === undefined) return { pending, used }
  if (!Array.isArray(value.requests) || value.requests.length > MAX_READ) return null
  const requests = value.requests.map(loginRequest)
  return requests.every((request) => request !== null) ? { pending, used, requests } : null
}

export function createPendingStates(getStorage: () => StateStorage | null) {
  const read = (): Stored => {
    const raw = getStorage()?.getItem(STORAGE_KEY) ?? null
    if (raw === null) return { pending: [], used: [] }
    try {
      return parseStored(JSON.parse(raw)) ?? { pending: [], used: [] }
    } catch {
      return { pending: [], used: [] }
    }
  }
  const write = (stored: Stored) => {
    getStorage()?.setItem(
      STORAGE_KEY,
      JSON.stringify({
        pending: stored.pending.slice(-MAX_KEPT),
        used: stored.used.slice(-MAX_KEPT),
        requests: (stored.requests ?? []).slice(-MAX_KEPT),
      }),
    )
  }

  return {
    /**
     * Before navigating to the authorize endpoint; with what the login asked for when known, so
     * that "Start again" after a failed callback keeps the ticked scopes and the return path.
     */
    remember(state: string, request?: LoginRequest): void {
      const stored = read()
      const requests = (stored.requests ?? []).filter((entry) => entry.state !== state)
      write({
        ...stored,
        pending: [...stored.pending.filter((s) => s !== state), state],
        requests: request === undefined ? requests : [...requests, { state, ...request }],
      })
    },
    /** What the login of this state asked for, if this tab remembered it (used or not). */
    requestOf(state: string | null): LoginRequest | null {
      if (state === null) return null
      const found = read().requests?.find((entry) => entry.state === state)
      return found === undefined ? null : { scopes: found.scopes, returnTo: found.returnTo }
    },
    /** Read-only: what the callback's checklist shows. */
    status(state: string): StoredStateStatus {
      const stored = read()
      if (stored.used.includes(state)) return 'used'
      if (stored.pending.includes(state)) return 'pending'
      return 'unknown'
    },
    /**
     * Marks the state used, synchronously, before any exchange starts (RFC 9700 §4.2.4: state is
     * single-use). Only the first claim of a pending state succeeds.
     */
    claim(state: string): ClaimResult {
      const stored = read()
      if (stored.used.includes(state)) return 'already-used'
      if (!stored.pending.includes(state)) return 'unknown'
      write({
        ...stored,
        pending: stored.pending.filter((s) => s !== state),
        used: [...stored.used, state],
      })
      return 'claimed'
    },
  }
}

export type PendingStates = ReturnType<typeof createPendingStates>

function browserSessionStorage(): StateStorage | null {
  try {
    return window.sessionStorage
  } catch {
    // Storage disabled by the browser's settings: no state can match, and the page says so.
    return null
  }
}

export const pendingStates = createPendingStates(browserSessionStorage)
