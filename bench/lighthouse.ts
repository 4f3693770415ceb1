/**
 * Lighthouse 12 on the production build, each run in a fresh Chromium profile, the session's
 * cookie put in it for /me (lighthouse-chromium.ts).
 *
 * Its performance score follows the machine's load: on the bench's shared 2-core machine the same
 * build scored 99/97/98 (/, /me, /explore) in one run and 86/85/81 in another the same day. So
 * the floor app (bench/floor/, served as ours: floor-server.ts) runs right after each of our
 * runs, and our score is judged against the floor's, which bears the same load.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import {
  runLighthouseCli,
  setSessionCookies,
  startChromium,
  stopChromium,
  type LighthousePreset,
} from './lighthouse-chromium'
import type { SessionCookie } from './stack'

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number]
/**
 * Below these a run lists its audits below a full score. Accessibility and best practices are
 * also the targets (their audits do not move with the machine's load); performance is judged
 * against the floor's (PERFORMANCE_BELOW_FLOOR).
 */
export const LIGHTHOUSE_TARGETS: Record<LighthouseCategory, number> = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
}
/**
 * How far our median performance may sit below the floor's, run beside it: the floor scores
 * 100 when the machine is quiet, and the aim was 98 (two points of the work a real page does
 * that the floor does not: its data, its avatar, its own chunk).
 */
export const PERFORMANCE_BELOW_FLOOR = 2
/** The floor app's page in the results (measureLighthouse's `floorUrl`). */
export const FLOOR_PAGE = 'floor'

const ReportSchema = z.object({
  lighthouseVersion: z.string(),
  finalDisplayedUrl: z.string(),
  runtimeError: z.object({ code: z.string(), message: z.string() }).optional(),
  categories: z.record(
    z.string(),
    z.object({
      score: z.number().nullable(),
      auditRefs: z.array(z.object({ id: z.string(), weight: z.number() })),
    }),
  ),
  audits: z.record(
    z.string(),
    z.object({
      title: z.string(),
      score: z.number().nullable(),
      scoreDisplayMode: z.string(),
      displayValue: z.string().optional(),
      numericValue: z.number().optional(),
      details: z.unknown().optional(),
    }),
  ),
})

export interface LighthouseRun {
  preset: LighthousePreset
  page: string
  /** Which round of the page's runs (0, 1, …): a floor run pairs with our run of its round. */
  round: number
  /** For a run of the floor: our page it ran right after. */
  after?: string
  url: string
  finalUrl: string
  scores: Record<LighthouseCategory, number | null>
  /** Audits below a full score in a category under its target, with their display values. */
  failing: Record<LighthouseCategory, string[]>
  metrics: Record<string, string>
  /** For /me: whether the page really fetched the profile (the session cookie worked). */
  fetchedProfile: boolean
}

function summarize(target: Target, report: z.infer<typeof ReportSchema>): LighthouseRun {
  const { preset, page, url } = target
  if (report.runtimeError !== undefined) {
    throw new Error(`lighthouse ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`)
  }
  const scores = {} as Record<LighthouseCategory, number | null>
  const failing = {} as Record<LighthouseCategory, string[]>
  for (const category of LIGHTHOUSE_CATEGORIES) {
    const result = report.categories[category]
    const score = result?.score == null ? null : Math.round(result.score * 100)
    scores[category] = score
    failing[category] =
      score !== null && score >= LIGHTHOUSE_TARGETS[category]
        ? []
        : (result?.auditRefs ?? [])
            .map((ref) => ({ ref, audit: report.audits[ref.id] }))
            .filter(
              ({ ref, audit }) =>
                audit !== undefined &&
                audit.score !== null &&
                audit.score < 1 &&
                (ref.weight > 0 || audit.scoreDisplayMode === 'metricSavings'),
            )
            .map(
              ({ ref, audit }) =>
                `${ref.id}: ${audit?.title ?? ''} (score ${audit?.score ?? '?'}${audit?.displayValue === undefined ? '' : `, ${audit.displayValue}`})`,
            )
  }
  const metrics: Record<string, string> = {}
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]) {
    const audit = report.audits[id]
    if (audit?.displayValue !== undefined) metrics[id] = audit.displayValue
  }
  const requests = z
    .object({ items: z.array(z.object({ url: z.string(), statusCode: z.number() })) })
    .safeParse(report.audits['network-requests']?.details)
  const fetchedProfile =
    requests.success &&
    requests.data.items.some(
      (item) => new URL(item.url).pathname === '/api/v2/user' && item.statusCode === 200,
    )
  return {
    preset,
    page,
    round: target.round,
    ...(target.after === undefined ? {} : { after: target.after }),
    url,
    finalUrl: report.finalDisplayedUrl,
    scores,
    failing,
    metrics,
    fetchedProfile,
  }
}

