/**
 * Test control's accounts over real HTTP, as another project's CI uses them: `POST
 * /__emulator/tokens` (a token without the pages), `/apps` and `/users` (added until the next
 * reset). Every refusal is a 400 naming its field.
 */
import { CONTROL_HEADERS } from './test-control'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ErrorBodySchema, TokenResponseSchema, UserSchema, envelope } from '../../protocol/schemas'
import {
  AddedAppAnswerSchema,
  AddedUserAnswerSchema,
  IssuedTokenAnswerSchema,
} from '../../testing/control-answers'
import { authorizeThroughPages, redeemCode, tokenThroughPages } from '../../testing/emulator-pages'
import { startTestEmulator, type TestEmulator } from '../../testing/emulator-over-http'

let emulator: TestEmulator
beforeEach(async () => {
  emulator = await startTestEmulator({ clock: () => Date.parse('2025-01-15T10:00:00.000Z') })
})
afterEach(async () => {
  await emulator.close()
})

async function issue(body: unknown) {
  const response = await emulator.callControl('POST', '/tokens', body)
  expect(response.status, await response.clone().text()).toBe(201)
  return IssuedTokenAnswerSchema.parse(await response.json())
}

/** The 400's message, for a body the route refuses. */
async function refusal(path: string, body: unknown): Promise<string> {
  const response = await emulator.callControl('POST', path, body)
  expect(response.status).toBe(400)
  return ErrorBodySchema.parse(await response.json()).message
}

/** Status, body and scope headers of a read, to compare two tokens' answers. */
async function read(path: string, token: string) {
  const response = await emulator.api('GET', path, { token })
  return {
    status: response.status,
    body: await response.text(),
    scopes: response.headers.get('X-OAuth-Scopes'),
    accepted: response.headers.get('X-Accepted-OAuth-Scopes'),
  }
}

describe('POST /__emulator/tokens', () => {
  it('makes a token the API answers exactly as one from the OAuth flow with the same scopes', async () => {
    const made = await issue({ login: 'alice', scopes: ['repo:read'], app: 'playground-web' })
    expect(made).toEqual({
      access_token: expect.stringMatching(/^emu_at_[A-Za-z0-9_-]{43}$/) as unknown,
      token_type: 'bearer',
      scope: 'repo:read',
      login: 'alice',
    })
    const flow = await tokenThroughPages(emulator.app, 'alice', 'repo:read')
    // Allowed, refused for its scope, and a private repository only its owner sees.
    for (const path of ['/user', '/users/alice/repos', '/users/alice/groups', '/repos/20013']) {
      expect(await read(path, made.access_token), path).toEqual(await read(path, flow))
    }
    expect((await read('/users/alice/groups', made.access_token)).status).toBe(403)
  })

  it('makes a personal token without an app, in canonical form, revocable through /revoke', async () => {
    const made = await issue({ login: 'bob', scopes: ['doc:read', 'repo', 'repo:read'] })
    expect(made.scope).toBe('doc:read,repo')
    const me = await emulator.api('GET', '/user', { token: made.access_token })
    expect(envelope(UserSchema).parse(await me.json()).data.login).toBe('bob')

    const revoked = await emulator.callControl('POST', '/revoke', { token: made.access_token })
    expect(await revoked.json()).toEqual({ revoked: true })
    expect((await emulator.api('GET', '/user', { token: made.access_token })).status).toBe(401)
  })

  it('refuses a scope that is not a string without quoting it, however deep it nests', async () => {
    // String() of a list this deep overflows the stack: it was a 500 (fuzz.test.ts found it).
    // Sent as text: JSON.stringify of it would overflow here first.
    const response = await fetch(`${emulator.url}/__emulator/tokens`, {
      method: 'POST',
      headers: CONTROL_HEADERS,
      body: `{"login":"alice","scopes":[${'['.repeat(5000)}${']'.repeat(5000)}]}`,
    })
    expect(response.status).toBe(400)
    expect(ErrorBodySchema.parse(await response.json()).message).toMatch(
      /^Invalid body: scopes\.0: a scope must be a string; the emulator's scopes are /,
    )
  })

  it('makes a token with no scope at all', async () => {
    const made = await issue({ login: 'alice', scopes: [] })
    expect(made.scope).toBe('')
    expect((await read('/users/alice/repos', made.access_token)).status).toBe(403)
  })

  it.each([
    [
      { login: 'zed', scopes: [] },
      'login: no user "zed"; the users are alice, bob, wangxiaoming, carol',
    ],
    [
      { login: 'alice', scopes: ['repo:write'] },
      'scopes.0: unknown scope "repo:write"; the emulator\'s scopes are group, group:read, repo, repo:read',
    ],
    [{ login: 'alice', scopes: 'repo' }, 'scopes: scopes must be a list of scope names'],
    [{ login: 'alice' }, 'scopes: scopes must be a list of scope names'],
    [{ scopes: [] }, 'login: login must be a string'],
    [
      { login: 'alice', scopes: [], app: 'nope' },
      'app: no app with client id "nope"; the apps are playground-web, playground-cli',
    ],
    [
      { login: 'alice', scopes: ['attach_upload'] },
      'scopes: "attach_upload" needs the service\'s approval',
    ],
    [
      { login: 'alice', scopes: ['attach_upload'], app: 'playground-web' },
      'scopes: the app "playground-web" may not be granted "attach_upload"',
    ],
    [{ login: 'alice', scopes: [], user: 'bob' }, 'Unrecognized key: "user"'],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    expect(await refusal('/tokens', body)).toContain(message)
  })

  it('refuses a call without X-Emulator-Control, or from another Origin, like every control call', async () => {
    const body = JSON.stringify({ login: 'alice', scopes: ['repo'] })
    const url = `${emulator.url}/__emulator/tokens`
    const bare = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    })
    expect(bare.status).toBe(403)
    const foreign = await fetch(url, {
      method: 'POST',
      headers: {
        'X-Emulator-Control': '1',
        'Content-Type': 'application/json',
        Origin: 'http://evil.example',
      },
      body,
    })
    expect(foreign.status).toBe(403)
    expect(await foreign.text()).not.toContain('emu_at_')
  })
})

