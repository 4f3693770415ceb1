/**
 * `npm run bench` (bench/run.ts): bundle, proxy overhead, login round trip, query efficiency,
 * what a browser downloads per page and Lighthouse, each beside a floor measured in the same
 * run, written to bench/results/latest.md and latest.json. The machine may be noisy: the report
 * compares ratios from this one run.
 * Bounded: every load run has a fixed duration, every browser step a time-out, and the whole
 * run a deadline; everything it starts (servers, Chromium, child processes) it stops.
 */
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Browser } from '@playwright/test'
import { projectRoot, type BundleReport, type measureBundles } from './bundle'
import { launchChromium, measureLoginRoundTrip, median } from './browser'
import { startFloorServer } from './floor-server'
import { measureTour } from './tour'
import { measureLighthouse } from './lighthouse'
import { measurePageDownloads } from './page-downloads'
import { startForwardersApart } from './forwarders'
import { LOAD, measureLoad, type LoadResult } from './proxy-load'
import { renderMarkdown, type BenchResults, type Section } from './report'
import { connectThroughProxy, cookieHeader, startBenchStack, tokenFromEmulator } from './stack'
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../src/protocol/playground-api'
import { TRACE_REQUEST_HEADER, TRACE_REQUEST_VALUE } from '../src/protocol/trace-request'
import { summaryTable } from './summary'

const DEADLINE_MS = 15 * 60_000
const resultsDir = path.join(projectRoot, 'bench', 'results')

/**
 * `npm run bench -- --only=proxy,lighthouse` measures some parts only (the bundle, which builds
 * the app, always runs) and writes bench/results/partial.md and .json, leaving latest.* alone.
 */
const PARTS = ['proxy', 'login', 'tour', 'downloads', 'lighthouse'] as const
type Part = (typeof PARTS)[number]
function selectedParts(argv: readonly string[]): ReadonlySet<Part> {
  const only = argv.find((arg) => arg.startsWith('--only='))
  if (only === undefined) return new Set(PARTS)
  const names = only.slice('--only='.length).split(',')
  const unknown = names.filter((name) => !(PARTS as readonly string[]).includes(name))
  if (unknown.length > 0) {
    throw new Error(`--only: unknown part ${unknown.join(', ')} (parts: ${PARTS.join(', ')})`)
  }
  return new Set(names as Part[])
}
const parts = selectedParts(process.argv.slice(2))
const isPartial = parts.size < PARTS.length
const SKIPPED = 'skipped (--only)'
const skipped = <T>(): Section<T> => ({ ok: false, error: SKIPPED, seconds: 0 })

async function section<T>(name: string, measure: () => Promise<T>): Promise<Section<T>> {
  const started = performance.now()
  console.log(`bench: ${name}…`)
  try {
    const value = await measure()
    const seconds = (performance.now() - started) / 1000
    console.log(`bench: ${name} done in ${seconds.toFixed(1)} s`)
    return { ok: true, value, seconds }
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error)
    console.error(`bench: ${name} failed: ${message}`)
    return { ok: false, error: message.split('\n')[0] ?? message, seconds: 0 }
  }
}

/**
 * The app's and the floor's builds, measured in a child process (bench/bundle-child.ts). A Vite
 * build run in this process changed how fast it served afterwards, and not evenly: on the same
 * code (commit 1ef1efe), the proxy's throughput over the floor's measured 0.73–0.74× after an
 * in-process build and 0.65–0.67× with the build in a child (two runs each), and a change to the
 * build's configuration alone moved it again. The load test measures the server as production
 * runs it, in a process where no bundler has run. Bounded like the whole run.
 */
type MeasuredBundles = Awaited<ReturnType<typeof measureBundles>>

