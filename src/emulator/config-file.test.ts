/**
 * The emulator's config file as `npm run emulator` reads it (docs/emulator.md#config-file): real
 * files in a temporary folder, named by `--config` or EMULATOR_CONFIG. Every refusal names the
 * file and the field's path; the file sits under the flags and the environment; `--print-config`
 * prints the effective configuration with its secrets masked.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { loadEmulatorConfig } from './config'

const folder = mkdtempSync(path.join(tmpdir(), 'emulator-config-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

let files = 0
/** A config file with this content (an object as JSON, a string as it is); its path. */
function configFile(content: unknown): string {
  files += 1
  const file = path.join(folder, `emulator-${files}.json`)
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content))
  return file
}

/** The errors loading `content` gives, each with the file's path replaced by `emulator.json`. */
function errorsOf(content: unknown): string[] {
  const file = configFile(content)
  const loaded = loadEmulatorConfig({}, ['--config', file])
  if (loaded.ok) throw new Error('the file was accepted')
  return loaded.errors.map((error) => error.replaceAll(file, 'emulator.json'))
}

const APP = {
  clientId: 'ci-app',
  clientSecret: 'ci-app-secret-7f3a',
  redirectUris: ['http://127.0.0.1:3000/callback'],
}

describe('a config file that cannot be used', () => {
  it('refuses a file that is not JSON, or cannot be read, naming it', () => {
    expect(errorsOf('{"apps": [}')).toEqual([
      expect.stringMatching(/^emulator\.json: is not JSON: /) as unknown,
    ])
    expect(errorsOf('[]')).toEqual([
      'emulator.json: must be a JSON object of settings, such as {"apps": []}',
    ])
    const missing = path.join(folder, 'missing.json')
    expect(loadEmulatorConfig({ EMULATOR_CONFIG: missing }, [])).toEqual({
      ok: false,
      errors: [`${missing}: cannot be read (ENOENT)`],
    })
    expect(loadEmulatorConfig({}, ['--config'])).toEqual({
      ok: false,
      errors: ['--config: must name a JSON file'],
    })
  })

  it('names an unknown field by its path, with the fields its object has', () => {
    expect(errorsOf({ prot: 4010, apps: [{ ...APP, secret: 'x' }] })).toEqual([
      'emulator.json: apps.0.secret: unknown field; the fields here are clientId, clientSecret, redirectUris, scopes, name',
      'emulator.json: prot: unknown field; the fields here are $schema, port, host, publicUrl, profile, apps, replaceSeedApps, users, tokens, data, replaceSeedData, spaces, replaceSeedSpaces, clock, rateLimit, autoApprove',
    ])
  })

  it('refuses wrong types and values, each by its path in the file', () => {
    const errors = errorsOf({
      profile: 'real',
      apps: [{ ...APP, redirectUris: ['http://127.0.0.1:3000/cb', 'ftp://files.example/cb'] }],
      users: [{ login: '12345', name: ' ', password: 'pw' }],
      tokens: [{ token: 'short', login: 'alice', scopes: ['repo:read'] }],
      data: {
        repos: [
          {
            owner: 'alice',
            slug: 'fixtures',
            name: 'Fixtures',
            public: 'yes',
            docs: [{ slug: '42', title: 'Answer', body: 'x' }],
          },
        ],
      },
      clock: { start: '15/01/2025' },
      rateLimit: { limit: '5', windowMs: 0 },
      autoApprove: { login: 'alice', scopes: ['repo:write'] },
    })
    expect(errors).toEqual([
      'emulator.json: profile: profile must be "seed" or "observed"',
      'emulator.json: apps.0.redirectUris.1: must be an http or https URL, not ftp:',
      'emulator.json: users.0.login: "12345" is digits only, which reads as a user id: a login needs a letter, "-" or "_"',
      'emulator.json: users.0.name: name must not be empty',
      'emulator.json: tokens.0.token: token must be 16 to 128 letters, digits, ".", "_" or "-"',
      'emulator.json: data.repos.0.public: public must be true or false',
      'emulator.json: data.repos.0.docs.0.slug: a document slug must not be digits only, which reads as a document id',
      'emulator.json: clock.start: start must be an ISO 8601 date-time, such as "2025-01-15T10:00:00Z"',
      'emulator.json: rateLimit.limit: limit must be a whole number',
      'emulator.json: rateLimit.windowMs: windowMs must be at least 1',
      expect.stringMatching(
        /^emulator\.json: autoApprove\.scopes\.0: unknown scope "repo:write"; the emulator's scopes are group, /,
      ) as unknown,
    ])
  })

  it('refuses a login no user has, in tokens, data and autoApprove, naming the users there are', () => {
    expect(
      errorsOf({
        users: [{ login: 'dora', name: 'Dora', password: 'dora-password' }],
        tokens: [{ token: 'ci-token-0000000001', login: 'zed', scopes: [] }],
        data: { repos: [{ owner: 'nobody', slug: 'x', name: 'X', public: true }] },
        autoApprove: { login: 'zed' },
      }),
    ).toEqual([
      'emulator.json: tokens.0.login: no user "zed"; the users are alice, bob, wangxiaoming, carol, dora',
      'emulator.json: data.repos.0.owner: no user or team "nobody"; the owners are alice, bob, wangxiaoming, carol, dora, payments-docs, design-guild, frontend-infra, yuque-lab',
      'emulator.json: autoApprove.login: no user "zed"; the users are alice, bob, wangxiaoming, carol, dora',
    ])
  })

  it('refuses the same client id, login, token or slug twice, and names the seed already has', () => {
    const user = { login: 'dora', name: 'Dora', password: 'dora-password' }
    const token = { token: 'ci-token-0000000001', login: 'dora', scopes: ['attach_upload'] }
    const repo = { owner: 'dora', slug: 'fixtures', name: 'Fixtures', public: true }
    const doc = { slug: 'hello', title: 'Hello', body: '# Hello' }
    expect(
      errorsOf({
        apps: [APP, APP, { ...APP, clientId: 'playground-web' }],
        users: [user, user, { ...user, login: 'alice' }, { ...user, login: 'payments-docs' }],
        tokens: [token, token],
        data: {
          repos: [
            { ...repo, docs: [doc, doc] },
            repo,
            { ...repo, owner: 'alice', slug: 'api-handbook' },
          ],
        },
      }),
    ).toEqual([
      'emulator.json: apps.1.clientId: an app "ci-app" is listed already (apps.0)',
      `emulator.json: apps.2.clientId: the seed has an app "playground-web" already; set "replaceSeedApps": true to replace the seed's apps`,
      'emulator.json: users.1.login: a user "dora" is listed already (users.0)',
      'emulator.json: users.2.login: the seed has a user "alice" already',
      'emulator.json: users.3.login: a team "payments-docs" has this login: users and teams share one namespace',
      `emulator.json: tokens.0.scopes: "attach_upload" needs the service's approval, so only an app that allows it gets it (name one in "app"): a personal token never has it`,
      'emulator.json: tokens.1.token: this token is listed already (tokens.0)',
      `emulator.json: tokens.1.scopes: "attach_upload" needs the service's approval, so only an app that allows it gets it (name one in "app"): a personal token never has it`,
      'emulator.json: data.repos.0.docs.1.slug: a document "hello" of dora/fixtures is listed already (data.repos.0.docs.0)',
      'emulator.json: data.repos.1.slug: a repository "dora/fixtures" is listed already (data.repos.0)',
      `emulator.json: data.repos.2.slug: the seed has a repository "alice/api-handbook" already; set "replaceSeedData": true to start from this file's data only`,
    ])
  })

  it('lets replaceSeedApps and replaceSeedData take the seed’s client ids and repository slugs', () => {
    const file = configFile({
      replaceSeedApps: true,
      apps: [{ ...APP, clientId: 'playground-web' }],
      replaceSeedData: true,
      data: { repos: [{ owner: 'alice', slug: 'api-handbook', name: 'Mine', public: false }] },
    })
    expect(loadEmulatorConfig({}, ['--config', file]).ok).toBe(true)
  })
})