/** A page's runs and, per category, the median of their scores. */
export interface LighthousePage {
  preset: LighthousePreset
  page: string
  runs: LighthouseRun[]
  median: Record<LighthouseCategory, number | null>
  /** For /me: every run fetched the profile (the session cookie worked). */
  connected: boolean
  /** Runs that failed (a time-out on a loaded machine), by their error's first line. */
  errors: string[]
  /** The floor's runs, each right after one of this page's; null when no floor was given. */
  floor: FloorBeside | null
}

export interface FloorBeside {
  runs: LighthouseRun[]
  median: Record<LighthouseCategory, number | null>
  /** Per round: our performance and the floor's, run one after the other. */
  pairs: { round: number; ours: number | null; floor: number | null }[]
  /** Our median performance minus the floor's (the figure judged: PERFORMANCE_BELOW_FLOOR). */
  performanceDifference: number | null
  errors: string[]
}

export interface LighthouseResult {
  version: string
  runs: LighthouseRun[]
  pages: LighthousePage[]
}

function medianScore(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b)
  if (known.length === 0) return null
  const middle = Math.floor(known.length / 2)
  return known.length % 2 === 1
    ? (known[middle] ?? null)
    : Math.round(((known[middle - 1] ?? 0) + (known[middle] ?? 0)) / 2)
}

interface Target {
  preset: LighthousePreset
  page: string
  url: string
  sessionCookies?: readonly SessionCookie[]
  round: number
  after?: string
}

/** One Lighthouse run of a target in a fresh Chromium profile under `dir`. */
async function runOnce(target: Target, dir: string) {
  await mkdir(dir, { recursive: true })
  const browser = await startChromium(path.join(dir, 'profile'))
  try {
    if (target.sessionCookies !== undefined) {
      await setSessionCookies(browser.port, new URL(target.url).origin, target.sessionCookies)
    }
    const outputPath = path.join(dir, 'report.json')
    await runLighthouseCli(
      target.url,
      browser.port,
      outputPath,
      target.preset,
      LIGHTHOUSE_CATEGORIES,
    )
    const text = await readFile(outputPath, 'utf8')
    return { text, report: ReportSchema.parse(JSON.parse(text)) }
  } finally {
    await stopChromium(browser.process)
  }
}

/**
 * Each page with each preset `times` times, round-robin (a burst of load from elsewhere does not
 * land on one page's runs only), one run at a time, each in a fresh Chromium profile; with a
 * `floorUrl`, the floor app right after each (ours, floor, ours, floor, …), so each pair bears
 * the same load. A failed run is noted and tried once more; a page none of whose runs succeeded
 * is an error.
 */
