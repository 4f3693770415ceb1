import { describe, expect, it } from 'vitest'
import type { LighthousePage, LighthouseRun } from './lighthouse'
import type { DownloadsResult, PageDownload, Visit } from './page-downloads'
import { downloadRows } from './page-downloads-report'
import { againstFloor } from './summary'

const transfer = (gzip: number) => ({ files: 1, encoded: Math.round(gzip * 0.9), gzip })

function visit(overrides: Partial<Visit> = {}): Visit {
  return {
    landedOn: '/',
    kinds: {
      js: transfer(140_000),
      css: transfer(4_000),
      html: transfer(4_000),
      other: transfer(1_000),
    },
    chinese: { files: 0, encoded: 0, gzip: 0, chunks: [] },
    duplicates: [],
    failed: [],
    encodings: { br: 3 },
    scripts: ['assets/index-h4sh.js'],
    ...overrides,
  }
}

function page(name: string, locale: PageDownload['locale'], overrides: Partial<Visit> = {}) {
  return { ...visit({ landedOn: name, ...overrides }), page: name, locale, connected: false }
}

function rows(pages: PageDownload[]) {
  const downloads: DownloadsResult = {
    pages,
    floor: visit({ kinds: { ...visit().kinds, js: transfer(105_000) } }),
    chineseChunks: ['assets/zh-h4sh.js'],
  }
  return downloadRows({
    downloads: { ok: true, value: downloads, seconds: 1 },
    bundle: { ok: false, error: 'skipped (--only)', seconds: 0 },
  })
}

const zhChunk = { files: 1, encoded: 11_000, gzip: 12_300, chunks: ['assets/zh-h4sh.js'] }

describe('downloadRows', () => {
  it('meets "no Chinese code" when no English visit loaded a Chinese chunk', () => {
    const row = rows([page('/', 'en-US'), page('/', 'zh-CN', { chinese: zhChunk })]).find(
      (candidate) => candidate.figure.startsWith('An English browser'),
    )
    expect(row).toMatchObject({ measured: '0 B', target: '0 B', met: true })
    expect(row?.reference).toBe('a Chinese browser loads 12.3 kB of it per page (gzip -9)')
  })

  it('misses it, naming the page and the chunk, when an English visit loaded one', () => {
    const row = rows([page('/scopes', 'en-US', { chinese: zhChunk })]).find((candidate) =>
      candidate.figure.startsWith('An English browser'),
    )
    expect(row).toMatchObject({ measured: '11000 B', met: false })
    expect(row?.note).toBe('/scopes: assets/zh-h4sh.js')
  })

  it('counts a script fetched twice, not the favicon the browser asks for again', () => {
    const twice = (duplicates: string[]) =>
      rows([page('/', 'en-US', { duplicates })]).find((candidate) =>
        candidate.figure.startsWith('Scripts and styles fetched twice'),
      )
    expect(twice(['/favicon.svg', '/favicon.svg'])).toMatchObject({ measured: '0', met: true })
    expect(twice(['/favicon.svg', '/assets/profile-h4sh.js'])).toMatchObject({
      measured: '1',
      met: false,
      note: '/assets/profile-h4sh.js',
    })
  })

  it('puts the first visit to / over the floor’s, both at gzip -9', () => {
    const row = rows([page('/', 'en-US')]).find((candidate) =>
      candidate.figure.startsWith('What Chromium downloads on a first visit'),
    )
    // 140 + 4 kB of ours against the floor's 105 + 4 kB.
    expect(row?.measured).toMatch(/^\+35\.0 kB \(144\.0 kB, 2 files;/)
  })
})

function run(page: string, round: number, performance: number): LighthouseRun {
  return {
    preset: 'mobile',
    page,
    round,
    url: 'http://localhost/',
    finalUrl: 'http://localhost/',
    scores: { performance, accessibility: 100, 'best-practices': 100 },
    failing: { performance: [], accessibility: [], 'best-practices': [] },
    metrics: {},
    fetchedProfile: false,
  }
}

function lighthousePage(ours: number[], floor: number[]): LighthousePage {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? null
  const scores = (performance: number | null) => ({
    performance,
    accessibility: 100,
    'best-practices': 100,
  })
  return {
    preset: 'mobile',
    page: '/',
    runs: ours.map((score, round) => run('/', round, score)),
    median: scores(median(ours)),
    connected: false,
    errors: [],
    floor: {
      runs: floor.map((score, round) => ({ ...run('floor', round, score), after: '/' })),
      median: scores(median(floor)),
      pairs: ours.map((score, round) => ({ round, ours: score, floor: floor[round] ?? null })),
      performanceDifference: (median(ours) ?? 0) - (median(floor) ?? 0),
      errors: [],
    },
  }
}

describe('againstFloor', () => {
  it('judges the difference of the medians, whatever the absolute scores', () => {
    // A busy machine: both low, ours two below the floor.
    expect(againstFloor(lighthousePage([81, 86, 85], [87, 86, 90]))).toMatchObject({
      measured: '−2 (85 vs 87); 100 / 100',
      met: true,
    })
    expect(againstFloor(lighthousePage([97, 97, 98], [100, 100, 100]))).toMatchObject({
      measured: '−3 (97 vs 100); 100 / 100',
      met: false,
      note: 'performance by 1',
    })
  })

  it('gives each round’s pair beside the medians', () => {
    expect(againstFloor(lighthousePage([98, 99, 97], [100, 99, 100]))?.reference).toMatch(
      /^per run, ours–floor: 98–100, 99–99, 97–100;/,
    )
  })
})
