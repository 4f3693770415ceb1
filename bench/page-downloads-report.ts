/**
 * What Chromium downloaded per page (page-downloads.ts), in the summary's table and in
 * bench/results/latest.md, beside what the build's figures (bundle.ts) account for: the first
 * load, and with it the first request's chunks and the page's route.
 */
import { KB, type BundleReport } from './bundle'
import {
  type DownloadsResult,
  type PageDownload,
  type Transfer,
  type Visit,
} from './page-downloads'
import type { BenchResults } from './report'
import type { SummaryRow } from './summary'
import { pageModule } from '../src/proxy/shell/page-modules'

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`
/** The smallest and the largest of `values` in kB, or one figure when they are the same. */
function range(values: readonly number[]): string {
  if (values.length === 0) return '—'
  const [low, high] = [kb(Math.min(...values)), kb(Math.max(...values))]
  return low === high ? low : `${low}–${high}`
}
const code = (visit: Visit): Transfer => ({
  files: visit.kinds.js.files + visit.kinds.css.files,
  encoded: visit.kinds.js.encoded + visit.kinds.css.encoded,
  gzip: visit.kinds.js.gzip + visit.kinds.css.gzip,
})

/**
 * The build's account of a page, gzip: its first load (index.html's tags and their imports) and,
 * with the chunks every page loads as its first request leaves and the page's route (its chunk,
 * the shared chunks it adds, its CSS), what bundle.ts's budgets cover.
 */
export function buildAccount(bundle: BundleReport, page: string) {
  const { app } = bundle
  const route = app.routes.find((candidate) => candidate.module === pageModule(page))
  const routeGzip =
    (route?.js.gzip ?? 0) + (route?.css.reduce((sum, file) => sum + file.gzip, 0) ?? 0)
  return {
    firstLoad: app.firstLoad.total.gzip,
    withRoute: app.firstLoad.total.gzip + app.firstRequest.total.gzip + routeGzip,
  }
}

const english = (pages: PageDownload[]) => pages.filter((page) => page.locale === 'en-US')
const chinese = (pages: PageDownload[]) => pages.filter((page) => page.locale === 'zh-CN')

/** Scripts and styles fetched more than once in a visit: a preload its import did not use. */
const codeDuplicates = (visit: Visit) =>
  visit.duplicates.filter((path) => path.endsWith('.js') || path.endsWith('.css'))

export function downloadRows({
  downloads,
  bundle,
}: Pick<BenchResults, 'downloads' | 'bundle'>): SummaryRow[] {
  if (!downloads.ok) {
    const skipped = downloads.error.startsWith('skipped')
    return [
      {
        figure: 'What Chromium downloads per page',
        measured: skipped ? 'skipped' : '—',
        reference: '—',
        target: '—',
        met: skipped ? null : false,
        ...(skipped ? {} : { note: `not measured: ${downloads.error}` }),
      },
    ]
  }
  const { pages, floor } = downloads.value
  const root = pages.find((page) => page.page === '/' && page.locale === 'en-US')
  const rows: SummaryRow[] = []
  if (root !== undefined) {
    const ours = code(root)
    const floorCode = code(floor)
    const account = bundle.ok ? buildAccount(bundle.value, '/') : null
    rows.push({
      figure:
        'What Chromium downloads on a first visit to `/` (English, empty cache, to network idle): JS + CSS, gzip -9, over the floor’s app visited the same way',
      measured: `+${kb(ours.gzip - floorCode.gzip)} (${kb(ours.gzip)}, ${ours.files} files; ${kb(ours.encoded)} as served)`,
      reference: `floor ${kb(floorCode.gzip)}${account === null ? '' : `; the build’s first load above ${kb(account.firstLoad)}, with the first request and the page’s route ${kb(account.withRoute)}`}`,
      target: '—',
      met: null,
    })
  }
  const heaviest = [...english(pages)].sort((a, b) => code(b).gzip - code(a).gzip)[0]
  if (heaviest !== undefined) {
    rows.push({
      figure: `… the heaviest of the ${english(pages).length} main pages, English (JS + CSS, gzip -9)`,
      measured: `${kb(code(heaviest).gzip)} (\`${heaviest.page}\`)`,
      reference: `all: ${english(pages)
        .map((page) => `${page.page} ${kb(code(page).gzip)}`)
        .join(', ')}`,
      target: '—',
      met: null,
    })
  }
  const leaked = english(pages).filter((page) => page.chinese.files > 0)
  const zh = chinese(pages).map((page) => page.chinese.gzip)
  rows.push({
    figure: `An English browser loads no Chinese code: JS of chunks holding the Chinese catalog, over the ${english(pages).length} main pages`,
    measured: `${leaked.reduce((sum, page) => sum + page.chinese.encoded, 0)} B`,
    reference: `a Chinese browser loads ${range(zh)} of it per page (gzip -9)`,
    target: '0 B',
    met: leaked.length === 0,
    note: leaked.map((page) => `${page.page}: ${page.chinese.chunks.join(', ')}`).join('; '),
  })
  const twice = [...pages, floor].flatMap((visit) => codeDuplicates(visit))
  rows.push({
    figure: 'Scripts and styles fetched twice in one visit (a preload the import did not use)',
    measured: String(twice.length),
    reference: `${pages.length} visits`,
    target: '0',
    met: twice.length === 0,
    note: [...new Set(twice)].join(', '),
  })
  return rows
}

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n')
}

