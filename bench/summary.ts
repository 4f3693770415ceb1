/**
 * The benchmark's one table (bench/run.ts prints it, bench/results/latest.md starts with it):
 * each figure, what it was measured beside in the same run, its target, and whether it is met.
 * Every judged figure is a ratio or a difference against a neighbour measured in this run: on a
 * shared machine an absolute time says more about the neighbours than about the app.
 */
import { DISTANT_SERVICE_DELAY_MS, median } from './browser'
import { BUNDLE_BUDGET, KB } from './bundle'
import type { BenchResults } from './report'
import {
  LIGHTHOUSE_CATEGORIES,
  LIGHTHOUSE_TARGETS,
  PERFORMANCE_BELOW_FLOOR,
  type LighthousePage,
} from './lighthouse'
import { downloadRows } from './page-downloads-report'
import { cpuMicros, roundRatio, type LoadResult } from './proxy-load'

/**
 * Our proxy's throughput against the floor's (a minimal node:http forwarder): every API call
 * goes one path, the checks included (docs/decisions/0012-one-api-path.md).
 */
export const PROXY_TARGET = 0.9
/** CPU our proxy spends per forwarded call beyond the service's own, in µs. */
export const PROXY_CPU_TARGET_MICROS = 80
/** Login round trip against a warm load of /me. */
export const LOGIN_TARGET = 2
/**
 * The first load's goal over the floor. The CI budget (bundle.ts, BUNDLE_BUDGET) is the ceiling
 * that must never be crossed; this is where the performance work aims, judged here only.
 */
export const FIRST_LOAD_TARGET_OVER_FLOOR = 15 * KB

export interface SummaryRow {
  figure: string
  measured: string
  reference: string
  target: string
  /** true met, false missed, null shown for context only. */
  met: boolean | null
  /** By how much, when missed. */
  note?: string
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`
const ms = (value: number) => `${value.toFixed(0)} ms`
const ratio = (value: number) => `${value.toFixed(2)}×`
const micros = (value: number) => `${value.toFixed(0)} µs`

function notMeasured(figure: string, error: string): SummaryRow {
  if (error.startsWith('skipped')) {
    return { figure, measured: 'skipped', reference: '—', target: '—', met: null }
  }
  return {
    figure,
    measured: '—',
    reference: '—',
    target: '—',
    met: false,
    note: `not measured: ${error}`,
  }
}

function bundleRows({ bundle }: BenchResults): SummaryRow[] {
  if (!bundle.ok) return [notMeasured('First-load JS + CSS of `/` (gzip)', bundle.error)]
  const { checks, floor } = bundle.value
  const first = checks.firstLoad
  const over = first.gzip - floor.firstLoad.total.gzip
  const largest = [...checks.routes].sort((a, b) => b.gzip - a.gzip)[0]
  const heavy = checks.routes.filter((route) => !route.pass)
  return [
    {
      figure: 'First-load JS + CSS of `/` (gzip), over the floor (bare React + Query + Router)',
      measured: `+${kb(over)} (${kb(first.gzip)})`,
      reference: `floor ${kb(floor.firstLoad.total.gzip)}; CI budget +${kb(BUNDLE_BUDGET.firstLoadOverFloor)} ${first.pass ? 'kept' : 'CROSSED'}`,
      target: `≤ +${kb(FIRST_LOAD_TARGET_OVER_FLOOR)}`,
      met: over <= FIRST_LOAD_TARGET_OVER_FLOOR && first.pass,
      note: `by ${kb(over - FIRST_LOAD_TARGET_OVER_FLOOR)}`,
    },
    {
      figure: 'Loaded as the first request leaves, on every page (zod, the session schema), gzip',
      measured: kb(checks.firstRequest.gzip),
      reference: `first load + this: ${kb(first.gzip + checks.firstRequest.gzip)}`,
      target: `≤ ${kb(checks.firstRequest.limit)}`,
      met: checks.firstRequest.pass,
      note: `by ${kb(checks.firstRequest.gzip - checks.firstRequest.limit)}`,
    },
    ...(largest === undefined
      ? []
      : [
          {
            figure: `Largest lazy route (JS it adds, gzip), of ${checks.routes.length}`,
            measured: `${kb(largest.gzip)} (${largest.module.replace(/^src\/web\//, '').replace(/\.tsx?$/, '')})`,
            reference: '—',
            target: `each ≤ ${kb(BUNDLE_BUDGET.routeChunk)}`,
            met: heavy.length === 0,
            note: heavy.map((route) => route.module).join(', '),
          },
        ]),
    {
      figure: 'All CSS (gzip)',
      measured: kb(checks.css.gzip),
      reference: '—',
      target: `≤ ${kb(checks.css.limit)}`,
      met: checks.css.pass,
      note: `by ${kb(checks.css.gzip - checks.css.limit)}`,
    },
  ]
}