describe('the spaces of a config file (docs/emulator.md#enterprise-spaces)', () => {
  const EVE = { login: 'eve', name: 'Eve', password: 'eve-password' }

  it('refuses a space’s wrong types and values, each by its path under spaces', () => {
    expect(errorsOf({ spaces: { label: 'beta' } })).toEqual([
      'emulator.json: spaces: spaces must be a list of enterprise spaces',
    ])
    expect(
      errorsOf({
        spaces: [
          'beta',
          { label: 'Beta.Corp', name: ' ', colour: 'red' },
          {
            label: 'gamma',
            name: 'Gamma',
            users: [{ ...EVE, login: '12' }],
            apps: [{ ...APP, redirectUris: ['ftp://x'] }],
          },
          { name: 'Delta' },
        ],
      }),
    ).toEqual([
      'emulator.json: spaces.0: each space must be an object such as {"label": "acme", "name": "Acme Corp"}',
      'emulator.json: spaces.1.label: label must be 1 to 63 lowercase letters, digits and "-", neither first nor last "-", such as "acme"',
      'emulator.json: spaces.1.name: name must not be empty',
      'emulator.json: spaces.1.colour: unknown field; the fields here are label, name, apps, users, tokens, data, autoApprove',
      'emulator.json: spaces.2.apps.0.redirectUris.0: must be an http or https URL, not ftp:',
      'emulator.json: spaces.2.users.0.login: "12" is digits only, which reads as a user id: a login needs a letter, "-" or "_"',
      'emulator.json: spaces.3.label: label must be a string, such as "acme"',
    ])
  })

  it('checks each space against its own users only, and its label against the others and the seed’s', () => {
    const repo = { owner: 'alice', slug: 'x', name: 'X', public: true }
    expect(
      errorsOf({
        users: [{ ...EVE, login: 'dora' }],
        spaces: [
          {
            label: 'beta',
            name: 'Beta',
            users: [EVE, EVE],
            apps: [APP, APP],
            tokens: [{ token: 'beta-token-0000000001', login: 'dora', scopes: [] }],
            data: { repos: [repo, { ...repo, owner: 'eve' }, { ...repo, owner: 'eve' }] },
            autoApprove: { login: 'alice' },
          },
          { label: 'beta', name: 'Beta again' },
          { label: 'acme', name: 'Acme' },
        ],
      }),
    ).toEqual([
      'emulator.json: spaces.0.apps.1.clientId: an app "ci-app" is listed already (spaces.0.apps.0)',
      'emulator.json: spaces.0.users.1.login: a user "eve" is listed already (spaces.0.users.0)',
      'emulator.json: spaces.0.tokens.0.login: no user "dora"; the users are eve',
      'emulator.json: spaces.0.data.repos.0.owner: no user or team "alice"; the owners are eve',
      'emulator.json: spaces.0.data.repos.2.slug: a repository "eve/x" is listed already (spaces.0.data.repos.1)',
      'emulator.json: spaces.0.autoApprove.login: no user "alice"; the users are eve',
      'emulator.json: spaces.1.label: a space "beta" is listed already (spaces.0)',
      `emulator.json: spaces.2.label: the seed has a space "acme" already; set "replaceSeedSpaces": true to replace the seed's spaces`,
    ])
  })

  it('takes a space with the main site’s logins and client ids, and the seed’s label with replaceSeedSpaces', () => {
    const file = configFile({
      users: [{ ...EVE, login: 'dora' }],
      replaceSeedSpaces: true,
      spaces: [
        {
          label: 'acme',
          name: 'Acme',
          users: [
            { ...EVE, login: 'dora' },
            { ...EVE, login: 'alice' },
          ],
          apps: [{ ...APP, clientId: 'playground-web' }],
          tokens: [{ token: 'acme-token-alice-0001', login: 'alice', scopes: ['repo'] }],
          data: { repos: [{ owner: 'alice', slug: 'api-handbook', name: 'Mine', public: false }] },
          autoApprove: { login: 'dora', scopes: ['repo:read'] },
        },
      ],
    })
    expect(loadEmulatorConfig({}, ['--config', file]).ok).toBe(true)
  })
})