function visitRow(name: string, visit: Visit, account: string, connected: string): string[] {
  const { js, css, html, other } = visit.kinds
  return [
    name,
    connected,
    `${js.files} · ${kb(js.encoded)} · **${kb(js.gzip)}**`,
    `${css.files} · ${kb(css.gzip)}`,
    kb(html.gzip),
    `${other.files} · ${kb(other.encoded)}`,
    `**${kb(code(visit).gzip)}**`,
    visit.chinese.files === 0 ? '0' : `${visit.chinese.chunks.length} · ${kb(visit.chinese.gzip)}`,
    account,
  ]
}

export function downloadDetails(value: DownloadsResult, bundle: BundleReport | null): string[] {
  const encodings = (visit: Visit) =>
    Object.entries(visit.encodings)
      .map(([encoding, count]) => `${encoding} ×${count}`)
      .join(', ')
  const root = value.pages.find((page) => page.page === '/' && page.locale === 'en-US')
  // Per path, the most times one visit fetched it.
  const repeats = new Map<string, number>()
  for (const visit of [...value.pages, value.floor]) {
    const counts = new Map<string, number>()
    for (const path of visit.duplicates) counts.set(path, (counts.get(path) ?? 1) + 1)
    for (const [path, count] of counts) repeats.set(path, Math.max(count, repeats.get(path) ?? 0))
  }
  return [
    '## What Chromium downloads',
    '',
    'Each main page in Chromium through the real server (the bench’s build), a fresh context each (an empty cache), once with an English browser (`locale: en-US`: its Accept-Language and `navigator.languages`) and once with a Chinese one (`zh-CN`), up to network idle (Playwright’s `networkidle`: no request for 500 ms). `/` and `/scopes` as before connecting; `/me`, `/explore`, `/hello` and `/users` connected (a session made by the real flow); `/callback` as the login’s return (a login started and consented to through the proxy, the redirect followed in a context holding the login’s cookies and its state in the tab’s storage), up to the profile it lands on. Every response counted once per request: its body as served (the encoding the server chose) and its decoded body at gzip -9, as bundle.ts measures the build. The server puts the first load’s CSS inline in the page (it is in HTML here, in the build’s first load above). Chinese: JS of the chunks that hold a module of the Chinese catalog (bench/chunk-modules.ts): ' +
      (value.chineseChunks.map((file) => `\`${file}\``).join(', ') || '—') +
      '. The floor: `bench/floor/`, built as the app is, served precompressed as ours (bench/floor-server.ts).',
    '',
    table(
      [
        'page',
        'connected',
        'JS: files · as served · gzip -9',
        'CSS: files · gzip -9',
        'HTML gzip -9',
        'other (data, images): files · as served',
        'JS + CSS gzip -9',
        'Chinese JS: chunks · gzip -9',
        'the build’s account: first load; + first request + route',
      ],
      [
        ...value.pages.map((page) => {
          const account = bundle === null ? null : buildAccount(bundle, page.page)
          return visitRow(
            `\`${page.page}\` ${page.locale}${page.landedOn === page.page ? '' : ` (landed on \`${page.landedOn}\`)`}`,
            page,
            account === null ? '—' : `${kb(account.firstLoad)}; ${kb(account.withRoute)}`,
            page.connected ? 'yes' : 'no',
          )
        }),
        visitRow(
          'the floor’s `/` en-US',
          value.floor,
          bundle === null ? '—' : kb(bundle.floor.firstLoad.total.gzip),
          '—',
        ),
      ],
    ),
    '',
    `Encodings as served (scripts, styles, pages): ours on \`/\` ${root === undefined ? '—' : encodings(root)}; the floor ${encodings(value.floor)}.`,
    '',
    ...(root === undefined
      ? []
      : [
          `Scripts of \`/\` (English), in the order they finished: ${root.scripts.map((file) => `\`${file.replace(/^assets\//, '')}\``).join(', ')}.`,
          '',
        ]),
    `Fetched more than once in a visit: ${
      repeats.size === 0
        ? 'nothing'
        : [...repeats].map(([path, count]) => `\`${path}\` (up to ×${count})`).join(', ')
    }. Failed requests: ${value.pages.flatMap((page) => page.failed).join('; ') || 'none'}.`,
    '',
  ]
}