function proxyRows({ proxy }: BenchResults): SummaryRow[] {
  if (!proxy.ok) return [notMeasured('Proxy throughput and CPU', proxy.error)]
  const by = (name: LoadResult['name']) => proxy.value.find((result) => result.name === name)
  const [direct, ours, traced, floor] = [by('direct'), by('proxy'), by('traced'), by('floor')]
  if (!direct || !ours || !floor) return [notMeasured('Proxy throughput', 'a target is missing')]
  const overFloor = roundRatio(ours, floor)
  const cpu = cpuMicros(ours)
  const floorCpu = cpuMicros(floor)
  const rows: SummaryRow[] = [
    {
      figure: '`GET /api/v2/user` throughput, our proxy / the floor (a raw node:http forwarder)',
      measured: `${ratio(overFloor)} (${ours.requestsPerSecond.toFixed(0)} req/s)`,
      reference: `floor ${floor.requestsPerSecond.toFixed(0)} req/s`,
      target: `≥ ${ratio(PROXY_TARGET)}`,
      met: overFloor >= PROXY_TARGET,
      note: `by ${ratio(PROXY_TARGET - overFloor)}`,
    },
    {
      figure: 'Proxy CPU per forwarded call (its own process; the emulator runs in another)',
      measured: `${micros(cpu)} (${ratio(cpu / floorCpu)} the floor’s)`,
      reference: `floor ${micros(floorCpu)}; the emulator per call ${micros(cpuMicros(direct))}`,
      target: `≤ ${micros(PROXY_CPU_TARGET_MICROS)}`,
      met: cpu <= PROXY_CPU_TARGET_MICROS,
      note: `by ${micros(cpu - PROXY_CPU_TARGET_MICROS)}`,
    },
  ]
  if (traced) {
    rows.push({
      figure: 'Throughput with the flow trace asked for (inspector open) / without',
      measured: ratio(roundRatio(traced, ours)),
      reference: `CPU ${micros(cpuMicros(traced))} per call`,
      target: '—',
      met: null,
    })
  }
  return rows
}

function browserRows({ login, tour }: BenchResults): SummaryRow[] {
  const rows: SummaryRow[] = []
  if (login.ok) {
    const { loginMedianMs, warmMedianMs, loginMs } = login.value
    const value = loginMedianMs / warmMedianMs
    const floor = median(login.value.floorMs)
    rows.push({
      figure: `Login round trip (Authorize → profile name) / warm \`/me\` load, medians of ${loginMs.length}`,
      measured: `${ratio(value)} (${ms(loginMedianMs)})`,
      reference: `warm /me ${ms(warmMedianMs)}`,
      target: `≤ ${ratio(LOGIN_TARGET)}`,
      met: value <= LOGIN_TARGET,
      note: `needs ≤ ${ms(LOGIN_TARGET * warmMedianMs)}; its floor, below, took ${ms(floor)}`,
    })
    rows.push({
      figure:
        '… its floor: on the consent page, a link straight to `/me` in a connected context (no form, callback or exchange; still a page from another site, in a new renderer) / warm `/me`',
      measured: `${ratio(floor / warmMedianMs)} (${ms(floor)})`,
      reference: `login / floor ${ratio(loginMedianMs / floor)}`,
      target: '—',
      met: null,
    })
    const newTab = median(login.value.newTabMs)
    rows.push({
      figure:
        '… / a warm `/me` in a new tab (the cache as warm, in a renderer that has not run the app, as the callback’s has not)',
      measured: ratio(loginMedianMs / newTab),
      reference: `new tab ${ms(newTab)}`,
      target: '—',
      met: null,
    })
    const sameRenderer = median(login.value.sameRendererLoginMs)
    const { sameRendererSkipped } = login.value
    if (Number.isFinite(sameRenderer) || sameRendererSkipped !== null) {
      rows.push({
        figure:
          '… the callback in the renderer that ran the connect page (Chromium `--process-per-site`, back/forward cache on) / warm `/me`',
        measured: Number.isFinite(sameRenderer)
          ? `${ratio(sameRenderer / warmMedianMs)} (${ms(sameRenderer)})`
          : '—',
        reference: `login on loopback ${ms(loginMedianMs)}`,
        target: '—',
        met: null,
        ...(sameRendererSkipped === null ? {} : { note: `not measured: ${sameRendererSkipped}` }),
      })
    }
    const distant = median(login.value.distantLoginMs)
    rows.push({
      figure: `… with the service ${DISTANT_SERVICE_DELAY_MS} ms away (its token and profile answers delayed by the emulator) / warm \`/me\``,
      measured: `${ratio(distant / warmMedianMs)} (${ms(distant)})`,
      reference: `login on loopback ${ms(loginMedianMs)}`,
      target: '—',
      met: null,
    })
  } else rows.push(notMeasured('Login round trip', login.error))
  if (tour.ok) {
    const { requests, minimum, duplicates, profileLoad } = tour.value
    rows.push({
      figure: 'Requests to `/api/` and `/auth/` in the tour',
      measured: String(requests.length),
      reference: `minimum ${minimum.length}`,
      target: '= minimum, no duplicate',
      met: requests.length <= minimum.length && duplicates.length === 0,
      note: duplicates.join('; '),
    })
    rows.push({
      figure: 'Profile page: each request waits only for the data it needs',
      measured: profileLoad.isParallel ? 'parallel' : 'waterfall',
      reference: '—',
      target: 'parallel',
      met: profileLoad.isParallel,
      note: profileLoad.waterfall.join('; '),
    })
  } else rows.push(notMeasured('Query tour', tour.error))
  return rows
}