async function measureBundlesApart(): Promise<MeasuredBundles> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-bundle-'))
  const out = path.join(dir, 'result.json')
  try {
    await new Promise<void>((resolve, reject) => {
      // process.execArgv carries tsx's loader: the child runs TypeScript as this process does.
      const child = spawn(
        process.execPath,
        [...process.execArgv, path.join(projectRoot, 'bench', 'bundle-child.ts'), out],
        { stdio: ['ignore', 'inherit', 'inherit'], timeout: DEADLINE_MS },
      )
      child.once('error', reject)
      child.once('exit', (code, signal) =>
        code === 0
          ? resolve()
          : reject(new Error(`the builds' process ended with ${signal ?? `exit code ${code}`}`)),
      )
    })
    return JSON.parse(await readFile(out, 'utf8')) as MeasuredBundles
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

async function main(): Promise<number> {
  const started = performance.now()
  const date = new Date().toISOString()
  const loadBefore = os.loadavg()
  const cleanup: (() => Promise<void>)[] = []
  const runCleanup = async () => {
    for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined)
  }
  const deadline = setTimeout(() => {
    console.error(`bench: over the ${DEADLINE_MS / 60_000} min deadline; stopping`)
    void runCleanup().finally(() => process.exit(2))
  }, DEADLINE_MS)
  process.once('SIGINT', () => void runCleanup().finally(() => process.exit(130)))

  try {
    let builds: { appDir: string; floorDir: string } | null = null
    const bundle = await section<BundleReport>('bundle (app and floor builds)', async () => {
      const measured = await measureBundlesApart()
      if (measured.appDir !== null && measured.floorDir !== null) {
        builds = { appDir: measured.appDir, floorDir: measured.floorDir }
      }
      return measured.report
    })
    if (builds === null) throw new Error('the app did not build; nothing else can be measured')
    // Assigned in the closure above: TypeScript's narrowing does not see it (an annotation does).
    const built: { appDir: string; floorDir: string } = builds
    const { appDir: builtApp, floorDir: builtFloor } = built
    cleanup.push(() => rm(builtApp, { recursive: true, force: true }))
    cleanup.push(() => rm(builtFloor, { recursive: true, force: true }))

    const stack = await startBenchStack(builtApp)
    cleanup.push(() => stack.close())
    const floorServer = await startFloorServer(builtFloor)
    cleanup.push(() => floorServer.close())

    const proxy = !parts.has('proxy')
      ? skipped<LoadResult[]>()
      : await section<LoadResult[]>('proxy overhead (autocannon)', async () => {
          const token = await tokenFromEmulator(stack)
          const forwarders = await startForwardersApart(stack, builtApp, token)
          cleanup.push(() => forwarders.close())
          // The session is the forwarders' proxy's own (its store), made through it.
          const session = await connectThroughProxy({ ...stack, appUrl: forwarders.proxyUrl })
          const apart = () => forwarders.cpuUsage()
          const results = await measureLoad([
            {
              name: 'direct' as const,
              label: 'direct to the emulator',
              url: `${stack.emulator.url}/api/v2/user`,
              headers: { 'X-Auth-Token': token, 'User-Agent': 'bench' },
              cpuUsage: async () => process.cpuUsage(),
            },
            {
              name: 'proxy' as const,
              label: 'through our proxy (createProxyServer: its one API route, createHttpUpstream)',
              url: `${forwarders.proxyUrl}/api/v2/user`,
              headers: { Cookie: cookieHeader(session), [CSRF_HEADER]: CSRF_HEADER_VALUE },
              cpuUsage: apart,
            },
            {
              name: 'traced' as const,
              label: 'through our proxy, the flow trace asked for (inspector open)',
              url: `${forwarders.proxyUrl}/api/v2/user`,
              headers: {
                Cookie: cookieHeader(session),
                [CSRF_HEADER]: CSRF_HEADER_VALUE,
                [TRACE_REQUEST_HEADER]: TRACE_REQUEST_VALUE,
              },
              cpuUsage: apart,
            },
            {
              name: 'floor' as const,
              label: 'through the floor (minimal node:http forwarder)',
              url: `${forwarders.floorUrl}/api/v2/user`,
              headers: {},
              cpuUsage: apart,
            },
          ])
          await forwarders.close()
          for (const result of results) {
            if (result.errors > 0 || result.non2xx > 0) {
              throw new Error(
                `${result.name}: ${result.errors} errors and ${result.non2xx} non-2xx answers in ${result.requests} requests`,
              )
            }
          }
          return results
        })

    let browser: Browser | undefined
    cleanup.push(async () => browser?.close())
    const chromiumVersion = await section('Chromium', async () => {
      browser = await launchChromium()
      return browser.version()
    })
    const login = !parts.has('login')
      ? skipped<Awaited<ReturnType<typeof measureLoginRoundTrip>>>()
      : await section('login round trip', async () => {
          if (browser === undefined) throw new Error('no Chromium')
          // Beside it, the same login without a new renderer's start (launchChromium).
          const sameRenderer = await launchChromium('sameRenderer')
          try {
            const cookies = await connectThroughProxy(stack)
            return await measureLoginRoundTrip(browser, stack, cookies, sameRenderer)
          } finally {
            await sameRenderer.close()
          }
        })
    const tour = !parts.has('tour')
      ? skipped<Awaited<ReturnType<typeof measureTour>>>()
      : await section('query tour', async () => {
          if (browser === undefined) throw new Error('no Chromium')
          return measureTour(browser, stack, await connectThroughProxy(stack))
        })
    const downloads = !parts.has('downloads')
      ? skipped<Awaited<ReturnType<typeof measurePageDownloads>>>()
      : await section('what Chromium downloads per page (English and Chinese)', async () => {
          if (browser === undefined) throw new Error('no Chromium')
          return measurePageDownloads(browser, stack, {
            appDir: builtApp,
            floorOrigin: floorServer.origin,
          })
        })
    await browser?.close()
    browser = undefined

    const lighthouse = !parts.has('lighthouse')
      ? skipped<Awaited<ReturnType<typeof measureLighthouse>>>()
      : await section('Lighthouse (mobile, 3 runs a page, the floor after each)', async () => {
          // Connected, as a user who granted the profile's scopes sees the pages.
          const cookies = await connectThroughProxy(stack)
          return measureLighthouse(
            [
              { page: '/', url: `${stack.appOrigin}/` },
              { page: '/me', url: `${stack.appOrigin}/me`, sessionCookies: cookies },
              { page: '/explore', url: `${stack.appOrigin}/explore`, sessionCookies: cookies },
            ],
            ['mobile'],
            {
              times: 3,
              // Whatever the machine's load, the report is written: no run starts in the last
              // minutes.
              stopAt: Date.now() - (performance.now() - started) + DEADLINE_MS - 3 * 60_000,
              floorUrl: `${floorServer.origin}/`,
            },
          )
        })
    await runCleanup()

    const results: BenchResults = {
      date,
      durationSeconds: (performance.now() - started) / 1000,
      machine: {
        cores: os.cpus().length,
        cpu: os.cpus()[0]?.model ?? 'unknown',
        memoryGb: Math.round(os.totalmem() / 1e9),
        node: process.version,
        platform: `${os.type()} ${os.release()} ${os.arch()}`,
        loadAverage: { before: loadBefore, after: os.loadavg() },
        chromium: chromiumVersion.ok ? chromiumVersion.value : null,
      },
      load: LOAD,
      bundle,
      proxy,
      login: mapSection(login, (value) => ({
        ...value,
        loginMedianMs: median(value.loginMs),
        warmMedianMs: median(value.warmMs),
      })),
      tour,
      downloads,
      lighthouse,
    }
    const name = isPartial ? 'partial' : 'latest'
    await mkdir(resultsDir, { recursive: true })
    await writeFile(path.join(resultsDir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`)
    await writeFile(path.join(resultsDir, `${name}.md`), renderMarkdown(results))
    console.log(
      `\n${summaryTable(results)}\n\nbench: wrote bench/results/${name}.md and ${name}.json in ${results.durationSeconds.toFixed(0)} s (load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}: compare the ratios, not the times)`,
    )
    const failed = [bundle, proxy, login, tour, downloads, lighthouse].filter(
      (s) => !s.ok && s.error !== SKIPPED,
    ).length
    return failed === 0 ? 0 : 1
  } finally {
    clearTimeout(deadline)
    await runCleanup()
  }
}

function mapSection<T, U>(section: Section<T>, map: (value: T) => U): Section<U> {
  return section.ok ? { ...section, value: map(section.value) } : section
}

process.exitCode = await main()
