/**
 * Enterprise spaces over real sockets (docs/emulator.md#enterprise-spaces): the official Node SDK
 * (`@yuque/sdk`) pointed at a space's own host reads the space, as its README's `endpoint` would
 * for `https://<space>.yuque.com/api/v2/`; test control mints a space's token when called on the
 * space's host; and a named public URL puts the spaces on its subdomains. `*.localhost` resolves to
 * loopback here as in a browser (src/testing/localhost-names.ts).
 */
import Yuque from '@yuque/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { spaceOrigin } from '../protocol/space-host'
import { startTestEmulator, TEST_UA, type TestEmulator } from '../testing/emulator-over-http'
import { fetchOverLoopback, loopbackLookup } from '../testing/localhost-names'
import { sendHttp } from '../testing/raw-http'
import { CONTROL_HEADERS } from './control/test-control'
import { startEmulator, type RunningEmulator } from './start'

const running: (TestEmulator | RunningEmulator)[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()))
})

/** A token for `login` of the space, minted by test control on the space's own host. */
async function spaceToken(emulator: TestEmulator, login: string): Promise<string> {
  const response = await fetchOverLoopback(
    `${spaceOrigin(emulator.url, 'acme')}/__emulator/tokens`,
    {
      method: 'POST',
      headers: CONTROL_HEADERS,
      body: JSON.stringify({ login, scopes: ['repo', 'group', 'doc'] }),
    },
  )
  expect(response.status).toBe(201)
  const body = z
    .object({ access_token: z.string(), login: z.string() })
    .parse(await response.json())
  expect(body.login).toBe(login)
  return body.access_token
}

/** The SDK as its README shows it, on `origin`'s API; `*.localhost` resolved to loopback. */
function sdk(origin: string, token: string): Yuque {
  return new Yuque({
    token,
    endpoint: `${origin}/api/v2/`,
    // The SDK proxies every request when `http_proxy` is set; loopback must not leave the host.
    requestOpts: { enableProxy: false, proxy: undefined, lookup: loopbackLookup },
  })
}

async function failureOf(call: Promise<unknown>): Promise<{ status: unknown; message: string }> {
  try {
    await call
  } catch (error) {
    if (!(error instanceof Error)) throw error
    return { status: (error as Error & { status?: unknown }).status, message: error.message }
  }
  throw new Error('expected the SDK call to fail')
}

describe('@yuque/sdk against a space’s host', () => {
  it('reads the space’s user, repositories and documents, and its token is 401 on the main site', async () => {
    const emulator = await startTestEmulator()
    running.push(emulator)
    const acme = spaceOrigin(emulator.url, 'acme')
    expect(acme).toBe(`http://acme.localhost:${new URL(emulator.url).port}`)
    const token = await spaceToken(emulator, 'alice')
    const client = sdk(acme, token)

    expect(await client.users.get()).toMatchObject({ id: 7001, login: 'alice' })
    expect(await client.users.get({ login: 'li-lei' })).toMatchObject({ id: 7002, name: '李雷' })
    const repos = z
      .array(z.object({ slug: z.string() }))
      .parse(await client.repos.list({ user: 'alice' }))
    expect(repos.map((repo) => repo.slug)).toEqual(['roadmap'])
    const docs = z
      .array(z.object({ slug: z.string() }))
      .parse(await client.docs.list({ namespace: 'platform/handbook' }))
    expect(docs.map((doc) => doc.slug)).toEqual(['onboarding', 'api-keys'])
    expect(
      await client.docs.get({ namespace: 'platform/handbook', slug: 'api-keys' }),
    ).toMatchObject({
      title: 'API keys 接口密钥',
    })

    expect(await failureOf(sdk(emulator.url, token).users.get())).toEqual({
      status: 401,
      message: 'Unauthorized',
    })
    const mainToken = await emulator.callControl('POST', '/tokens', {
      login: 'alice',
      scopes: ['repo'],
    })
    const { access_token: ofMain } = z
      .object({ access_token: z.string() })
      .parse(await mainToken.json())
    expect(await failureOf(sdk(acme, ofMain).users.get())).toEqual({
      status: 401,
      message: 'Unauthorized',
    })
    expect(await failureOf(sdk(emulator.url, ofMain).users.get({ login: 'li-lei' }))).toMatchObject(
      {
        status: 404,
      },
    )
  })
})

describe('spaces on a named public URL', () => {
  it('answers a space on the public host’s subdomain and on the loopback names’, writing the public one', async () => {
    const probe = await startEmulator({ port: 0 })
    const port = Number(new URL(probe.url).port)
    await probe.close()
    const emulator = await startEmulator({ port, options: { origin: `http://yuque.test:${port}` } })
    running.push(emulator)
    const lookup = (host: string) =>
      sendHttp(port, host, { path: '/api/v2/users/alice', headers: { ...TEST_UA, Host: host } })

    for (const host of [
      `acme.yuque.test:${port}`,
      `ACME.yuque.test:${port}`,
      `acme.localhost:${port}`,
    ]) {
      const answer = await lookup(host)
      expect(answer.status, host).toBe(200)
      expect(JSON.parse(answer.body), host).toMatchObject({
        data: { id: 7001, avatar_url: `http://acme.yuque.test:${port}/avatars/alice.svg` },
      })
    }
    expect(JSON.parse((await lookup(`yuque.test:${port}`)).body)).toMatchObject({
      data: { id: 1001 },
    })
    expect((await lookup(`zed.yuque.test:${port}`)).status).toBe(404)
    for (const host of ['acme.yuque.test', `acme.yuque.test.:${port}`, `acme.127.0.0.1:${port}`]) {
      expect((await lookup(host)).status, host).toBe(421)
    }
  })
})
