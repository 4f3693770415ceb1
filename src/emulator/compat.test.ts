/**
 * The official Node SDK (`@yuque/sdk`) and a standard OAuth 2.0 client library (`oauth4webapi`)
 * work against the emulator unchanged, in both profiles (docs/service.md#error-body: "an emulator
 * that this SDK can talk to is a faithful one"). Both talk to a real loopback socket; tokens come
 * only from the emulator's own pages and token endpoint, never from its store.
 */
import Yuque from '@yuque/sdk'
import * as oauth from 'oauth4webapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TokenResponseSchema } from '../protocol/schemas'
import { PROFILE_NAMES, type ProfileName } from './profiles'
import { DEFAULT_WEB_REDIRECT_URI } from './seed'
import { startEmulator, type RunningEmulator } from './start'
import { authorizeThroughPages } from '../testing/emulator-pages'
import { EVERY_SDK_CALL, callEverySdkMethod, sdkMethods } from '../testing/yuque-sdk-calls'

const CLIENT_ID = 'playground-web'
const CLIENT_SECRET = 'playground-web-secret'
const REDIRECT_URI = DEFAULT_WEB_REDIRECT_URI

let emulator: RunningEmulator

function authorizeUrl(params: Record<string, string>): string {
  const url = new URL('/oauth2/authorize', emulator.url)
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return url.href
}

/** A token as a user gets it: sign-in and consent on the pages, then the code at /oauth2/token. */
async function tokenFor(login: string, scope: string, grant?: string[]): Promise<string> {
  const page = await authorizeThroughPages(
    emulator.app,
    authorizeUrl({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope,
    }),
    grant === undefined ? { login } : { login, grant },
  )
  const code = new URL(page.location ?? '').searchParams.get('code') ?? ''
  const response = await fetch(new URL('/oauth2/token', emulator.url), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'User-Agent': 'compat-test/1.0',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      code,
      redirect_uri: REDIRECT_URI,
    }),
  })
  expect(response.status).toBe(200)
  return TokenResponseSchema.parse(await response.json()).access_token
}

/** The SDK as its README shows it, pointed at the emulator (the endpoint keeps its final `/`). */
function sdk(token: string): Yuque {
  return new Yuque({
    token,
    endpoint: `${emulator.url}/api/v2/`,
    // The SDK proxies every request when `http_proxy` is set; loopback must not leave the host.
    requestOpts: { enableProxy: false, proxy: undefined },
  })
}

/** What the SDK throws, as a plain object to compare (it is an Error with status/code/message). */
async function sdkFailure(call: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await call
  } catch (error) {
    if (!(error instanceof Error)) throw error
    const { status, code } = error as Error & { status?: unknown; code?: unknown }
    return { name: error.name, message: error.message, status, code }
  }
  throw new Error('expected the SDK call to fail')
}

/** How each profile refuses a token without the needed scope (profiles.ts, `scopeRefusal`). */
const SCOPE_REFUSALS: Record<ProfileName, (needed: string, held: string) => object> = {
  seed: (needed, held) => ({
    status: 403,
    message: `This request needs the "${needed}" scope (or "${needed.replace(/:read$/, '')}"); the token has ${held}.`,
  }),
  observed: () => ({ status: 401, message: 'scope unauthorized' }),
}

