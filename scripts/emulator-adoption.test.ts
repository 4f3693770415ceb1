/**
 * Another project adopts the emulator, as docs/emulator.md#quick-start-for-another-projects-ci
 * tells it to: the package packed by `npm pack -w yuque-emulator`, installed from the tarball with
 * `npm install --omit=dev` in a fresh project outside the repository, configured by a file that
 * names the schema the package ships, started through its `bin`, and driven as that project's
 * tests would: the official SDK with a fixed token, oauth4webapi through the authorization-code
 * flow with PKCE and autoApprove, a minted token, a write undone by a reset, an injected 429;
 * then stopped with SIGTERM. Its programmatic entry and its type declarations are used there too.
 *
 * Every request goes to the emulator's public origin, http://yuque.test:<port>, which this file's
 * `lookup` resolves to 127.0.0.1 (`.test` is reserved for this, RFC 6761 §6.2): the emulator's
 * Host check sees what clients in a container network send. Slow (a build, a pack and an install
 * from npm's cache or the registry), so one describe with one beforeAll, every wait bounded.
 */
import { execFile } from 'node:child_process'
import dns from 'node:dns'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { LookupFunction } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import Yuque from '@yuque/sdk'
import * as oauth from 'oauth4webapi'
import { Agent, fetch as undiciFetch } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CONTROL_HEADERS } from '../src/emulator/control/test-control'
import { freePort } from '../src/proxy/store/redis-process'
import { EVERY_SDK_CALL, callEverySdkMethod, sdkMethods } from '../src/testing/yuque-sdk-calls'
import { startProcess, waitForHttp, waitForOutput, type RunningProcess } from './cluster/processes'

const run = promisify(execFile)
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const UA = { 'User-Agent': 'adoption-test/1.0' }
const TOKEN = 'adoption-token-dora-0001'
const REDIRECT = 'http://127.0.0.1:3000/callback'
const APP = { clientId: 'adopter-app', clientSecret: 'adopter-app-secret-5e1d' }
const CONFIG = {
  $schema: './node_modules/yuque-emulator/emulator-config.schema.json',
  apps: [{ ...APP, redirectUris: [REDIRECT], scopes: ['repo:read', 'doc:read'] }],
  users: [{ login: 'dora', name: 'Dora CI', password: 'dora-password' }],
  tokens: [{ token: TOKEN, login: 'dora', scopes: ['repo', 'doc', 'group'] }],
  data: { repos: [{ owner: 'dora', slug: 'fixtures', name: 'Fixtures', public: true }] },
  autoApprove: { login: 'dora' },
}

/** `*.test` is this machine: 127.0.0.1. Other names as the system resolves them. */
const lookup: LookupFunction = (hostname, options, callback) => {
  if (!hostname.endsWith('.test')) return dns.lookup(hostname, options, callback)
  if (options.all === true) callback(null, [{ address: '127.0.0.1', family: 4 }])
  else callback(null, '127.0.0.1', 4)
}
const agent = new Agent({ connect: { lookup } })
/** fetch through `lookup`: the URL's name is the Host sent. No redirect is followed. */
const hostFetch = (url: string, init: Parameters<typeof undiciFetch>[1] = {}) =>
  undiciFetch(url, { redirect: 'manual', ...init, dispatcher: agent })

const PackSchema = z.array(
  z.object({ filename: z.string(), files: z.array(z.object({ path: z.string() })) }),
)
let work: string
let project: string
let packedFiles: string[]
let origin: string
let emulator: RunningProcess
let exited: Promise<number | null>

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'yuque-emulator-adoption-'))
  const { stdout } = await run(
    'npm',
    ['pack', '-w', 'yuque-emulator', '--pack-destination', work, '--json'],
    { cwd: root, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
  )
  const [packed] = PackSchema.parse(JSON.parse(stdout))
  if (packed === undefined) throw new Error(`npm pack packed nothing: ${stdout}`)
  packedFiles = packed.files.map((file) => file.path).sort()
  project = path.join(work, 'project')
  await mkdir(project)
  await writeFile(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'adopter', private: true, type: 'module' }),
  )
  await run(
    'npm',
    [
      'install',
      '--omit=dev',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      path.join(work, packed.filename),
    ],
    { cwd: project, timeout: 150_000 },
  )
  await writeFile(path.join(project, 'emulator.json'), JSON.stringify(CONFIG, null, 2))
  const port = await freePort()
  origin = `http://yuque.test:${port}`
  emulator = startProcess(
    'yuque-emulator',
    path.join(project, 'node_modules/.bin/yuque-emulator'),
    ['--port', String(port), '--public-url', origin, '--test-control', '--config', 'emulator.json'],
    { cwd: project },
  )
  exited = emulator.exited
  await waitForOutput(
    emulator,
    `Yuque emulator listening on http://127.0.0.1:${port}, answering as ${origin}`,
    20_000,
  )
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, emulator, { timeoutMs: 20_000 })
}, 180_000)

