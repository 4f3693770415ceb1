/**
 * The benchmark's results and their Markdown rendering: every figure beside its floor and its
 * target, with pass or miss and by how much.
 */
import { BUNDLE_BUDGET, KB, type BundleReport } from './bundle'
import type { FileSize } from './bundle-measure'
import { DISTANT_SERVICE_DELAY_MS, median, type LoginTimings } from './browser'
import type { TourResult } from './tour'
import { FLOOR_PAGE, LIGHTHOUSE_CATEGORIES, type LighthouseResult } from './lighthouse'
import { downloadDetails } from './page-downloads-report'
import type { DownloadsResult } from './page-downloads'
import type { LOAD, LoadResult } from './proxy-load'
import { signed, summaryTable } from './summary'

export type Section<T> =
  { ok: true; value: T; seconds: number } | { ok: false; error: string; seconds: number }

export interface BenchResults {
  date: string
  durationSeconds: number
  machine: {
    cores: number
    cpu: string
    memoryGb: number
    node: string
    platform: string
    loadAverage: { before: number[]; after: number[] }
    chromium: string | null
  }
  load: typeof LOAD
  bundle: Section<BundleReport>
  proxy: Section<LoadResult[]>
  login: Section<LoginTimings & { loginMedianMs: number; warmMedianMs: number }>
  tour: Section<TourResult>
  downloads: Section<DownloadsResult>
  lighthouse: Section<LighthouseResult>
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`
const ms = (value: number) => `${value.toFixed(0)} ms`

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n')
}

function shortModule(module: string): string {
  return module.replace(/^src\/web\//, '').replace(/\.tsx?$/, '')
}

function fileRows(files: FileSize[]): string[][] {
  return files.map((file) => [`\`${file.file}\``, kb(file.raw), kb(file.gzip), kb(file.brotli)])
}

function bundleDetails(report: BundleReport): string[] {
  const { app, floor } = report
  return [
    '## Bundle',
    '',
    'Built afresh into temporary directories with the project’s Vite config (the floor: `bench/floor/`, the same Vite, React plugin, target and source-map setting). First load = the `script`, `modulepreload` and `stylesheet` tags of the built `index.html` and the static imports of the entry chunk. Sizes: gzip level 9 and brotli quality 11 (node:zlib); 1 kB = 1000 bytes. The same budget runs in `npm test` (`bench/bundle-budget.test.ts`).',
    '',
    '**App, first load of `/`**',
    '',
    table(
      ['file', 'raw', 'gzip', 'brotli'],
      [
        ...fileRows([...app.firstLoad.js, ...app.firstLoad.css]),
        [
          '**total**',
          kb(app.firstLoad.total.raw),
          `**${kb(app.firstLoad.total.gzip)}**`,
          kb(app.firstLoad.total.brotli),
        ],
      ],
    ),
    '',
    '**Floor, first load**',
    '',
    table(
      ['file', 'raw', 'gzip', 'brotli'],
      [
        ...fileRows([...floor.firstLoad.js, ...floor.firstLoad.css]),
        [
          '**total**',
          kb(floor.firstLoad.total.raw),
          `**${kb(floor.firstLoad.total.gzip)}**`,
          kb(floor.firstLoad.total.brotli),
        ],
      ],
    ),
    '',
    `**Loaded as the first request leaves** (every page: the api client's checks and the session schema, bench/bundle-measure.ts FIRST_REQUEST_MODULES; budget ${kb(BUNDLE_BUDGET.firstRequest)} gzip): ${
      app.firstRequest.js.map((file) => `\`${file.file}\` ${kb(file.gzip)}`).join(', ') || '—'
    }, **${kb(app.firstRequest.total.gzip)}** gzip in all.`,
    '',
    `**Lazy routes** (JS a route adds = its chunk + static imports in neither the first load nor the first request's; budget ${kb(BUNDLE_BUDGET.routeChunk)} gzip each)`,
    '',
    table(
      [
        'route module',
        'chunk gzip',
        'shared chunks it adds',
        'JS it adds gzip',
        'brotli',
        'CSS gzip',
      ],
      report.app.routes.map((route) => [
        `\`${shortModule(route.module)}\``,
        kb(route.chunk.gzip),
        route.sharedJs
          .map((file) => `${file.file.replace(/^assets\//, '')} ${kb(file.gzip)}`)
          .join(', ') || '—',
        `**${kb(route.js.gzip)}**`,
        kb(route.js.brotli),
        route.css.length === 0 ? '—' : kb(route.css.reduce((sum, file) => sum + file.gzip, 0)),
      ]),
    ),
    '',
    `All CSS of the build: ${kb(app.allCss.gzip)} gzip, ${kb(app.allCss.brotli)} brotli.`,
    '',
  ]
}