describe('where the settings come from', () => {
  it('takes port, host, public URL and profile from the file, under the environment and the flags', () => {
    const file = configFile({
      port: 4100,
      host: '0.0.0.0',
      publicUrl: 'http://yuque:4100',
      profile: 'observed',
    })
    expect(loadEmulatorConfig({ EMULATOR_CONFIG: file }, [])).toMatchObject({
      ok: true,
      config: { port: 4100, host: '0.0.0.0', publicUrl: 'http://yuque:4100', profile: 'observed' },
    })
    const env = { EMULATOR_CONFIG: file, EMULATOR_PORT: '4200', EMULATOR_PROFILE: 'seed' }
    expect(loadEmulatorConfig(env, [])).toMatchObject({
      ok: true,
      config: { port: 4200, host: '0.0.0.0', profile: 'seed' },
    })
    expect(loadEmulatorConfig(env, ['--port', '4300', '--host', '127.0.0.1'])).toMatchObject({
      ok: true,
      config: { port: 4300, host: '127.0.0.1', publicUrl: 'http://yuque:4100', profile: 'seed' },
    })
    // An empty variable is an unset one: the file's value stands.
    expect(loadEmulatorConfig({ EMULATOR_CONFIG: file, EMULATOR_HOST: '' }, [])).toMatchObject({
      ok: true,
      config: { host: '0.0.0.0' },
    })
  })

  it('takes --config over EMULATOR_CONFIG', () => {
    const flag = configFile({ port: 4101 })
    const variable = configFile({ port: 4102 })
    expect(loadEmulatorConfig({ EMULATOR_CONFIG: variable }, ['--config', flag])).toMatchObject({
      ok: true,
      config: { port: 4101, configFile: flag },
    })
  })

  it('names the file and the field of a bad setting the file gave', () => {
    expect(errorsOf({ host: 'bad host!', publicUrl: 'http://yuque:4010/api' })).toEqual([
      'emulator.json: host: must be an IP address or a host name, e.g. 127.0.0.1 or 0.0.0.0',
      'emulator.json: publicUrl: must be an http(s) origin without a path, query or credentials, such as http://yuque:4010',
    ])
  })
})

