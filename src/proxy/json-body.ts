import { z } from 'zod'
import { ScopeError, canonicalScopes, formatScopes, parseScopes } from '../protocol/scopes'

// The protocol's schemas are zod/mini, which registers no locale: without this, the messages
// below would all read "Invalid input" (classic zod registers it too, but only once one of its
// schemas is created, which this module should not rely on).
z.config(z.locales.en())

export type BodyResult<T> = { ok: true; data: T } | { ok: false; message: string }

/**
 * Parses a JSON request body with a schema (zod/mini or classic: any zod 4 schema); the message
 * names the first bad field.
 */
export async function readJsonBody<T extends z.core.$ZodType>(
  request: Request,
  schema: T,
): Promise<BodyResult<z.infer<T>>> {
  let body: unknown
  try {
    body = await request.json()
  } catch {
    return { ok: false, message: 'The request body is not valid JSON.' }
  }
  const parsed = z.safeParse(schema, body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue === undefined || issue.path.length === 0 ? 'body' : issue.path.join('.')
    return {
      ok: false,
      message: `Invalid request ${where}: ${issue?.message ?? 'unexpected shape'}.`,
    }
  }
  return { ok: true, data: parsed.data }
}

/** The requested scopes in canonical form, or a message naming the unknown one. */
export function requestedScope(scopes: readonly string[]): BodyResult<string> {
  try {
    return { ok: true, data: formatScopes(canonicalScopes(parseScopes(scopes.join(',')))) }
  } catch (error) {
    if (error instanceof ScopeError) {
      return { ok: false, message: `Cannot ask for ${error.message}: pick scopes from the list.` }
    }
    throw error
  }
}

/** An upstream body as JSON, or undefined when it is not JSON (the callers say what was wrong). */
export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
