/**
 * Test support for the API's sub-apps: an emulator on a fixed clock, tokens issued through the
 * real pages and token endpoint, and requests with the headers the API requires.
 */
import { createEmulator } from '../emulator/emulator'
import { tokenThroughPages } from './emulator-pages'

export const ALL_SCOPES = 'group,repo,doc'

export function setupApi() {
  const emulator = createEmulator({ clock: () => Date.parse('2025-01-15T10:00:00.000Z') })
  const tokens = new Map<string, string>()
  const { app } = emulator

  async function tokenFor(login: string, scope = ALL_SCOPES): Promise<string> {
    const key = `${login} ${scope}`
    const known = tokens.get(key)
    if (known !== undefined) return known
    const token = await tokenThroughPages(app, login, scope)
    tokens.set(key, token)
    return token
  }

  /** `as`: a login (all scopes), or null for no token. A string body is sent as it is. */
  async function call(as: string | null, method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { 'User-Agent': 'api-test/1.0' }
    if (as !== null) headers['X-Auth-Token'] = await tokenFor(as)
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    const response = await app.request(`/api/v2${path}`, {
      method,
      headers,
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    })
    const answer: unknown = await response.json()
    return { status: response.status, body: answer }
  }

  return { ...emulator, tokenFor, call }
}