/**
 * A page's Lighthouse scores against the floor app's, run right after each of ours: performance
 * as the difference of the medians, the other categories (which no load moves) as they are.
 */
/** A difference of scores with its sign: +1, 0, −2. */
export const signed = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0')

export function againstFloor(page: LighthousePage): SummaryRow | null {
  const { floor } = page
  if (floor === null) return null
  const difference = floor.performanceDifference
  const others = LIGHTHOUSE_CATEGORIES.filter((category) => category !== 'performance')
  const misses = others.filter(
    (category) => (page.median[category] ?? 0) < LIGHTHOUSE_TARGETS[category],
  )
  const performanceMet = difference !== null && difference >= -PERFORMANCE_BELOW_FLOOR
  return {
    figure: `Lighthouse ${page.preset} \`${page.page}\`${page.page === '/me' ? (page.connected ? ' (connected)' : ' (NOT connected)') : ''}: performance against the floor’s (the bare app, run right after each of ours), medians of ${page.runs.length} and ${floor.runs.length}; a11y / best practices`,
    measured: `${difference === null ? '—' : signed(difference)} (${page.median.performance ?? '—'} vs ${floor.median.performance ?? '—'}); ${others.map((category) => page.median[category] ?? '—').join(' / ')}`,
    reference: `per run, ours–floor: ${floor.pairs.map((pair) => `${pair.ours ?? '—'}–${pair.floor ?? '—'}`).join(', ')}; the floor’s a11y / best practices ${others.map((category) => floor.median[category] ?? '—').join(' / ')}`,
    target: `≥ −${PERFORMANCE_BELOW_FLOOR}; ${others.map((category) => `≥ ${LIGHTHOUSE_TARGETS[category]}`).join(' / ')}`,
    met: performanceMet && misses.length === 0,
    note: [
      ...(performanceMet
        ? []
        : [
            difference === null
              ? 'the floor or ours has no score'
              : `performance by ${-PERFORMANCE_BELOW_FLOOR - difference}`,
          ]),
      ...misses.map(
        (category) =>
          `${category} by ${LIGHTHOUSE_TARGETS[category] - (page.median[category] ?? 0)}`,
      ),
    ].join(', '),
  }
}

function lighthouseRows({ lighthouse }: BenchResults): SummaryRow[] {
  if (!lighthouse.ok) return [notMeasured('Lighthouse', lighthouse.error)]
  return lighthouse.value.pages.map((page): SummaryRow => {
    if (page.runs.length === 0) {
      return notMeasured(
        `Lighthouse ${page.preset} \`${page.page}\``,
        page.errors[0] ?? 'no run in the time left',
      )
    }
    const beside = againstFloor(page)
    if (beside !== null) return beside
    const misses = LIGHTHOUSE_CATEGORIES.filter(
      (category) => (page.median[category] ?? 0) < LIGHTHOUSE_TARGETS[category],
    )
    return {
      figure: `Lighthouse ${page.preset} \`${page.page}\`${page.page === '/me' ? (page.connected ? ' (connected)' : ' (NOT connected)') : ''}: performance / a11y / best practices, median of ${page.runs.length}`,
      measured: LIGHTHOUSE_CATEGORIES.map((category) => page.median[category] ?? '—').join(' / '),
      reference: `performance per run ${page.runs.map((run) => run.scores.performance ?? '—').join(', ')}`,
      target: LIGHTHOUSE_CATEGORIES.map((category) => `≥ ${LIGHTHOUSE_TARGETS[category]}`).join(
        ' / ',
      ),
      met: misses.length === 0,
      note: misses
        .map(
          (category) =>
            `${category} by ${LIGHTHOUSE_TARGETS[category] - (page.median[category] ?? 0)}`,
        )
        .join(', '),
    }
  })
}

export function summaryRows(results: BenchResults): SummaryRow[] {
  const bundle = bundleRows(results)
  return [
    ...proxyRows(results),
    ...browserRows(results),
    ...lighthouseRows(results),
    // What the browser downloads right after the build's first-load figure, beside it.
    ...bundle.slice(0, 1),
    ...downloadRows(results),
    ...bundle.slice(1),
  ]
}

/** The one table, as Markdown (the terminal prints it as it is). */
export function summaryTable(results: BenchResults): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  const head = ['figure', 'measured', 'beside it, same run', 'target', 'verdict']
  return [
    line(head),
    line(head.map(() => '---')),
    ...summaryRows(results).map((row) =>
      line([
        row.figure,
        row.measured,
        row.reference,
        row.target,
        `${row.met === null ? 'info' : row.met ? 'met' : 'missed'}${
          row.met === true || row.note === undefined || row.note === '' ? '' : ` (${row.note})`
        }`,
      ]),
    ),
  ].join('\n')
}