afterAll(async () => {
  await emulator?.stop('SIGKILL', 2000)
  await agent.close()
  if (work !== undefined) await rm(work, { recursive: true, force: true })
})

/** A test-control call, as the adopting project's tests make it. */
const control = (route: string, body?: unknown) =>
  hostFetch(`${origin}/__emulator${route}`, {
    method: 'POST',
    headers: CONTROL_HEADERS,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
const me = async (token: string, headers: Record<string, string> = {}) => {
  const response = await hostFetch(`${origin}/api/v2/user`, {
    headers: { ...UA, 'X-Auth-Token': token, ...headers },
  })
  return { status: response.status, body: (await response.json()) as unknown }
}
/** The official SDK as its README shows it, its HTTP client resolving through `lookup`. */
const sdk = (token: string) =>
  new Yuque({
    token,
    endpoint: `${origin}/api/v2/`,
    requestOpts: { enableProxy: false, proxy: undefined, lookup },
  })

describe('yuque-emulator installed from its tarball in a fresh project', () => {
  it('ships the commands, the declarations, the schema and the README, and installs none of the playground’s other packages', () => {
    expect(packedFiles.filter((file) => !file.startsWith('dist/chunks/'))).toEqual([
      'README.md',
      'dist/cli.js',
      'dist/index.d.ts',
      'dist/index.js',
      'emulator-config.schema.json',
      'package.json',
    ])
    const installed = (name: string) => existsSync(path.join(project, 'node_modules', name))
    for (const name of ['hono', '@hono/node-server', 'zod'])
      expect(installed(name), name).toBe(true)
    for (const name of ['react', 'react-dom', 'redis', 'pino', 'vite', 'undici', 'jose']) {
      expect(installed(name), name).toBe(false)
    }
  })

  it('answers only as its public URL: a request naming another host gets 421', async () => {
    const other = new URL(origin)
    other.hostname = 'attacker.test'
    const response = await hostFetch(`${other.origin}/api/v2/user`, { headers: UA })
    expect(response.status).toBe(421)
    expect((await me(TOKEN)).status).toBe(200)
  })

  it('serves every method of @yuque/sdk with the config file’s fixed token', async () => {
    const client = sdk(TOKEN)
    expect(await client.users.get()).toMatchObject({ login: 'dora', name: 'Dora CI' })
    expect(await client.repos.list({ user: 'dora' })).toEqual([
      expect.objectContaining({ namespace: 'dora/fixtures' }),
    ])
    expect(Object.keys(EVERY_SDK_CALL).sort()).toEqual(sdkMethods(client))
    for (const [name, outcome] of await callEverySdkMethod(client)) {
      expect([name, outcome]).not.toEqual([name, 'Not Found'])
    }
  })

  it('runs the authorization-code flow of oauth4webapi with PKCE: autoApprove redirects at once with the code', async () => {
    expect((await control('/pkce', { mode: 'required' })).status).toBe(200)
    const as: oauth.AuthorizationServer = {
      issuer: origin,
      authorization_endpoint: `${origin}/oauth2/authorize`,
      token_endpoint: `${origin}/oauth2/token`,
    }
    const client: oauth.Client = { client_id: APP.clientId }
    const verifier = oauth.generateRandomCodeVerifier()
    const state = oauth.generateRandomState()
    const authorize = new URL(as.authorization_endpoint ?? '')
    for (const [name, value] of Object.entries({
      client_id: APP.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'repo:read',
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })) {
      authorize.searchParams.set(name, value)
    }
    const redirect = await hostFetch(authorize.href, { headers: UA })
    expect(redirect.status).toBe(302)
    const callback = new URL(redirect.headers.get('Location') ?? '')
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT)
    const params = oauth.validateAuthResponse(as, client, callback, state)
    const options = {
      // oauth4webapi refuses http:// endpoints; this loopback emulator is plain http.
      [oauth.allowInsecureRequests]: true,
      [oauth.customFetch]: (url: string, init: oauth.CustomFetchOptions<'POST', unknown>) =>
        hostFetch(url, init as Parameters<typeof hostFetch>[1]) as unknown as Promise<Response>,
    }
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.ClientSecretPost(APP.clientSecret),
        params,
        REDIRECT,
        verifier,
        options,
      ),
    )
    expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'repo:read' })
    // PKCE is on: the same request without a challenge is sent back with an error.
    authorize.searchParams.delete('code_challenge')
    authorize.searchParams.delete('code_challenge_method')
    const refused = await hostFetch(authorize.href, { headers: UA })
    expect(refused.status).toBe(302)
    const error = new URL(refused.headers.get('Location') ?? '').searchParams
    expect([error.get('error'), error.get('state')]).toEqual(['invalid_request', state])
    expect(await me(tokens.access_token)).toMatchObject({
      status: 200,
      body: { data: { login: 'dora' } },
    })
  })

  it('takes a token minted by POST /__emulator/tokens', async () => {
    const minted = await control('/tokens', { login: 'dora', scopes: ['repo:read'] })
    expect(minted.status).toBe(201)
    const { access_token: token } = z
      .object({ access_token: z.string() })
      .parse(await minted.json())
    expect(await me(token)).toMatchObject({ status: 200, body: { data: { login: 'dora' } } })
  })

  it('keeps a write until POST /__emulator/reset', async () => {
    const created = await sdk(TOKEN).docs.create({
      namespace: 'dora/fixtures',
      data: { title: 'Written', slug: 'written', body: 'by a test' },
    })
    expect(created).toMatchObject({ slug: 'written' })
    expect(
      await sdk(TOKEN).docs.get({ namespace: 'dora/fixtures', slug: 'written' }),
    ).toMatchObject({ title: 'Written' })
  })

  it('has forgotten the write after the reset, and still takes the file’s token', async () => {
    expect((await control('/reset')).status).toBe(200)
    const gone = await sdk(TOKEN)
      .docs.get({ namespace: 'dora/fixtures', slug: 'written' })
      .catch((error: unknown) => error)
    expect(gone).toMatchObject({ status: 404 })
    expect((await me(TOKEN)).status).toBe(200)
  })

  it('answers an injected 429 for Prefer: code=429, as the rate limit answers', async () => {
    const limited = await me(TOKEN, { Prefer: 'code=429' })
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ status: 429 })
  })

  it('starts and stops from code through startEmulator, typed by its declarations', async () => {
    const script = [
      "import { startEmulator } from 'yuque-emulator'",
      'const emulator = await startEmulator({ testControl: true })',
      "const health = await fetch(emulator.url + '/healthz')",
      'await emulator.close()',
      'console.log(JSON.stringify({ url: emulator.url, status: health.status }))',
    ].join('\n')
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: project,
      timeout: 30_000,
    })
    expect(JSON.parse(stdout)).toEqual({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      status: 200,
    })
    // The declarations resolve from the installed package, and type what they say.
    await writeFile(
      path.join(project, 'uses.ts'),
      [
        "import { startEmulator, type StartEmulatorOptions } from 'yuque-emulator'",
        "const options: StartEmulatorOptions = { profile: 'observed', controlFrom: ['10.0.0.0/8'] }",
        'const emulator = await startEmulator(options)',
        'const url: string = emulator.url',
        'await emulator.close()',
        '// @ts-expect-error: a port is a number',
        "await startEmulator({ port: '4010' })",
        'export { url }',
      ].join('\n'),
    )
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc')
    const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022']
    await run(process.execPath, [tsc, ...flags, '--lib', 'es2022', 'uses.ts'], {
      cwd: project,
      timeout: 60_000,
    })
  }, 60_000)

  it('exits 0 on SIGTERM', async () => {
    const signalledAt = Date.now()
    emulator.child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(Date.now() - signalledAt).toBeLessThan(10_000)
  })
})
