/**
 * The bundle budget (bench/bundle.ts), enforced on every `npm test`: bytes are deterministic, so a heavy
 * dependency cannot slip into the web app unnoticed. Builds the app and the floor afresh into
 * temporary directories (a stale dist/ proves nothing); `npm run bench` reports the same figures.
 */
import { beforeAll, expect, test } from 'vitest'
import { CALLBACK_EARLY_ENTRY } from '../src/protocol/page-modules'
import { BUNDLE_BUDGET, KB, measureBundles, type BundleReport } from './bundle'

let report: BundleReport

beforeAll(async () => {
  report = (await measureBundles()).report
}, 120_000)

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

test('all CSS together stays within 10 kB gzip', () => {
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