function proxyDetails(results: LoadResult[], load: typeof LOAD): string[] {
  return [
    '## Proxy overhead',
    '',
    `autocannon in a child process, loopback, ${load.connections} connections; a ${load.warmupSeconds} s warm-up per target, then ${load.rounds} rounds of ${load.roundSeconds} s per target, interleaved (forward, then backward, and so on), so ${load.rounds * load.roundSeconds} s measured per target. Ratios in the summary are the median of the per-round ratios (neighbours in time share the machine's noise); latency percentiles are the mean of the rounds' percentiles. The forwarders (our server as \`src/server.ts\` composes it, and the floor) run in a child process of their own (\`bench/forwarders.ts\`), the emulator in the benchmark's process, autocannon in a third; CPU per request in each round is that of the process serving the target, median over rounds. The emulator's rate limit is lifted. Sessions and tokens come from the real flow (start → sign-in and consent pages → exchange).`,
    '',
    table(
      [
        'target',
        'req/s',
        'req/s per round',
        'CPU µs per request per round',
        'avg',
        'p50',
        'p90',
        'p99',
        'max',
        'requests',
      ],
      results.map((result) => [
        result.label,
        result.requestsPerSecond.toFixed(0),
        result.roundRequestsPerSecond.map((value) => value.toFixed(0)).join(', '),
        result.roundCpuMicrosPerRequest.map((value) => value.toFixed(0)).join(', '),
        `${result.latencyMs.average.toFixed(2)} ms`,
        `${result.latencyMs.p50.toFixed(1)} ms`,
        `${result.latencyMs.p90.toFixed(1)} ms`,
        `${result.latencyMs.p99.toFixed(1)} ms`,
        `${result.latencyMs.max} ms`,
        String(result.requests),
      ]),
    ),
    '',
  ]
}

function loginDetails(login: LoginTimings & { loginMedianMs: number; warmMedianMs: number }) {
  const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ')
  return [
    '## Login round trip',
    '',
    'Chromium via Playwright, production build. Login: a fresh context opens `/?returnTo=/me`, presses Connect, signs in as Alice on the emulator; the clock runs from the click on Authorize, as the consent page received it, to the frame that draws “Alice Chen” in the profile card. Warm: the last context (now connected) reloads `/me`, from the navigation’s start until the same frame; after each reload, the same in a new tab (the same HTTP cache, a new renderer process). The pages themselves note both ends and tell them over the console (bench/page-clock.ts, NAME_WATCH): Playwright’s own wait checks after 0, 20, 70, 170, 270, 770 ms…, which measured its back-off more than the page, its click() waits for the button to be stable first, and a locator first runs Playwright’s own script in the page (a 22 ms task in a login’s trace), so none is used until the clock has stopped.',
    '',
    `- login (ms): ${list(login.loginMs)} → median **${ms(login.loginMedianMs)}**`,
    `- login with the service ${DISTANT_SERVICE_DELAY_MS} ms away (ms), interleaved with the above: ${list(login.distantLoginMs)} → median **${ms(median(login.distantLoginMs))}**`,
    `- login with the callback in the renderer that ran the connect page (a second Chromium, \`--process-per-site\`, back/forward cache on; checked in its trace first) (ms), interleaved with the above: ${login.sameRendererSkipped ?? `${list(login.sameRendererLoginMs)} → median **${ms(median(login.sameRendererLoginMs))}**`}`,
    `- the login's floor: a link to \`/me\` put on the consent page, in a context already connected (its session cookies SameSite=Lax, so that the link's request carries them), clicked instead of Authorize (ms), interleaved with the above: ${list(login.floorMs)} → median **${ms(median(login.floorMs))}**`,
    `- warm /me (ms): ${list(login.warmMs)} → median **${ms(login.warmMedianMs)}**`,
    `- warm /me in a new tab (ms): ${list(login.newTabMs)} → median **${ms(median(login.newTabMs))}**`,
    `- where the login's time goes (medians from the click on Authorize): the app's \`/callback\` committed at ${ms(median(login.steps.callbackMs))}, \`POST /auth/exchange\` answered at ${ms(median(login.steps.exchangeMs))}, the name visible at ${ms(login.loginMedianMs)}`,
    '',
  ]
}

