/**
 * The final redaction pass over a trace (see trace.ts): every string without the secret values
 * the proxy knows of (token, client credentials, session secret, code, client code, cookie
 * values, raw and URL-encoded) and without anything token-shaped. Pure; only the proxy uses it,
 * so the patterns it searches for never ship in the browser's bundle (docs/security.md#h1).
 */
import { z } from 'zod/mini'
import { ProxyTraceSchema, type ProxyTrace } from './trace'

export const REDACTED = '[redacted]'

/**
 * Token-shaped: the emulator's `emu_at_` prefix with whatever follows, and any run of 32 or more
 * base64url characters (an opaque credential: a real Yuque token is 40 alphanumerics, a code or
 * state 43, a sealed cookie far longer). Words of the trace (URLs, names, scopes) are shorter.
 */
const TOKEN_SHAPED = /emu_at_[\w-]*|[\w-]{32,}/gi
const TOKEN_SHAPED_ONE = /emu_at_|[\w-]{32}/i

/** Known secrets shorter than this are not searched for: they would match ordinary words. */
export const MIN_SECRET_LENGTH = 6

/** The encoded forms of recent secrets: the same session cookie comes with every call. */
const encodedForms = new Map<string, readonly string[]>()
const ENCODED_FORMS_CACHE_SIZE = 256

function formsOf(secret: string): readonly string[] {
  let forms = encodedForms.get(secret)
  if (forms === undefined) {
    forms = [
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ v: secret }).toString().slice(2),
    ]
    if (encodedForms.size >= ENCODED_FORMS_CACHE_SIZE) encodedForms.clear()
    encodedForms.set(secret, forms)
  }
  return forms
}

/** Every form in which a secret value may appear in a string of the trace. */
function secretForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>()
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue
    for (const form of formsOf(secret)) forms.add(form)
  }
  // Longest first: a secret that contains another is removed whole.
  return [...forms].sort((a, b) => b.length - a.length)
}

export function containsSecret(text: string, forms: readonly string[]): boolean {
  return TOKEN_SHAPED_ONE.test(text) || forms.some((form) => text.includes(form))
}

/**
 * A UUID in its canonical text form (RFC 9562 §4): 36 characters, hyphens at fixed places. No
 * credential of the playground has that form (see TOKEN_SHAPED); the server's request ids do
 * (src/server/request-log.ts), and the log keeps them so that its lines can be joined.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const redactShape = () => REDACTED
const redactShapeButUuid = (match: string) => (UUID.test(match) ? match : REDACTED)

/**
 * TOKEN_SHAPED_ONE but for a run that is exactly a UUID: at the start of a run of 32 or more,
 * unless the run is a UUID and ends there. One search, so that a log line with a request id in
 * it stays quick (bench: proxy CPU per forwarded call).
 */
const TOKEN_SHAPED_BUT_UUID =
  /emu_at_|(?<![\w-])(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w-]))[\w-]{32}/i

function containsSecretButUuids(text: string, forms: readonly string[]): boolean {
  return TOKEN_SHAPED_BUT_UUID.test(text) || forms.some((form) => text.includes(form))
}

function scrubWith(text: string, forms: readonly string[], keepUuids = false): string {
  const contains = keepUuids ? containsSecretButUuids : containsSecret
  // Most strings of a trace hold nothing to remove: a search is far cheaper than a rewrite.
  if (!contains(text, forms)) return text
  const shape = keepUuids ? redactShapeButUuid : redactShape
  let current = text
  // A removal can join two halves into a new match: repeat until nothing changes.
  for (let round = 0; round < 4; round += 1) {
    let next = current
    for (const form of forms) next = next.split(form).join(REDACTED)
    next = next.replace(TOKEN_SHAPED, shape)
    if (next === current) return current
    current = next
  }
  // Still not clean after four rounds: give up on the text rather than pass a secret on.
  return contains(current, forms) ? REDACTED : current
}

/** One string, scrubbed of the given secrets and of anything token-shaped. */
export function scrubString(text: string, secrets: readonly string[]): string {
  return scrubWith(text, secretForms(secrets))
}

/**
 * scrubString for a fixed list of secrets, their forms computed once: the server's logger
 * scrubs every line with the same secrets (bench: proxy CPU per call, which logs one line).
 */
export function createScrubber(
  secrets: readonly string[],
  options: { keepUuids?: boolean } = {},
): (text: string) => string {
  const forms = secretForms(secrets)
  const keepUuids = options.keepUuids === true
  return (text) => scrubWith(text, forms, keepUuids)
}

function scrubDeep(value: unknown, forms: readonly string[]): unknown {
  if (typeof value === 'string') return scrubWith(value, forms)
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, forms))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, scrubDeep(item, forms)]),
    )
  }
  return value
}

/**
 * The final pass: every string of the trace without the known secrets and without anything
 * token-shaped. Pure. The keys are the schema's own names; parsing the result again drops any
 * other, so what leaves is exactly a ProxyTrace.
 */
export function redactTrace(trace: ProxyTrace, secrets: readonly string[]): ProxyTrace {
  return z.parse(ProxyTraceSchema, scrubDeep(trace, secretForms(secrets)))
}