export async function measureLighthouse(
  pages: { page: string; url: string; sessionCookies?: readonly SessionCookie[] }[],
  presets: readonly LighthousePreset[],
  options: {
    times?: number
    /** No run starts after this time (ms since the epoch): a loaded machine gets fewer runs. */
    stopAt?: number
    /** The floor app's page (floor-server.ts). */
    floorUrl?: string
  } = {},
): Promise<LighthouseResult> {
  const { times = 3, stopAt = Number.POSITIVE_INFINITY, floorUrl } = options
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-'))
  const runs: LighthouseRun[] = []
  const errors = new Map<string, string[]>()
  const keyOf = (target: Omit<Target, 'round' | 'url'>) =>
    `${target.preset} ${target.page}${target.after === undefined ? '' : ` after ${target.after}`}`
  let version = ''
  try {
    const targets = presets.flatMap((preset) => pages.map((target) => ({ preset, ...target })))
    const oneRound = targets.flatMap((target) =>
      floorUrl === undefined
        ? [target]
        : [target, { preset: target.preset, page: FLOOR_PAGE, url: floorUrl, after: target.page }],
    )
    const plan = Array.from({ length: times }, (_, round) =>
      oneRound.map((target): Target => ({ ...target, round })),
    ).flat()
    for (const [index, target] of plan.entries()) {
      if (Date.now() > stopAt) {
        console.error(`bench: lighthouse out of time after ${index} of ${plan.length} runs`)
        break
      }
      // Lighthouse's own failures (NO_NAVSTART: "Please run Lighthouse again") happen on a busy
      // machine: a failed run is noted and tried once more, so that each page keeps its runs.
      for (let attempt = 1; attempt <= 2; attempt += 1) {
        try {
          const run = await runOnce(target, path.join(workDir, `run-${index}-${attempt}`))
          // For a closer look: BENCH_LIGHTHOUSE_REPORTS=dir keeps each run's full report there.
          const keep = process.env.BENCH_LIGHTHOUSE_REPORTS
          if (keep !== undefined && keep !== '') {
            await mkdir(keep, { recursive: true })
            const slug = (page: string) => (page === '/' ? 'root' : page.replace(/\W/g, ''))
            const name = `${target.preset}-${slug(target.page)}${target.after === undefined ? '' : `-after-${slug(target.after)}`}-${target.round + 1}.json`
            await writeFile(path.join(keep, name), run.text)
          }
          version = run.report.lighthouseVersion
          runs.push(summarize(target, run.report))
          break
        } catch (error) {
          const message =
            (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''
          const key = keyOf(target)
          console.error(`bench: lighthouse ${key} run failed (attempt ${attempt} of 2): ${message}`)
          errors.set(key, [...(errors.get(key) ?? []), message.slice(0, 200)])
        }
      }
    }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
  const medians = (of: LighthouseRun[]) => {
    const median = {} as Record<LighthouseCategory, number | null>
    for (const category of LIGHTHOUSE_CATEGORIES) {
      median[category] = medianScore(of.map((run) => run.scores[category]))
    }
    return median
  }
  const byPage = presets.flatMap((preset) =>
    pages.map((target): LighthousePage => {
      const own = runs.filter((run) => run.preset === preset && run.page === target.page)
      const median = medians(own)
      const floorKey = { preset, page: FLOOR_PAGE, after: target.page }
      const floorRuns = runs.filter(
        (run) => run.preset === preset && run.page === FLOOR_PAGE && run.after === target.page,
      )
      const floorMedian = medians(floorRuns)
      const performance = (of: LighthouseRun[], round: number) =>
        of.find((run) => run.round === round)?.scores.performance ?? null
      return {
        preset,
        page: target.page,
        runs: own,
        median,
        connected: own.length > 0 && own.every((run) => run.fetchedProfile),
        errors: errors.get(keyOf({ preset, page: target.page })) ?? [],
        floor:
          floorUrl === undefined
            ? null
            : {
                runs: floorRuns,
                median: floorMedian,
                pairs: Array.from({ length: times }, (_, round) => ({
                  round,
                  ours: performance(own, round),
                  floor: performance(floorRuns, round),
                })),
                performanceDifference:
                  median.performance === null || floorMedian.performance === null
                    ? null
                    : median.performance - floorMedian.performance,
                errors: errors.get(keyOf(floorKey)) ?? [],
              },
      }
    }),
  )
  if (runs.length === 0) {
    throw new Error(
      `lighthouse: no run succeeded (${[...errors.values()][0]?.[0] ?? 'out of time'})`,
    )
  }
  return { version, runs, pages: byPage }
}
