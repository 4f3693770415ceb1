/**
 * Lighthouse 12 on the production build. We start Chromium ourselves (the found Chromium, the
 * e2e flags plus --headless=new and --no-sandbox, a throwaway profile) with a DevTools port,
 * put the session cookie in its profile for /me, and run Lighthouse's CLI in a child process
 * against that port, so its trace processing does not share the servers' event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { z } from 'zod'
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/browser'
import type { SessionCookie } from './stack'

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number]
export const LIGHTHOUSE_TARGETS: Record<LighthouseCategory, number> = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
}
const RUN_TIMEOUT_MS = 120_000

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
  url: string
  finalUrl: string
  scores: Record<LighthouseCategory, number | null>
  /** Audits below a full score in a category under its target, with their display values. */
  failing: Record<LighthouseCategory, string[]>
  metrics: Record<string, string>
  /** For /me: whether the page really fetched the profile (the session cookie worked). */
  fetchedProfile: boolean
}

async function startChromium(profileDir: string): Promise<{ port: number; process: ChildProcess }> {
  const { executablePath, found } = findChromium()
  const binary = executablePath ?? chromium.executablePath()
  if (!found) throw new Error(`no Chromium at ${binary}`)
  const flags = new Set([
    ...CHROMIUM_ARGS,
    '--headless=new',
    '--no-sandbox',
    '--remote-debugging-port=0',
    '--remote-debugging-address=127.0.0.1',
    `--user-data-dir=${profileDir}`,
    'about:blank',
  ])
  const child = spawn(binary, [...flags], { stdio: ['ignore', 'ignore', 'pipe'] })
  const port = await new Promise<number>((resolve, reject) => {
    let stderr = ''
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${stderr}`)), 20_000)
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr)
      if (match?.[1] !== undefined) {
        clearTimeout(timer)
        resolve(Number(match[1]))
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Chromium exited with ${code}: ${stderr}`))
    })
  })
  return { port, process: child }
}

async function stopChromium(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}

async function setSessionCookies(
  port: number,
  origin: string,
  cookies: readonly SessionCookie[],
): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0]
    if (context === undefined) throw new Error('Chromium has no default context')
    await context.addCookies(
      cookies.map((cookie) => ({ ...cookie, url: origin, sameSite: 'Strict' as const })),
    )
  } finally {
    // Disconnects; the browser started above keeps running.
    await browser.close()
  }
}

export type LighthousePreset = 'mobile' | 'desktop'

async function runLighthouseCli(
  url: string,
  port: number,
  outputPath: string,
  preset: LighthousePreset,
): Promise<void> {
  const cli = createRequire(import.meta.url).resolve('lighthouse/cli/index.js')
  const child = spawn(
    process.execPath,
    [
      cli,
      url,
      `--port=${port}`,
      '--output=json',
      `--output-path=${outputPath}`,
      `--only-categories=${LIGHTHOUSE_CATEGORIES.join(',')}`,
      '--quiet',
      // Mobile (a mid-range phone on slow 4G, simulated) is Lighthouse's default.
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const killer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS)
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  clearTimeout(killer)
  if (code !== 0) throw new Error(`lighthouse ${url} exited with ${code}: ${stderr.slice(-2000)}`)
}

function summarize(
  preset: LighthousePreset,
  page: string,
  url: string,
  report: z.infer<typeof ReportSchema>,
): LighthouseRun {
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

/** One Lighthouse run of a target in a fresh Chromium profile under `dir`. */
async function runOnce(
  target: { preset: LighthousePreset; url: string; sessionCookies?: readonly SessionCookie[] },
  dir: string,
) {
  await mkdir(dir, { recursive: true })
  const browser = await startChromium(path.join(dir, 'profile'))
  try {
    if (target.sessionCookies !== undefined) {
      await setSessionCookies(browser.port, new URL(target.url).origin, target.sessionCookies)
    }
    const outputPath = path.join(dir, 'report.json')
    await runLighthouseCli(target.url, browser.port, outputPath, target.preset)
    const text = await readFile(outputPath, 'utf8')
    return { text, report: ReportSchema.parse(JSON.parse(text)) }
  } finally {
    await stopChromium(browser.process)
  }
}

/**
 * Each page with each preset `times` times, round-robin (a burst of load from elsewhere does not
 * land on one page's runs only), one run at a time, each in a fresh Chromium profile. A failed
 * run is noted and tried once more; a page none of whose runs succeeded is an error.
 */
export async function measureLighthouse(
  pages: { page: string; url: string; sessionCookies?: readonly SessionCookie[] }[],
  presets: readonly LighthousePreset[],
  times = 3,
  /** No run starts after this time (ms since the epoch): a loaded machine gets fewer runs. */
  stopAt = Number.POSITIVE_INFINITY,
): Promise<LighthouseResult> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-'))
  const runs: LighthouseRun[] = []
  const errors = new Map<string, string[]>()
  const keyOf = (preset: string, page: string) => `${preset} ${page}`
  let version = ''
  try {
    const targets = presets.flatMap((preset) => pages.map((target) => ({ preset, ...target })))
    const plan = Array.from({ length: times }, () => targets).flat()
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
            const name = `${target.preset}-${target.page === '/' ? 'root' : target.page.replace(/\W/g, '')}-${Math.floor(index / targets.length) + 1}.json`
            await writeFile(path.join(keep, name), run.text)
          }
          version = run.report.lighthouseVersion
          runs.push(summarize(target.preset, target.page, target.url, run.report))
          break
        } catch (error) {
          const message =
            (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''
          console.error(
            `bench: lighthouse ${target.preset} ${target.page} run failed (attempt ${attempt} of 2): ${message}`,
          )
          const key = keyOf(target.preset, target.page)
          errors.set(key, [...(errors.get(key) ?? []), message.slice(0, 200)])
        }
      }
    }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
  const byPage = presets.flatMap((preset) =>
    pages.map((target) => {
      const own = runs.filter((run) => run.preset === preset && run.page === target.page)
      const median = {} as Record<LighthouseCategory, number | null>
      for (const category of LIGHTHOUSE_CATEGORIES) {
        median[category] = medianScore(own.map((run) => run.scores[category]))
      }
      return {
        preset,
        page: target.page,
        runs: own,
        median,
        connected: own.length > 0 && own.every((run) => run.fetchedProfile),
        errors: errors.get(keyOf(preset, target.page)) ?? [],
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
