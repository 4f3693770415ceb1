/**
 * The bundle budget (bench/bundle.ts), enforced on every `npm test`: bytes are deterministic, so a heavy
 * dependency cannot slip into the web app unnoticed. Builds the app and the floor afresh into
 * temporary directories (a stale dist/ proves nothing); `npm run bench` reports the same figures.
 */
import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connectedHintCookieName } from '../src/proxy/auth/session'
import { loadConfig } from '../src/proxy/config'
import { CALLBACK_EARLY_ENTRY, PAGE_ROUTES } from '../src/proxy/shell/page-modules'
import { MANIFEST_PATH } from '../src/proxy/shell/page-preload'
import { createWebApp } from '../src/proxy/shell/web-app'
import { BUNDLE_BUDGET, KB, measureBundles, type BundleReport } from './bundle'
import { initialAssets } from './bundle-measure'
import { chineseChunks, isChineseModule, readChunkModules } from './chunk-modules'

let report: BundleReport
let appDir = ''
let floorDir = ''
/** The build's scripts, `assets/<file>` → code: read once, for the tests of their text. */
const scripts = new Map<string, string>()

beforeAll(async () => {
  const measured = await measureBundles({ keepBuilds: true })
  report = measured.report
  appDir = measured.appDir ?? ''
  floorDir = measured.floorDir ?? ''
  const assets = path.join(appDir, 'assets')
  for (const file of (await readdir(assets)).filter((name) => name.endsWith('.js'))) {
    scripts.set(`assets/${file}`, await readFile(path.join(assets, file), 'utf8'))
  }
}, 120_000)