function tourDetails(tour: TourResult): string[] {
  return [
    '## Query efficiency',
    '',
    `A connected context walks ${tour.steps.join(' → ')} (${(tour.durationMs / 1000).toFixed(1)} s, inside every query's 30 s staleTime, so the least it can cost is one request per distinct piece of data: ${tour.minimum.map((request) => `\`${request}\``).join(', ')}).`,
    '',
    table(
      ['step', 'request', 'status', 'start', 'end'],
      tour.requests.map((request) => [
        request.step,
        `\`${request.method} ${request.path}\``,
        String(request.status ?? '—'),
        ms(request.start),
        request.end === null ? '—' : ms(request.end),
      ]),
    ),
    '',
    tour.duplicates.length === 0
      ? 'No duplicate request.'
      : `Duplicates: ${tour.duplicates.join('; ')}.`,
    '',
    'Profile page: its requests for the account’s data (`/api/…`). The user needs nothing but the cookie, so it must not start after `GET /auth/session` answered; the repositories and teams panels need the user’s login and id (the service has no `/user/repos`), so they may start once `GET /api/v2/user` answered. A request waited needlessly when another answer (the session’s included) came after its own dependencies had answered and before it started. In this step every API answer is held back 150 ms, so a wait cannot hide in the noise (the timings of the table above include that delay). `GET /auth/config` (the status bar’s) is no dependency.',
    '',
    tour.profileLoad.isParallel
      ? 'Profile page: no request waited for an answer it did not need.'
      : `Profile page waterfall: ${tour.profileLoad.waterfall.join('; ')}.`,
    '',
  ]
}

