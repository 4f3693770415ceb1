/**
 * `npm run verify:production`: proves that the built server runs from a production install.
 * Copies dist/, package.json and package-lock.json to a temporary directory, installs with
 * `npm ci --omit=dev`, starts `node dist/server.js` on free ports, and checks /healthz, /readyz
 * and the app's page, and that no development package (Vite, esbuild, tsx) was installed, nor
 * any package only the web app imports (React and the rest: Vite bundled them into dist/assets;
 * scripts/production-deps.ts, docs/decisions/0001-dependencies.md). Prints the size of the
 * installed node_modules. Run `npm run build` first.
 */
import { execFileSync } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { freePort } from '../src/proxy/store/redis-process'
import { browserOnlyPackages, bundleImports, directoryBytes } from './production-deps'
import { startProcess, waitForHttp } from './cluster/processes'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const LockSchema = z.looseObject({
  packages: z.record(z.string(), z.looseObject({ dev: z.boolean().optional() })),
})

const dir = await mkdtemp(path.join(tmpdir(), 'production-install-'))
try {
  if (!existsSync(path.join(projectRoot, 'dist/server.js'))) {
    throw new Error('dist/server.js is missing: run `npm run build` first.')
  }
  await cp(path.join(projectRoot, 'dist'), path.join(dir, 'dist'), { recursive: true })
  await cp(path.join(projectRoot, 'package.json'), path.join(dir, 'package.json'))
  // Only the production part of the lock: `npm ci` checks the whole lock against package.json,
  // and platform-specific optional packages of development tools can be missing from it.
  const lock = LockSchema.parse(
    JSON.parse(await readFile(path.join(projectRoot, 'package-lock.json'), 'utf8')),
  )
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).filter(([, entry]) => entry.dev !== true),
  )
  const root = lock.packages['']
  if (root !== undefined) delete root.devDependencies
  await writeFile(path.join(dir, 'package-lock.json'), JSON.stringify(lock, null, 2))
  const manifest = z
    .looseObject({})
    .parse(JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')))
  delete manifest.devDependencies
  await writeFile(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2))

  execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: 'inherit',
  })
  for (const devOnly of ['vite', 'esbuild', 'tsx', 'vitest']) {
    if (existsSync(path.join(dir, 'node_modules', devOnly)))
      throw new Error(`${devOnly} was installed`)
  }
  const bundles = await Promise.all(
    ['server.js', 'emulator.js'].map(async (file) =>
      bundleImports(await readFile(path.join(dir, 'dist', file), 'utf8')),
    ),
  )
  const browserOnly = browserOnlyPackages(projectRoot, bundles)
  if (browserOnly.length === 0) throw new Error('found no package that only src/web imports')
  const installedBrowserOnly = browserOnly.filter((name) =>
    existsSync(path.join(dir, 'node_modules', name)),
  )
  const packages = Object.keys(lock.packages).filter(
    (key) => key.startsWith('node_modules/') && existsSync(path.join(dir, key)),
  )
  const megabytes = (await directoryBytes(path.join(dir, 'node_modules'))) / 1e6
  console.log(
    `The production install: ${packages.length} packages, ${megabytes.toFixed(1)} MB in node_modules.`,
  )
  if (installedBrowserOnly.length > 0) {
    throw new Error(
      `the production install holds packages only the web app imports (${installedBrowserOnly.join(', ')}): move them to devDependencies (docs/decisions/0001-dependencies.md)`,
    )
  }

  const [port, emulatorPort] = [await freePort(), await freePort()]
  const server = startProcess('server', process.execPath, [path.join(dir, 'dist/server.js')], {
    env: {
      APP_ORIGIN: `http://localhost:${port}`,
      EMULATOR_PORT: String(emulatorPort),
      SESSION_SECRET: 'verify-production-session-secret-012345',
      LOG_FORMAT: 'json',
    },
  })
  const base = `http://127.0.0.1:${port}`
  const checked = (async () => {
    await waitForHttp(`${base}/healthz`, server)
    await waitForHttp(`${base}/readyz`, server)
    const page = await fetch(`${base}/`)
    const html = await page.text()
    if (page.status !== 200 || !html.includes('<div id="root">')) {
      throw new Error(`GET / answered ${page.status}: ${html.slice(0, 200)}`)
    }
  })()
  const outcome = await checked.then(
    () => null,
    (error: unknown) => error,
  )
  const code = await server.stop()
  if (outcome !== null) throw outcome
  if (code !== 0) throw new Error(`the server exited with ${code}:\n${server.output()}`)
  console.log(`The production install runs: ${base}/healthz, /readyz and / answered 200.`)
} finally {
  await rm(dir, { recursive: true, force: true })
}