describe('POST /__emulator/apps', () => {
  const REDIRECT = 'http://127.0.0.1:9999/callback'
  const CI_APP = { clientId: 'ci-app', clientSecret: 'ci-secret', redirectUris: [REDIRECT] }

  async function add(body: unknown) {
    const response = await emulator.callControl('POST', '/apps', body)
    expect(response.status, await response.clone().text()).toBe(201)
    return AddedAppAnswerSchema.parse(await response.json())
  }

  /** The authorization-code flow of `ci-app`, through the pages and the token endpoint. */
  async function connectCiApp(scope = 'repo:read') {
    const query = new URLSearchParams({ client_id: 'ci-app', response_type: 'code', scope })
    const page = await authorizeThroughPages(emulator.app, `/oauth2/authorize?${query}`, {
      login: 'carol',
    })
    expect(page.location?.startsWith(`${REDIRECT}?code=`)).toBe(true)
    const code = new URL(page.location ?? '').searchParams.get('code') ?? ''
    return redeemCode(emulator.app, code, { client_id: 'ci-app', client_secret: 'ci-secret' })
  }

  it('adds an app that runs the authorization-code flow with its own redirect URI and secret', async () => {
    expect(await add(CI_APP)).toEqual({
      clientId: 'ci-app',
      name: 'ci-app',
      redirectUris: [REDIRECT],
      scopes: [
        'group',
        'group:read',
        'repo',
        'repo:read',
        'topic',
        'topic:read',
        'doc',
        'doc:read',
        'artboard',
        'artboard:read',
      ],
    })
    const token = await connectCiApp()
    expect(token.status).toBe(200)
    expect(TokenResponseSchema.parse(await token.json()).scope).toBe('repo:read')
  })

  it('gives the scopes it lists, attach_upload included, and a token for it through /tokens', async () => {
    const added = await add({ ...CI_APP, name: 'CI', scopes: ['repo:read', 'attach_upload'] })
    expect(added).toMatchObject({ name: 'CI', scopes: ['repo:read', 'attach_upload'] })
    const made = await issue({ login: 'alice', scopes: ['attach_upload'], app: 'ci-app' })
    expect(made.scope).toBe('attach_upload')
    expect(await refusal('/tokens', { login: 'alice', scopes: ['doc'], app: 'ci-app' })).toContain(
      'scopes: the app "ci-app" may not be granted "doc"; it allows repo:read, attach_upload',
    )
  })

  it.each([
    [{ ...CI_APP, clientId: 'playground-web' }, 'clientId: an app "playground-web" exists already'],
    [{ ...CI_APP, clientId: 'has space' }, 'clientId: clientId must be 1 to 64 letters'],
    [
      { ...CI_APP, clientSecret: '' },
      'clientSecret: clientSecret must be 1 to 256 printable ASCII',
    ],
    [{ ...CI_APP, redirectUris: ['/callback'] }, 'redirectUris.0: must be an absolute URL'],
    [
      { ...CI_APP, redirectUris: [REDIRECT, 'ftp://127.0.0.1/cb'] },
      'redirectUris.1: must be an http or https URL, not ftp:',
    ],
    [
      { ...CI_APP, redirectUris: ['javascript:alert(1)'] },
      'redirectUris.0: must be an http or https URL',
    ],
    [{ ...CI_APP, redirectUris: [`${REDIRECT}#done`] }, 'redirectUris.0: must not have a fragment'],
    [
      { ...CI_APP, redirectUris: `${REDIRECT}` },
      'redirectUris: redirectUris must be a list of URLs',
    ],
    [{ ...CI_APP, scopes: ['everything'] }, 'scopes.0: unknown scope "everything"'],
    [{ clientId: 'ci-app', redirectUris: [] }, 'clientSecret: clientSecret must be a string'],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    expect(await refusal('/apps', body)).toContain(message)
  })

  it('is forgotten by a reset, and can be added again after it', async () => {
    await add(CI_APP)
    await emulator.callControl('POST', '/reset')
    const afterReset = await redeemCode(emulator.app, 'any', {
      client_id: 'ci-app',
      client_secret: 'ci-secret',
    })
    expect(afterReset.status).toBe(401)
    expect(await afterReset.json()).toMatchObject({ error: 'invalid_client' })
    await add(CI_APP)
  })
})

