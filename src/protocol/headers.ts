/**
 * Parsing of the headers the app shows (docs/service.md#scope-headers, #rate-limits). Anything
 * absent or malformed becomes "unknown" (null), never NaN.
 */
import { parseScopeList } from './scope-list'

export interface HeaderSource {
  get(name: string): string | null
}

export const HEADERS = {
  rateLimit: 'X-RateLimit-Limit',
  rateRemaining: 'X-RateLimit-Remaining',
  oauthScopes: 'X-OAuth-Scopes',
  acceptedScopes: 'X-Accepted-OAuth-Scopes',
  retryAfter: 'Retry-After',
} as const

export interface RateLimit {
  limit: number | null
  remaining: number | null
}

function parseCount(value: string | null): number | null {
  if (value === null) return null
  const trimmed = value.trim()
  if (!/^\d{1,15}$/.test(trimmed)) return null
  return Number(trimmed)
}

export function parseRateLimit(headers: HeaderSource): RateLimit {
  return {
    limit: parseCount(headers.get(HEADERS.rateLimit)),
    remaining: parseCount(headers.get(HEADERS.rateRemaining)),
  }
}

/**
 * `X-OAuth-Scopes`: the token's scopes. Absent → null (unknown: the real service may not send
 * it, fall back to the session's scope); empty or the literal `null` → [] (a token with no scope).
 */
export function parseGrantedScopesHeader(headers: HeaderSource): string[] | null {
  const value = headers.get(HEADERS.oauthScopes)
  if (value === null) return null
  const trimmed = value.trim()
  return trimmed === 'null' ? [] : parseScopeList(trimmed)
}

/** `X-Accepted-OAuth-Scopes`: the scopes the resource needs. Absent or `null` → none. */
export function parseAcceptedScopesHeader(headers: HeaderSource): string[] {
  const value = headers.get(HEADERS.acceptedScopes)
  if (value === null || value.trim() === 'null') return []
  return parseScopeList(value)
}

/**
 * `Retry-After` as seconds from `now`: delta-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Absent or malformed → null.
 */
export function parseRetryAfter(headers: HeaderSource, now: number = Date.now()): number | null {
  const value = headers.get(HEADERS.retryAfter)?.trim()
  if (value === undefined || value === '') return null
  if (/^\d{1,10}$/.test(value)) return Number(value)
  const date = Date.parse(value)
  if (Number.isNaN(date)) return null
  return Math.max(0, Math.ceil((date - now) / 1000))
}
