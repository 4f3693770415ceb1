/**
 * What Chromium downloads on a first visit to each main page, through the real server (stack.ts)
 * and from the bench's own build, in a fresh context (an empty cache), once with an English and
 * once with a Chinese browser (`locale`: its Accept-Language and navigator.languages), up to
 * network idle (no request for 500 ms: Playwright's `networkidle`). Counted per resource type, as
 * served (the encoded body, whatever Content-Encoding the server chose) and at gzip -9 of the
 * decoded body, the measure bundle.ts gives the build, so the two stand side by side.
 *
 * The build-based figure counts index.html's tags and their static imports; a browser fetches
 * also what the server's shell announces for the page (src/proxy/shell/page-preload.ts), what the
 * page imports as it starts and what it loads once idle. The floor (floor-server.ts) is visited
 * the same way. A script is Chinese when its chunk holds a module of the Chinese catalog
 * (chunk-modules.ts): an English visitor must load none (docs/decisions/0009-i18n.md).
 */
import { gzipSync } from 'node:zlib'
import type { Browser, Request } from '@playwright/test'
import { createPendingStates } from '../src/web/session/pending-states'
import { chineseChunks, readChunkModules } from './chunk-modules'
import {
  connectThroughProxy,
  startLoginThroughProxy,
  type BenchStack,
  type SessionCookie,
} from './stack'

/** A visit that is not idle by then is reported as failed, not waited for. */
const VISIT_TIMEOUT_MS = 30_000

export const DOWNLOAD_LOCALES = ['en-US', 'zh-CN'] as const
export type DownloadLocale = (typeof DOWNLOAD_LOCALES)[number]

/**
 * The main pages, each as its visitor first sees it: `/` and `/scopes` before connecting, the
 * pages of the account's data connected (a session made by the real flow), and `/callback` as
 * the login's return: a login started through the proxy and consented to, the service's redirect
 * followed in a fresh context holding the login's cookies and, in its tab's storage, the login's
 * state as the connect page leaves it (loginTab), up to the profile it lands on. With the cache
 * empty, as every page here: a real login comes from `/`, whose chunks it would have cached.
 */
export const DOWNLOAD_PAGES: readonly { page: string; connected: boolean }[] = [
  { page: '/', connected: false },
  { page: '/me', connected: true },
  { page: '/explore', connected: true },
  { page: '/scopes', connected: false },
  { page: '/hello', connected: true },
  { page: '/users', connected: true },
  { page: '/callback', connected: false },
]
const CALLBACK = '/callback'

export type ResourceKind = 'js' | 'css' | 'html' | 'other'
const RESOURCE_KINDS: readonly ResourceKind[] = ['js', 'css', 'html', 'other']

export interface Transfer {
  files: number
  /** The response bodies as served (Content-Encoding applied), in bytes. */
  encoded: number
  /** The decoded bodies at gzip -9, in bytes (bundle.ts measures the build so). */
  gzip: number
}

export interface Visit {
  /** Where the visit ended: a callback lands on the profile. */
  landedOn: string
  kinds: Record<ResourceKind, Transfer>
  /** The scripts whose chunk holds a module of the Chinese catalog (chunk-modules.ts). */
  chinese: Transfer & { chunks: string[] }
  /** URLs fetched more than once in the one visit: bytes downloaded for nothing. */
  duplicates: string[]
  /** Requests that failed. */
  failed: string[]
  /** How the scripts, styles and documents came: Content-Encoding → how many. */
  encodings: Record<string, number>
  /** The scripts fetched, as paths of the build, in the order they finished. */
  scripts: string[]
}

export interface PageDownload extends Visit {
  page: string
  locale: DownloadLocale
  connected: boolean
}

export interface DownloadsResult {
  pages: PageDownload[]
  /** The floor's one page, with an English browser. */
  floor: Visit
  /** The build's chunks that hold the Chinese catalog. */
  chineseChunks: string[]
}

interface Fetched {
  url: string
  path: string
  kind: ResourceKind
  encoded: number
  gzip: number
  encoding: string
}

const EMPTY: Transfer = { files: 0, encoded: 0, gzip: 0 }
const add = (total: Transfer, file: Fetched): Transfer => ({
  files: total.files + 1,
  encoded: total.encoded + file.encoded,
  gzip: total.gzip + file.gzip,
})

function kindOf(resourceType: string, pathname: string): ResourceKind {
  if (resourceType === 'document') return 'html'
  if (pathname.endsWith('.js') || resourceType === 'script') return 'js'
  if (pathname.endsWith('.css') || resourceType === 'stylesheet') return 'css'
  return 'other'
}

async function fetched(request: Request): Promise<Fetched | null> {
  const url = new URL(request.url())
  if (!url.protocol.startsWith('http')) return null
  const response = await request.response()
  // A redirect's answer has no body: what it leads to is a request of its own.
  if (response === null || (response.status() >= 300 && response.status() < 400)) return null
  const sizes = await request.sizes()
  const body = await response.body().catch(() => null)
  return {
    url: url.href,
    path: url.pathname,
    kind: kindOf(request.resourceType(), url.pathname),
    encoded: sizes.responseBodySize,
    gzip: body === null || body.length === 0 ? 0 : gzipSync(body, { level: 9 }).length,
    encoding: response.headers()['content-encoding'] ?? 'identity',
  }
}