describe('the example of docs/emulator.md', () => {
  it('is a config file the emulator takes', () => {
    const doc = readFileSync('docs/emulator.md', 'utf8')
    const section = doc.slice(doc.indexOf('## Config file'))
    const example = /```json\n([\s\S]*?)\n```/.exec(section)?.[1]
    expect(example).toBeDefined()
    const loaded = loadEmulatorConfig({}, ['--config', configFile(example)])
    expect(loaded.ok ? [] : loaded.errors).toEqual([])
  })
})

describe('--print-config', () => {
  it('prints the effective configuration with defaults filled and secrets masked, and exits 0', async () => {
    const file = configFile({
      port: 4100,
      apps: [APP],
      users: [{ login: 'dora', name: 'Dora', password: 'dora-password-91c2' }],
      tokens: [{ token: 'ci-token-alice-0123456789', login: 'alice', scopes: ['repo:read'] }],
      spaces: [
        {
          label: 'beta',
          name: 'Beta Ltd',
          users: [{ login: 'eve', name: 'Eve', password: 'eve-password-71c0' }],
          tokens: [{ token: 'beta-token-eve-0123456789abcdef', login: 'eve', scopes: ['repo'] }],
          autoApprove: { login: 'eve' },
        },
      ],
    })
    // main.ts as `npm run emulator` runs it: a real process, its real exit code.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/emulator/main.ts', '--print-config', '--profile', 'observed'],
      { env: { ...process.env, EMULATOR_CONFIG: file, EMULATOR_PORT: '4200' }, timeout: 30_000 },
    )
    for (const secret of [
      'ci-app-secret-7f3a',
      'dora-password-91c2',
      'ci-token-alice-0123456789',
      'eve-password-71c0',
      'beta-token-eve-0123456789abcdef',
    ]) {
      expect(stdout).not.toContain(secret)
    }
    expect(JSON.parse(stdout)).toEqual({
      configFile: file,
      port: 4200,
      host: '127.0.0.1',
      publicUrl: null,
      profile: 'observed',
      testControl: false,
      controlFrom: [],
      replaceSeedApps: false,
      apps: [
        {
          clientId: 'ci-app',
          clientSecret: '****7f3a',
          name: 'ci-app',
          redirectUris: ['http://127.0.0.1:3000/callback'],
          scopes: expect.arrayContaining(['repo', 'doc:read']) as unknown,
        },
      ],
      users: [{ login: 'dora', name: 'Dora', password: '****91c2' }],
      tokens: [{ token: '****6789', login: 'alice', scopes: ['repo:read'] }],
      replaceSeedData: false,
      data: { repos: [] },
      replaceSeedSpaces: false,
      spaces: [
        {
          label: 'beta',
          name: 'Beta Ltd',
          apps: [],
          users: [{ login: 'eve', name: 'Eve', password: '****71c0' }],
          tokens: [{ token: '****cdef', login: 'eve', scopes: ['repo'] }],
          data: { repos: [] },
          autoApprove: { login: 'eve', scopes: null },
        },
      ],
      clock: null,
      rateLimit: { limit: 5000, windowMs: 3_600_000 },
      autoApprove: null,
    })
  }, 40_000)
})
