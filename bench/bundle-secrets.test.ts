/**
 * docs/security.md#h1, #j1: no secret reaches the browser bundle. Builds the web app with canary
 * secrets in the environment, then searches every file of the build, source maps included.
 * Lives beside the bundle budget because both build the app afresh.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { loadConfigFromFile } from 'vite'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp, projectRoot } from './bundle'
import { readChunkModules } from './chunk-modules'

const canaries = {
  YUQUE_CLIENT_SECRET: `CANARY-SECRET-${randomBytes(8).toString('hex')}`,
  YUQUE_CODE_CLIENT_SECRET: `CANARY-CODE-SECRET-${randomBytes(8).toString('hex')}`,
  SESSION_SECRET: `CANARY-SESSION-${randomBytes(16).toString('hex')}`,
}
let outDir: string
let files: { name: string; text: string }[]
/** The chunks that hold TAKE_HOME_EXCHANGE, by their path in the build. */
let takeHomeChunks: Set<string>

/**
 * The one module whose text names the credential's parameter: the flow lab's take-home code for
 * the code exchange, which a developer copies to their own server. It writes the name once, and
 * never a value: the program reads the secret from YUQUE_CLIENT_SECRET when it runs
 * (src/web/lib/snippets/flow-snippets.test.ts, "never holds a client secret").
 */
const TAKE_HOME_EXCHANGE = 'src/web/lib/snippets/flow-exchange-snippets.ts'

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'bundle-secrets-'))
  const previous = Object.fromEntries(
    Object.keys(canaries).map((name) => [name, process.env[name]]),
  )
  Object.assign(process.env, canaries)
  try {
    await buildApp(outDir)
  } finally {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
  const names = (await readdir(outDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
  files = await Promise.all(
    names.map(async (name) => ({ name, text: await readFile(name, 'utf8') })),
  )
  const chunks = await readChunkModules(outDir)
  takeHomeChunks = new Set(
    Object.entries(chunks)
      .filter(([, modules]) => modules.includes(TAKE_HOME_EXCHANGE))
      .map(([file]) => path.join(outDir, file)),
  )
}, 120_000)

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true })
})

test('the build holds JavaScript to search and no source map (vite.config.ts: sourcemap false)', () => {
  expect(files.some((file) => file.name.endsWith('.js'))).toBe(true)
  expect(files.filter((file) => file.name.endsWith('.map')).map((file) => file.name)).toEqual([])
})

test('no canary secret, demo secret or token-endpoint credential appears anywhere in the build', () => {
  const forbidden = [
    ...Object.values(canaries),
    'playground-web-secret',
    'playground-cli-secret',
    'client_secret',
    'emu_at_',
  ]
  const hits = files.flatMap((file) =>
    forbidden
      .filter((needle) => file.text.includes(needle))
      // The take-home exchange names the parameter, once (TAKE_HOME_EXCHANGE): counted below.
      .filter((needle) => needle !== 'client_secret' || !takeHomeChunks.has(file.name))
      .map((needle) => `${needle} in ${path.relative(outDir, file.name)}`),
  )
  expect(hits).toEqual([])
  for (const chunk of takeHomeChunks) {
    const text = files.find((file) => file.name === chunk)?.text ?? ''
    expect(text.split('client_secret').length - 1, path.relative(outDir, chunk)).toBe(1)
  }
})

test('Vite exposes only VITE_ variables, and no secret is named like one', async () => {
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    path.join(projectRoot, 'vite.config.ts'),
    projectRoot,
    'silent',
  )
  expect(loaded?.config.envPrefix).toBe('VITE_')
  const example = await readFile(path.join(projectRoot, '.env.example'), 'utf8')
  expect(example).not.toMatch(/VITE_\w*(SECRET|TOKEN|PASSWORD)/i)
})