describe('POST /__emulator/users', () => {
  const DORA = { login: 'dora', name: 'Dora Explorer', password: 'dora-pw' }

  async function add(body: unknown) {
    const response = await emulator.callControl('POST', '/users', body)
    expect(response.status, await response.clone().text()).toBe(201)
    return AddedUserAnswerSchema.parse(await response.json())
  }

  it('adds a user who signs in on the pages, gets tokens and is found by the API', async () => {
    const added = await add(DORA)
    expect(added).toEqual({ id: 90001, login: 'dora', name: 'Dora Explorer' })
    const query = new URLSearchParams({ client_id: 'playground-web', response_type: 'code' })
    const page = await authorizeThroughPages(emulator.app, `/oauth2/authorize?${query}`, {
      login: 'dora',
      password: 'dora-pw',
    })
    const code = new URL(page.location ?? '').searchParams.get('code') ?? ''
    const token = TokenResponseSchema.parse(await (await redeemCode(emulator.app, code)).json())
    const me = await emulator.api('GET', '/user', { token: token.access_token })
    expect(envelope(UserSchema).parse(await me.json()).data).toMatchObject({
      id: 90001,
      login: 'dora',
      name: 'Dora Explorer',
    })
    const made = await issue({ login: 'dora', scopes: ['repo'] })
    const created = await emulator.api('POST', '/users/dora/repos', {
      token: made.access_token,
      body: { name: 'Maps', slug: 'maps' },
    })
    expect(created.status).toBe(200)
    expect((await emulator.api('GET', '/users/90001')).status).toBe(200)
  })

  it.each([
    [{ ...DORA, login: 'alice' }, 'login: a user "alice" exists already'],
    [{ ...DORA, login: 'payments-docs' }, 'login: a team "payments-docs" has this login'],
    [
      { ...DORA, login: 'do ra' },
      'login: "do ra" is not a valid login: use letters, digits, "-" and "_" only.',
    ],
    [{ ...DORA, login: ' dora' }, 'login: a login has no spaces around it'],
    [{ ...DORA, login: '12345' }, 'login: "12345" is digits only, which reads as a user id'],
    [{ ...DORA, login: '' }, 'login: Enter a login'],
    [{ ...DORA, login: 'x'.repeat(65) }, 'login: A login has at most 64 characters.'],
    [{ ...DORA, name: '  ' }, 'name: name must not be empty'],
    [{ login: 'dora', name: 'Dora' }, 'password: password must be a string'],
    [{ ...DORA, password: '' }, 'password: password must not be empty'],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    expect(await refusal('/users', body)).toContain(message)
  })

  it('names every field it refuses in one answer', async () => {
    expect(await refusal('/users', { login: 'alice', name: '', password: 7 })).toBe(
      'Invalid body: login: a user "alice" exists already; name: name must not be empty; password: password must be a string',
    )
  })

  it('is forgotten by a reset, with its tokens, and its id is handed out again', async () => {
    await add(DORA)
    const made = await issue({ login: 'dora', scopes: [] })
    await emulator.callControl('POST', '/reset')
    expect((await emulator.api('GET', '/users/dora')).status).toBe(404)
    expect((await emulator.api('GET', '/user', { token: made.access_token })).status).toBe(401)
    expect(await refusal('/tokens', { login: 'dora', scopes: [] })).toContain('no user "dora"')
    expect((await add({ ...DORA, login: 'dora2' })).id).toBe(90001)
  })
})
