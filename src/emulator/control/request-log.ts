/**
 * The emulator's request log, redacted by construction (docs/security.md#h3, ASVS 16.2.5): it keeps
 * parameter names, and values only for parameters that are never secret. Codes, states,
 * signatures, secrets, tokens and cookies never enter it.
 */
import { logSafe } from '../../protocol/log-safe'

export interface RequestLogEntry {
  /** ISO 8601, on the emulator's clock (test-control offset included). */
  time: string
  method: string
  path: string
  status: number
  /** Query parameters in order; values of anything but the public parameters are `[redacted]`. */
  query: { name: string; value: string }[]
  /** Request header names, lower-case, sorted; never their values. */
  headerNames: string[]
  hasUserAgent: boolean
  hasCookie: boolean
  hasClientSecret: boolean
  grantType: string | null
  clientId: string | null
  /** Login of the user the `X-Auth-Token` resolved to. */
  user: string | null
  /** First 8 hex digits of the SHA-256 of the token that was sent (see tokenFingerprint). */
  tokenFingerprint: string | null
  /** True when a queued test-control fault answered instead of the emulator. */
  fault: boolean
}

export const REDACTED = '[redacted]'

/** Parameters whose values are public and help reading the log; every other value is redacted. */
const PUBLIC_PARAMS = new Set([
  'client_id',
  'response_type',
  'scope',
  'redirect_uri',
  'timestamp',
  'grant_type',
  'request',
])

const MAX_VALUE_LENGTH = 200

export function redactQuery(url: URL): { name: string; value: string }[] {
  return [...url.searchParams].map(([name, value]) => ({
    name: name.slice(0, MAX_VALUE_LENGTH),
    value: PUBLIC_PARAMS.has(name) ? value.slice(0, MAX_VALUE_LENGTH) : REDACTED,
  }))
}

export interface RequestLog {
  add(entry: RequestLogEntry): void
  entries(): RequestLogEntry[]
  clear(): void
}

export function createRequestLog(capacity = 1000): RequestLog {
  let entries: RequestLogEntry[] = []
  return {
    add(entry) {
      entries.push(entry)
      if (entries.length > capacity) entries = entries.slice(entries.length - capacity)
    },
    entries: () => entries.map((entry) => structuredClone(entry)),
    clear() {
      entries = []
    },
  }
}

/**
 * The one line per request given to `options.log`: built only from the redacted entry, every
 * value escaped by the protocol's logSafe, as the proxy's are (request-log.test: "escapes control characters…").
 * A request to an enterprise space ends in `space=<label>` (docs/emulator.md#enterprise-spaces).
 */
export function formatLogLine(
  entry: RequestLogEntry,
  durationMs: number,
  space: string | null = null,
): string {
  const query = entry.query.map(({ name, value }) => `${name}=${value}`).join('&')
  const parts = [
    entry.time,
    entry.method,
    query === '' ? entry.path : `${entry.path}?${query}`,
    String(entry.status),
    `${durationMs}ms`,
  ]
  if (entry.clientId !== null) parts.push(`client=${entry.clientId}`)
  if (entry.grantType !== null) parts.push(`grant=${entry.grantType}`)
  if (entry.user !== null) parts.push(`user=${entry.user}`)
  if (entry.tokenFingerprint !== null) parts.push(`token#${entry.tokenFingerprint}`)
  if (entry.fault) parts.push('fault')
  if (space !== null) parts.push(`space=${space}`)
  return logSafe(parts.join(' '))
}