function lighthouseDetails(value: LighthouseResult): string[] {
  const lines = [
    '## Lighthouse',
    '',
    `Lighthouse ${value.version} (CLI, child process) against a Chromium we start (found Chromium, the e2e flags plus \`--headless=new --no-sandbox\`, fresh profile per run). \`/me\` runs with a session cookie made by the real flow put in the profile first. Each page runs three times, round-robin, and the floor app (\`bench/floor/\`, a bare React + TanStack Query + React Router page, served precompressed as ours: \`bench/floor-server.ts\`) right after each of our runs (ours, floor, ours, floor, …), so each pair bears the same load: the performance score follows the machine's load, and the floor's shows how much. The summary judges our median performance against the median of the floor's runs beside that page, and the other categories as they are, on Lighthouse's default (mobile: a mid-range phone on slow 4G, simulated). Categories under target list their audits below a full score.`,
    '',
    table(
      ['preset', 'page', ...LIGHTHOUSE_CATEGORIES, 'FCP', 'LCP', 'TBT', 'CLS', 'SI'],
      value.runs.map((run) => [
        run.preset,
        run.page === FLOOR_PAGE ? `the floor (after \`${run.after ?? '?'}\`)` : `\`${run.page}\``,
        ...LIGHTHOUSE_CATEGORIES.map((category) => String(run.scores[category] ?? '—')),
        run.metrics['first-contentful-paint'] ?? '—',
        run.metrics['largest-contentful-paint'] ?? '—',
        run.metrics['total-blocking-time'] ?? '—',
        run.metrics['cumulative-layout-shift'] ?? '—',
        run.metrics['speed-index'] ?? '—',
      ]),
    ),
    '',
  ]
  const beside = value.pages.filter((page) => page.floor !== null)
  if (beside.length > 0) {
    const rounds = Math.max(...beside.map((page) => page.floor?.pairs.length ?? 0))
    const score = (value: number | null) => (value === null ? '—' : String(value))
    lines.push(
      '**Performance, ours against the floor run right after it:**',
      '',
      table(
        [
          'page',
          ...Array.from({ length: rounds }, (_, round) => `round ${round + 1}: ours – floor`),
          'medians',
          'difference of medians',
        ],
        beside.map((page) => [
          `${page.preset} \`${page.page}\``,
          ...Array.from({ length: rounds }, (_, round) => {
            const pair = page.floor?.pairs[round]
            return pair === undefined ? '—' : `${score(pair.ours)} – ${score(pair.floor)}`
          }),
          `${score(page.median.performance)} – ${score(page.floor?.median.performance ?? null)}`,
          `**${page.floor?.performanceDifference == null ? '—' : signed(page.floor.performanceDifference)}**`,
        ]),
      ),
      '',
    )
  }
  // The audits below a full score, of the run whose performance is the page's median.
  for (const page of value.pages) {
    if (page.floor !== null && page.floor.errors.length > 0) {
      lines.push(
        `${page.preset} the floor after \`${page.page}\`: ${page.floor.errors.length} run(s) failed: ${page.floor.errors.join('; ')}`,
        '',
      )
    }
    const run =
      page.runs.find((candidate) => candidate.scores.performance === page.median.performance) ??
      page.runs[0]
    if (page.errors.length > 0) {
      lines.push(
        `${page.preset} \`${page.page}\`: ${page.errors.length} run(s) failed: ${page.errors.join('; ')}`,
        '',
      )
    }
    if (run === undefined) continue
    for (const category of LIGHTHOUSE_CATEGORIES) {
      const failing = run.failing[category]
      if (failing.length === 0) continue
      lines.push(
        `**${run.preset} \`${run.page}\` — ${category} ${run.scores[category] ?? '—'} (the median run):**`,
        '',
      )
      lines.push(...failing.map((audit) => `- ${audit}`), '')
    }
  }
  return lines
}

export function renderMarkdown(results: BenchResults): string {
  const { machine } = results
  const lines = [
    '# Benchmarks (bench/run.ts)',
    '',
    `${results.date} · ${machine.cores} cores (${machine.cpu}), ${machine.memoryGb} GB · Node ${machine.node} · ${machine.platform} · Chromium ${machine.chromium ?? '—'} · load average ${machine.loadAverage.before.map((load) => load.toFixed(2)).join(' ')} before, ${machine.loadAverage.after.map((load) => load.toFixed(2)).join(' ')} after · \`npm run bench\` took ${results.durationSeconds.toFixed(0)} s`,
    '',
    'The machine is shared and noisy: compare the ratios, measured side by side in this one run, not the absolute times.',
    '',
    summaryTable(results),
    '',
  ]
  if (results.bundle.ok) lines.push(...bundleDetails(results.bundle.value))
  if (results.proxy.ok) lines.push(...proxyDetails(results.proxy.value, results.load))
  if (results.login.ok) lines.push(...loginDetails(results.login.value))
  if (results.tour.ok) lines.push(...tourDetails(results.tour.value))
  if (results.downloads.ok) {
    lines.push(
      ...downloadDetails(results.downloads.value, results.bundle.ok ? results.bundle.value : null),
    )
  }
  if (results.lighthouse.ok) lines.push(...lighthouseDetails(results.lighthouse.value))
  return `${lines.join('\n').trimEnd()}\n`
}