/** One first visit of `url` in a fresh context of `browser`. */
export async function visit(
  browser: Browser,
  options: {
    url: string
    locale: DownloadLocale
    cookies?: readonly SessionCookie[]
    /** What the page's tab holds in sessionStorage before its first script runs. */
    sessionStorage?: Readonly<Record<string, string>>
    /** The build's Chinese chunks, `assets/<file>.js`. */
    chinese?: ReadonlySet<string>
  },
): Promise<Visit> {
  const context = await browser.newContext({ locale: options.locale })
  try {
    const origin = new URL(options.url).origin
    if (options.cookies !== undefined && options.cookies.length > 0) {
      // As the proxy sets them; a navigation the browser starts itself sends them.
      await context.addCookies(
        options.cookies.map((cookie) => ({ ...cookie, url: origin, sameSite: 'Strict' as const })),
      )
    }
    if (options.sessionStorage !== undefined) {
      await context.addInitScript(
        ([entries, only]) => {
          if (location.origin !== only) return
          for (const [key, value] of entries) {
            if (sessionStorage.getItem(key) === null) sessionStorage.setItem(key, value)
          }
        },
        [Object.entries(options.sessionStorage), origin] as const,
      )
    }
    const page = await context.newPage()
    const pending: Promise<Fetched | null>[] = []
    const failed: string[] = []
    page.on('requestfinished', (request) => pending.push(fetched(request)))
    page.on('requestfailed', (request) =>
      failed.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText ?? '?'}`),
    )
    await page.goto(options.url, { waitUntil: 'networkidle', timeout: VISIT_TIMEOUT_MS })
    const files = (await Promise.all(pending)).filter((file): file is Fetched => file !== null)
    const kinds = Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, EMPTY])) as Record<
      ResourceKind,
      Transfer
    >
    const encodings: Record<string, number> = {}
    let chinese: Visit['chinese'] = { ...EMPTY, chunks: [] }
    const seen = new Set<string>()
    const duplicates: string[] = []
    for (const file of files) {
      kinds[file.kind] = add(kinds[file.kind], file)
      if (seen.has(file.url)) duplicates.push(file.path)
      seen.add(file.url)
      if (file.kind !== 'other') encodings[file.encoding] = (encodings[file.encoding] ?? 0) + 1
      const asset = file.path.replace(/^\//, '')
      if (file.kind === 'js' && options.chinese?.has(asset) === true) {
        chinese = { ...add(chinese, file), chunks: [...chinese.chunks, asset] }
      }
    }
    return {
      landedOn: new URL(page.url()).pathname,
      kinds,
      chinese,
      duplicates,
      failed,
      encodings,
      scripts: files.filter((file) => file.kind === 'js').map((file) => file.path.slice(1)),
    }
  } finally {
    await context.close()
  }
}

/**
 * What the tab that started a login holds for its callback: the cookies the login's start set
 * (`name=value`), and the state in sessionStorage, written by the app's own module
 * (src/web/session/pending-states.ts) as the connect page writes it.
 */
function loginTab(login: { state: string; cookies: readonly string[] }) {
  const storage = new Map<string, string>()
  createPendingStates(() => ({
    getItem: (key) => storage.get(key) ?? null,
    setItem: (key, value) => void storage.set(key, value),
  })).remember(login.state, { scopes: ['repo:read', 'group:read'], returnTo: '/me' })
  const cookies = login.cookies.map((pair) => {
    const eq = pair.indexOf('=')
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), httpOnly: true }
  })
  return { cookies, sessionStorage: Object.fromEntries(storage) }
}

/**
 * Every page of DOWNLOAD_PAGES with each browser of DOWNLOAD_LOCALES (the languages taking turns
 * page by page), then the floor's page. `appDir` is the build the stack serves.
 */
export async function measurePageDownloads(
  browser: Browser,
  stack: BenchStack,
  options: { appDir: string; floorOrigin: string },
): Promise<DownloadsResult> {
  const chinese = chineseChunks(await readChunkModules(options.appDir))
  // Were the catalog's modules named otherwise, every figure of Chinese below would be 0.
  if (chinese.size === 0) throw new Error('no chunk of the build holds the Chinese catalog')
  const session = await connectThroughProxy(stack)
  const pages: PageDownload[] = []
  for (const target of DOWNLOAD_PAGES) {
    for (const locale of DOWNLOAD_LOCALES) {
      const login = target.page === CALLBACK ? await startLoginThroughProxy(stack) : null
      const measured = await visit(browser, {
        url: login?.callbackUrl ?? `${stack.appOrigin}${target.page}`,
        locale,
        chinese,
        ...(login !== null ? loginTab(login) : { cookies: target.connected ? session : [] }),
      })
      if (login !== null && measured.landedOn !== '/me') {
        throw new Error(`the login's callback landed on ${measured.landedOn}, not /me`)
      }
      pages.push({ ...measured, page: target.page, locale, connected: target.connected })
    }
  }
  const floor = await visit(browser, { url: `${options.floorOrigin}/`, locale: 'en-US' })
  return { pages, floor, chineseChunks: [...chinese].sort() }
}