afterAll(async () => {
  for (const dir of [appDir, floorDir])
    if (dir !== '') await rm(dir, { recursive: true, force: true })
})

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`

test('the floor is a real React, TanStack Query and React Router build', () => {
  // Guards the comparison itself: a floor built in development mode or without its libraries
  // would make any app look light or heavy.
  expect(report.floor.firstLoad.total.gzip).toBeGreaterThan(80 * KB)
  expect(report.floor.firstLoad.total.gzip).toBeLessThan(160 * KB)
})

test('the first load of / stays within the floor plus its budget (bench/bundle.ts)', () => {
  const { gzip, limit } = report.checks.firstLoad
  expect(
    gzip,
    `first load ${kb(gzip)} gzip; floor ${kb(report.floor.firstLoad.total.gzip)} + ${kb(BUNDLE_BUDGET.firstLoadOverFloor)} = ${kb(limit)}; over by ${kb(gzip - limit)} (${report.app.firstLoad.js.map((file) => `${file.file} ${kb(file.gzip)}`).join(', ')})`,
  ).toBeLessThanOrEqual(limit)
})

test('what every page loads as its first request leaves stays within its budget (bench/bundle.ts)', () => {
  const { gzip, limit } = report.checks.firstRequest
  // Not empty: were the checks back in the first load, the first-load test above says so.
  expect(report.app.firstRequest.js.length).toBeGreaterThan(0)
  expect(
    gzip,
    `first request ${kb(gzip)} gzip (${report.app.firstRequest.js.map((file) => `${file.file} ${kb(file.gzip)}`).join(', ')}), limit ${kb(limit)}`,
  ).toBeLessThanOrEqual(limit)
})

test('each lazy route adds at most the route budget (bench/bundle.ts) of JavaScript', () => {
  expect(report.checks.routes.length).toBeGreaterThan(0)
  const over = report.checks.routes
    .filter((route) => !route.pass)
    .map((route) => `${route.module}: ${kb(route.gzip)}`)
  expect(over, `routes over ${kb(BUNDLE_BUDGET.routeChunk)} gzip`).toEqual([])
})

test('all CSS together stays within its budget (bench/bundle.ts)', () => {
  const { gzip, limit } = report.checks.css
  expect(gzip, `CSS ${kb(gzip)} gzip, limit ${kb(limit)}`).toBeLessThanOrEqual(limit)
})

test('index.html preloads every static import of the entry chunk', () => {
  // Otherwise the first load would be a request waterfall, and the figures above incomplete.
  expect(report.app.unlistedStaticImports).toEqual([])
})

test('the callback’s early script shares no chunk with the first load or the first request', () => {
  // A module script runs once its imports have run: a chunk of the first load (376 kB) or of the
  // first request (zod) among the early script's imports would make the browser fetch and run it
  // first, and the code exchange would leave no earlier than the app's own
  // (src/web/callback/early-exchange.ts).
  const early = report.app.otherEntries.find((entry) => entry.module === CALLBACK_EARLY_ENTRY)
  expect(early, 'the build has the early script as an entry (vite.config.ts)').toBeDefined()
  expect(early?.sharedWithFirstLoad).toEqual([])
  expect(early?.sharedWithFirstRequest).toEqual([])
  expect(report.app.otherEntries.map((entry) => entry.module)).toEqual([CALLBACK_EARLY_ENTRY])
})

test('the first load’s chunk, and it alone, asks V8 to compile all its functions at once', () => {
  // scripts/build/compile-hints.ts: the magic comment must open the file (v8.dev/blog/explicit-
  // compile-hints); a lazy chunk with it would be compiled whole, most of it for nothing.
  const hint = '//# allFunctionsCalledOnLoad\n'
  const firstLoad = new Set(report.app.firstLoad.js.map((file) => file.file))
  expect(firstLoad.size).toBeGreaterThan(0)
  for (const [file, code] of scripts) expect(code.startsWith(hint), file).toBe(firstLoad.has(file))
})

test('ships React Router’s production build: none of its development warnings', () => {
  // scripts/react-router-production.ts: the package's exports name only its development build,
  // whose warnings build their text on every render of a route. Two of that build's own strings.
  const developmentOnly = ['You rendered descendant <Routes>', 'Hey developer']
  expect(scripts.size).toBeGreaterThan(0)
  for (const [file, code] of scripts) {
    for (const text of developmentOnly) expect(code.includes(text), `${file}: ${text}`).toBe(false)
  }
})

/** Every string of the Chinese catalog with Han characters in it (its functions' text aside). */
function chineseStrings(value: unknown): string[] {
  if (typeof value === 'string') return /\p{Script=Han}/u.test(value) ? [value] : []
  if (typeof value !== 'object' || value === null) return []
  return Object.values(value).flatMap(chineseStrings)
}

test('the Chinese catalogs’ chunks hold their modules and nothing else (chunk-modules.ts names them)', async () => {
  // What the next test takes for Chinese: were the names wrong, it would find nothing to refuse.
  const chunks = await readChunkModules(appDir)
  const manifest = JSON.parse(await readFile(path.join(appDir, MANIFEST_PATH), 'utf8')) as Record<
    string,
    { file: string }
  >
  // The catalog, and the flow lab's Chinese, which loads with its page (src/web/i18n/lab.zh.ts).
  const zhChunks = ['src/web/i18n/zh.ts', 'src/web/i18n/lab.zh.ts'].map(
    (module) => manifest[module]?.file ?? '',
  )
  expect(chunks[zhChunks[0] ?? '']?.length ?? 0).toBeGreaterThan(10)
  expect(chunks[zhChunks[1] ?? '']?.length ?? 0).toBeGreaterThan(3)
  for (const chunk of zhChunks)
    expect(chunks[chunk]?.filter((module) => !isChineseModule(module))).toEqual([])
  expect([...chineseChunks(chunks)].sort()).toEqual([...zhChunks].sort())
})

test('an English page loads no Chinese: what its shell announces, and what that imports, holds none of the Chinese catalog', async () => {
  // The chunks an English shell names (its script, its preloads:
  // src/proxy/shell/page-preload.ts) and their static imports: a Chinese module there, or a
  // module with the catalog's text (the scopes' Chinese table once sat beside the English in one
  // module), would be downloaded by every English visitor (docs/decisions/0009-i18n.md).
  const chunks = await readChunkModules(appDir)
  const chinese = chineseChunks(chunks)
  // Imported once the build is done: the build renders the pages' heads with React in production
  // mode (scripts/page-heads/), and the catalog's modules would load React's development build.
  const { zhCatalogs } = await import('../src/web/i18n/zh')
  const { zhLabCatalogs } = await import('../src/web/i18n/lab.zh')
  const texts = [...new Set(chineseStrings([zhCatalogs, zhLabCatalogs]))]
  expect(texts.length).toBeGreaterThan(100)
  const manifest = JSON.parse(await readFile(path.join(appDir, MANIFEST_PATH), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >
  const byFile = new Map(Object.values(manifest).map((entry) => [entry.file, entry]))
  const config = loadConfig({ SESSION_SECRET: 'x'.repeat(32) })
  const web = createWebApp({ root: appDir, config })
  const hint = connectedHintCookieName(config.isSecure)
  const pages = PAGE_ROUTES.map((route) =>
    route.path.replace('/:key?', '/alice').replace('*', 'nope'),
  )
  for (const page of pages) {
    for (const cookie of ['', `${hint}=1`]) {
      const response = await web.request(page, {
        headers: {
          'Accept-Language': 'en-US,en;q=0.9',
          'Accept-Encoding': 'identity',
          Cookie: cookie,
        },
      })
      const loaded = new Set<string>()
      const pending = initialAssets(await response.text()).js
      for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
        if (loaded.has(file)) continue
        loaded.add(file)
        for (const key of byFile.get(file)?.imports ?? []) {
          const imported = manifest[key]?.file
          if (imported !== undefined) pending.push(imported)
        }
      }
      const where = `${page}${cookie === '' ? '' : ' (connected)'}`
      expect(loaded.size, where).toBeGreaterThan(1)
      for (const file of loaded) {
        expect(chinese.has(file), `${where}: ${file} holds the Chinese catalog`).toBe(false)
        const code = scripts.get(file) ?? ''
        // As a string of its own: a word of the catalog may be a word of the service's own
        // Chinese text, which the explorer shows in both languages (its parameters' notes).
        const found = texts.filter((text) =>
          ['`', "'", '"'].some((q) => code.includes(q + text + q)),
        )
        expect(found, `${where}: ${file} holds the Chinese catalog’s text`).toEqual([])
      }
    }
  }
})