describe.each(PROFILE_NAMES)('with the %s profile', (profile) => {
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, options: { profile } })
  })

  afterAll(async () => {
    await emulator.close()
  })

  describe('@yuque/sdk against the emulator', () => {
    it('reads the signed-in user with users.get() and a token from the authorization-code flow', async () => {
      const token = await tokenFor('alice', 'repo:read')
      emulator.control.clearLog()
      const me = await sdk(token).users.get()
      expect(me).toEqual({
        id: 1001,
        type: 'User',
        login: 'alice',
        name: 'Alice Chen',
        description: expect.any(String),
        avatar_url: `${emulator.url}/avatars/alice.svg`,
        books_count: 3,
        public_books_count: 2,
        followers_count: 128,
        following_count: 42,
        public: 1,
        created_at: '2019-04-02T08:15:30.000Z',
        updated_at: '2024-11-18T10:02:11.000Z',
      })
      // The SDK sent its own User-Agent and the token in X-Auth-Token, as the emulator requires.
      expect(emulator.control.requestLog()).toEqual([
        expect.objectContaining({
          method: 'GET',
          path: '/api/v2/user',
          status: 200,
          hasUserAgent: true,
          user: 'alice',
        }),
      ])
    })

    it('finds a user by login and by numeric id with users.get({ login })', async () => {
      const client = sdk(await tokenFor('alice', ''))
      expect(await client.users.get({ login: 'bob' })).toMatchObject({ id: 1002, login: 'bob' })
      expect(await client.users.get({ login: '1002' })).toMatchObject({ id: 1002, login: 'bob' })
      expect(await client.users.get({ login: 'wangxiaoming' })).toMatchObject({ name: '王小明' })
    })

    it('says hello through the SDK’s own request client, as the SDK has no method for /hello', async () => {
      const client = sdk(await tokenFor('wangxiaoming', ''))
      expect(await client._client.request('hello')).toEqual({ message: 'Hello 王小明' })
    })

    it('lists the repositories of the token’s user, private ones included, with repos.list()', async () => {
      const client = sdk(await tokenFor('alice', 'repo:read'))
      const repos = await client.repos.list({ user: 'alice' })
      expect(repos).toEqual([
        expect.objectContaining({ slug: 'api-handbook', namespace: 'alice/api-handbook' }),
        expect.objectContaining({ slug: 'release-notes' }),
        expect.objectContaining({ slug: 'drafts', public: 0 }),
      ])
    })

    it('throws an error with status 404 and the emulator’s message for an unknown user', async () => {
      const client = sdk(await tokenFor('alice', ''))
      expect(await sdkFailure(client.users.get({ login: 'no-such-user' }))).toEqual({
        name: 'Error',
        message: 'User not found',
        status: 404,
        code: undefined,
      })
    })

    it('throws an error with status 401 and Unauthorized for a token the emulator never issued', async () => {
      const failure = await sdkFailure(sdk('emu_at_not-a-real-token').users.get())
      expect(failure).toMatchObject({ status: 401, message: 'Unauthorized' })
    })

    it('throws an error with the profile’s status and message when the token lacks a scope', async () => {
      const refusal = SCOPE_REFUSALS[profile]
      const client = sdk(await tokenFor('alice', 'repo:read'))
      expect(await sdkFailure(client.groups.list({ login: 'alice' }))).toMatchObject(
        refusal('group:read', 'repo:read'),
      )
      const noScope = sdk(await tokenFor('bob', ''))
      expect(await sdkFailure(noScope.repos.list({ user: 'bob' }))).toMatchObject(
        refusal('repo:read', 'no scope'),
      )
    })
  })

  describe('oauth4webapi against the emulator', () => {
    // The emulator has no discovery document (neither has the real service), so the metadata is
    // written by hand from the endpoints the service documents.
    const as = (): oauth.AuthorizationServer => ({
      issuer: emulator.url,
      authorization_endpoint: `${emulator.url}/oauth2/authorize`,
      token_endpoint: `${emulator.url}/oauth2/token`,
    })
    const client: oauth.Client = { client_id: CLIENT_ID }
    const clientAuth = oauth.ClientSecretPost(CLIENT_SECRET)
    // oauth4webapi refuses http:// endpoints. Only this test's loopback emulator is plain http.
    const INSECURE_HTTP_FOR_LOOPBACK_TEST_ONLY = { [oauth.allowInsecureRequests]: true }

    async function approvedCallback(state: string, login: string, scope: string, grant?: string[]) {
      const url = new URL(as().authorization_endpoint ?? '')
      url.searchParams.set('client_id', CLIENT_ID)
      url.searchParams.set('redirect_uri', REDIRECT_URI)
      url.searchParams.set('response_type', 'code')
      url.searchParams.set('scope', scope)
      url.searchParams.set('state', state)
      const page = await authorizeThroughPages(
        emulator.app,
        url.href,
        grant === undefined ? { login } : { login, grant },
      )
      expect(page.status).toBe(303)
      return new URL(page.location ?? '')
    }

    /**
     * The token request as a confidential client with client_secret_post. No PKCE: the service
     * documents none, so the code is bound by the client secret and the state check alone.
     */
    const redeem = (params: URLSearchParams, auth: oauth.ClientAuth = clientAuth) =>
      oauth.authorizationCodeGrantRequest(
        as(),
        client,
        auth,
        params,
        REDIRECT_URI,
        oauth.nopkce,
        INSECURE_HTTP_FOR_LOOPBACK_TEST_ONLY,
      )

    /** The callback's parameters of an approved login, checked against a fresh state. */
    async function approvedParams(login: string, scope: string): Promise<URLSearchParams> {
      const state = oauth.generateRandomState()
      const callback = await approvedCallback(state, login, scope)
      return oauth.validateAuthResponse(as(), client, callback, state)
    }

    it('completes the authorization-code flow with client_secret_post and gets a working token', async () => {
      const state = oauth.generateRandomState()
      const callback = await approvedCallback(state, 'carol', 'doc,repo:read', ['repo:read'])
      const params = oauth.validateAuthResponse(as(), client, callback, state)
      emulator.control.clearLog()

      const tokens = await oauth.processAuthorizationCodeResponse(
        as(),
        client,
        await redeem(params),
      )
      // No expires_in (tokens do not expire) and a scope narrower than asked, in the service's
      // comma-separated form: oauth4webapi accepts both.
      expect(tokens).toEqual({
        access_token: expect.stringMatching(/^emu_at_/),
        token_type: 'bearer',
        scope: 'repo:read',
      })
      expect(emulator.control.requestLog()).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/oauth2/token',
          status: 200,
          grantType: 'authorization_code',
          clientId: CLIENT_ID,
          hasClientSecret: true,
        }),
      ])
      // The two libraries together: the token oauth4webapi obtained drives the official SDK.
      expect(await sdk(tokens.access_token).users.get()).toMatchObject({ login: 'carol' })
    })

    it('reports the access_denied callback as an AuthorizationResponseError', async () => {
      const state = oauth.generateRandomState()
      const page = await authorizeThroughPages(
        emulator.app,
        authorizeUrl({
          client_id: CLIENT_ID,
          redirect_uri: REDIRECT_URI,
          response_type: 'code',
          scope: 'doc:read',
          state,
        }),
        { login: 'bob', deny: true },
      )
      const callback = new URL(page.location ?? '')
      expect(() => oauth.validateAuthResponse(as(), client, callback, state)).toThrow(
        expect.objectContaining({
          name: 'AuthorizationResponseError',
          error: 'access_denied',
          error_description: 'The user denied the authorization request',
        }),
      )
    })

    it('rejects a callback whose state is not the one it sent', async () => {
      const callback = await approvedCallback('state-sent', 'bob', '')
      expect(() => oauth.validateAuthResponse(as(), client, callback, 'state-expected')).toThrow(
        expect.objectContaining({ code: oauth.INVALID_RESPONSE }),
      )
    })

    it('reports a replayed code as invalid_grant and the first token stops working', async () => {
      const params = await approvedParams('alice', 'repo:read')
      const first = await oauth.processAuthorizationCodeResponse(as(), client, await redeem(params))

      const replay = oauth.processAuthorizationCodeResponse(as(), client, await redeem(params))
      await expect(replay).rejects.toBeInstanceOf(oauth.ResponseBodyError)
      await expect(replay).rejects.toMatchObject({
        status: 400,
        error: 'invalid_grant',
        error_description:
          'authorization code was already used; the token issued for it is revoked',
      })
      expect(await sdkFailure(sdk(first.access_token).users.get())).toMatchObject({
        status: 401,
        message: 'Unauthorized',
      })
    })

    it('also redeems a code with client_secret_basic, the method RFC 6749 makes the default', async () => {
      const params = await approvedParams('bob', 'repo:read')
      const response = await redeem(params, oauth.ClientSecretBasic(CLIENT_SECRET))
      const tokens = await oauth.processAuthorizationCodeResponse(as(), client, response)
      expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'repo:read' })
    })

    it('reports a wrong client secret as invalid_client', async () => {
      const params = await approvedParams('alice', '')
      const response = await redeem(params, oauth.ClientSecretPost('not-the-secret'))
      await expect(
        oauth.processAuthorizationCodeResponse(as(), client, response),
      ).rejects.toMatchObject({ status: 401, error: 'invalid_client' })
    })
  })
})

