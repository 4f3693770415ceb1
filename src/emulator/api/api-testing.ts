/**
 * Test support for the API's sub-apps: an emulator on a fixed clock, tokens issued through the
 * real pages and token endpoint, and requests with the headers the API requires.
 */
import { TokenResponseSchema } from '../../protocol/schemas'
import { createEmulator } from '../emulator'
import { authorizeThroughPages } from '../testing'

export const ALL_SCOPES = 'group,repo,doc'

type App = ReturnType<typeof createEmulator>['app']

/** A token as a user gets it: sign-in and consent on the pages, then the code at /oauth2/token. */
export async function issueToken(app: App, login: string, scope: string): Promise<string> {
  const params = new URLSearchParams({ client_id: 'playground-web', response_type: 'code', scope })
  const result = await authorizeThroughPages(app, `/oauth2/authorize?${params.toString()}`, {
    login,
  })
  const code = new URL(result.location ?? '').searchParams.get('code') ?? ''
  const response = await app.request('/oauth2/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'authorization_code',
      client_id: 'playground-web',
      client_secret: 'playground-web-secret',
      code,
    }),
  })
  return TokenResponseSchema.parse(await response.json()).access_token
}

export function setupApi() {
  const emulator = createEmulator({ clock: () => Date.parse('2025-01-15T10:00:00.000Z') })
  const tokens = new Map<string, string>()
  const { app } = emulator

  async function tokenFor(login: string, scope = ALL_SCOPES): Promise<string> {
    const key = `${login} ${scope}`
    const known = tokens.get(key)
    if (known !== undefined) return known
    const token = await issueToken(app, login, scope)
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
    return { status: response.status, body: (await response.json()) as unknown }
  }

  return { ...emulator, tokenFor, call }
}