describe('every method of @yuque/sdk against the emulator', () => {
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 })
  })

  afterAll(async () => {
    await emulator.close()
  })

  const ALL = 'group,repo,doc'

  it('repos.list({ group }) lists a team’s repositories, private ones for members', async () => {
    const repos = await sdk(await tokenFor('alice', ALL)).repos.list({ group: 'payments-docs' })
    expect(repos).toEqual([
      expect.objectContaining({ namespace: 'payments-docs/gateway-guide', public: 1 }),
      expect.objectContaining({ namespace: 'payments-docs/runbook', public: 0 }),
    ])
    const outsider = await sdk(await tokenFor('bob', ALL)).repos.list({ group: 'payments-docs' })
    expect(outsider).toEqual([expect.objectContaining({ slug: 'gateway-guide' })])
  })

  it('repos.list({ user, data }) pages with offset and limit and filters by type', async () => {
    const client = sdk(await tokenFor('alice', ALL))
    const page = await client.repos.list({ user: 'alice', data: { offset: 1, limit: 1 } })
    expect(page).toEqual([expect.objectContaining({ slug: 'release-notes' })])
    const designs = await client.repos.list({ user: 'carol', data: { type: 'Design' } })
    expect(designs).toEqual([expect.objectContaining({ slug: 'design-system' })])
  })

  it('repos.get({ namespace }) reads a repository by namespace and by id, with its toc_yml', async () => {
    const client = sdk(await tokenFor('bob', ALL))
    expect(await client.repos.get({ namespace: 'alice/api-handbook' })).toMatchObject({
      id: 20011,
      toc_yml: expect.stringContaining('handbook-basics'),
    })
    expect(await client.repos.get({ namespace: 20101 })).toMatchObject({ slug: 'gateway-guide' })
    expect(await sdkFailure(client.repos.get({ namespace: 'alice/drafts' }))).toMatchObject({
      status: 404,
      message: 'Repository not found',
    })
  })

  it('repos.create, repos.update and repos.delete manage a repository of the token’s user', async () => {
    const client = sdk(await tokenFor('carol', ALL))
    const data = { name: 'SDK 试验', slug: 'sdk-trial', public: 1 }
    expect(await client.repos.create({ user: 'carol', data })).toMatchObject({
      namespace: 'carol/sdk-trial',
      name: 'SDK 试验',
    })
    const renamed = await client.repos.update({
      namespace: 'carol/sdk-trial',
      data: { name: 'Trial' },
    })
    expect(renamed).toMatchObject({ name: 'Trial' })
    expect(await client.repos.delete({ namespace: 'carol/sdk-trial' })).toMatchObject({
      slug: 'sdk-trial',
    })
    expect(await sdkFailure(client.repos.get({ namespace: 'carol/sdk-trial' }))).toMatchObject({
      status: 404,
    })
  })

  it('repos.create({ group }) creates in a team for an admin and refuses a read-only member', async () => {
    const admin = sdk(await tokenFor('carol', ALL))
    const created = await admin.repos.create({
      group: 'design-guild',
      data: { name: 'Icons', slug: 'icons' },
    })
    expect(created).toMatchObject({ namespace: 'design-guild/icons', public: 0 })
    const readOnly = sdk(await tokenFor('alice', ALL))
    const refused = readOnly.repos.create({ group: 'design-guild', data: { name: 'X', slug: 'x' } })
    expect(await sdkFailure(refused)).toMatchObject({
      status: 403,
      message: expect.stringContaining('may not create'),
    })
  })

  it('repos.getTOC({ namespace }) reads the table of contents with levels and links', async () => {
    const toc = await sdk(await tokenFor('bob', ALL)).repos.getTOC({
      namespace: 'alice/api-handbook',
    })
    expect(toc).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          uuid: 'handbook-basics',
          type: 'TITLE',
          level: 0,
          child_uuid: 'handbook-start',
        }),
        expect.objectContaining({
          uuid: 'handbook-start',
          type: 'DOC',
          level: 1,
          url: 'getting-started',
        }),
      ]),
    )
  })

  it('docs.list({ namespace }) lists a repository’s documents', async () => {
    const docs = await sdk(await tokenFor('bob', ALL)).docs.list({
      namespace: 'wangxiaoming/frontend-notes',
    })
    expect(docs).toEqual([
      expect.objectContaining({ slug: 'react-hooks', title: 'React Hooks 入门' }),
      expect.objectContaining({ slug: 'typescript-tips' }),
    ])
  })

  it('docs.get({ namespace, slug, data: { raw: 1 } }) reads a document with its body', async () => {
    const client = sdk(await tokenFor('bob', ALL))
    const doc = await client.docs.get({
      namespace: 'wangxiaoming/frontend-notes',
      slug: 'react-hooks',
      data: { raw: 1 },
    })
    expect(doc).toMatchObject({
      id: 40011,
      format: 'markdown',
      body: expect.stringContaining('useEffect'),
    })
  })

  it('docs.create, docs.update and docs.delete write a document, each update a new version', async () => {
    const client = sdk(await tokenFor('alice', ALL))
    const namespace = 'alice/api-handbook'
    const created = await client.docs.create({
      namespace,
      data: { title: 'SDK', slug: 'sdk', body: 'v1' },
    })
    expect(created).toMatchObject({ slug: 'sdk', body: 'v1', format: 'markdown' })
    const updated = await client.docs.update({ namespace, id: 'sdk', data: { body: 'v2' } })
    expect(updated).toMatchObject({ body: 'v2' })
    const bothVersions = await client._client.request(
      `doc_versions?doc_id=${String((created as { id: number }).id)}`,
    )
    expect(bothVersions).toHaveLength(2)
    expect(await client.docs.delete({ namespace, id: 'sdk' })).toMatchObject({ slug: 'sdk' })
    expect(await sdkFailure(client.docs.get({ namespace, slug: 'sdk' }))).toMatchObject({
      status: 404,
    })
  })

  it('groups.list({ login }) lists a user’s teams', async () => {
    const teams = await sdk(await tokenFor('bob', ALL)).groups.list({ login: 'carol' })
    expect(teams).toEqual([
      expect.objectContaining({ login: 'design-guild' }),
      expect.objectContaining({ login: 'yuque-lab', name: '语雀实验室' }),
    ])
  })

  it('groups.listUser, groups.addUser and groups.removeUser manage members for a team admin', async () => {
    const admin = sdk(await tokenFor('wangxiaoming', ALL))
    const before = await admin.groups.listUser({ login: 'yuque-lab' })
    expect(before).toEqual(
      expect.arrayContaining([expect.objectContaining({ user_id: 1004, role: 2 })]),
    )
    const added = await admin.groups.addUser({
      group: 'yuque-lab',
      user: 'alice',
      data: { role: 2 },
    })
    expect(added).toMatchObject({
      user_id: 1001,
      role: 2,
      group: expect.objectContaining({ login: 'yuque-lab' }),
    })
    expect(await admin.groups.removeUser({ group: 'yuque-lab', user: 'alice' })).toEqual({
      user_id: '1001',
    })
    const member = sdk(await tokenFor('bob', ALL))
    expect(
      await sdkFailure(
        member.groups.addUser({ group: 'yuque-lab', user: 'carol', data: { role: 0 } }),
      ),
    ).toMatchObject({
      status: 403,
      message: 'Only an admin of the team "yuque-lab" may change its members.',
    })
  })

  // The SDK predates the OpenAPI document: these methods call paths it does not list, which the
  // emulator knows and does not emulate (api/not-emulated.ts, UNDOCUMENTED).
  it.each([
    ['groups.list()', 'GET /groups', (c: Yuque) => c.groups.list()],
    ['groups.get', 'GET /groups/{login}', (c: Yuque) => c.groups.get({ login: 'yuque-lab' })],
    [
      'groups.create',
      'POST /groups',
      (c: Yuque) => c.groups.create({ data: { name: 'X', login: 'x' } }),
    ],
    [
      'groups.update',
      'PUT /groups/{login}',
      (c: Yuque) => c.groups.update({ login: 'yuque-lab', data: { name: 'X' } }),
    ],
    [
      'groups.delete',
      'DELETE /groups/{login}',
      (c: Yuque) => c.groups.delete({ login: 'yuque-lab' }),
    ],
  ])(
    '%s answers 501 "not emulated: %s": the document has no such operation',
    async (_, line, method) => {
      const failure = await sdkFailure(method(sdk(await tokenFor('wangxiaoming', ALL))))
      expect(failure).toMatchObject({
        status: 501,
        message: `not emulated: ${line} (the official SDK calls it; the OpenAPI document lists no such operation)`,
      })
    },
  )

  it('knows the path of every method of the SDK', async () => {
    const client = sdk(await tokenFor('bob', ALL))
    expect(Object.keys(EVERY_SDK_CALL).sort()).toEqual(sdkMethods(client))
    for (const [name, outcome] of await callEverySdkMethod(client)) {
      expect([name, outcome]).not.toEqual([name, 'Not Found'])
    }
  })
})
