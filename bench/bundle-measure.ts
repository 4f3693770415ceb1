/**
 * Sizes a Vite build as a first visit meets it: what `/` downloads (the built index.html's
 * script, modulepreload and stylesheet tags, and the static imports of the entry chunk), what
 * loads as the first request leaves, and what each lazy route adds (bench/bundle.ts builds the
 * app and the floor and checks these against the budget).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { z } from 'zod'

/**
 * The modules every page imports when its first request leaves (the session read): the api
 * client's checks and the session's schema (src/web/lib/api-client.ts, session-queries.ts). Not
 * the first load, which runs without them, and not a route's cost either: by the time a route
 * loads they are here or on their way. Measured on their own, with their own budget.
 */
export const FIRST_REQUEST_MODULES: readonly string[] = [
  'src/web/lib/validate.ts',
  'src/protocol/session-schemas.ts',
]

export interface FileSize {
  file: string
  raw: number
  gzip: number
  brotli: number
}

export interface SizeTotal {
  raw: number
  gzip: number
  brotli: number
}

export interface RouteChunk {
  /** The module the route's `lazy()` imports, as Vite's manifest names it. */
  module: string
  chunk: FileSize
  /** Static imports of the route chunk that the first load does not already hold. */
  sharedJs: FileSize[]
  css: FileSize[]
  /** The route chunk plus its not-yet-loaded static imports: what the route adds in JS. */
  js: SizeTotal
}

export interface BundleMeasurement {
  firstLoad: { js: FileSize[]; css: FileSize[]; total: SizeTotal }
  /** What FIRST_REQUEST_MODULES add to the first load (empty for the floor). */
  firstRequest: { js: FileSize[]; total: SizeTotal }
  routes: RouteChunk[]
  /** Every CSS file of the build (first load and lazy routes). */
  allCss: SizeTotal
  /** Static imports found by following the manifest that index.html does not preload. */
  unlistedStaticImports: string[]
  /**
   * The build's other entries (the callback's early script, src/proxy/shell/page-modules.ts): the
   * chunks each runs with, and which of them the first load holds too.
   */
  otherEntries: {
    module: string
    js: string[]
    sharedWithFirstLoad: string[]
    /** …and which of them load as the first request leaves (zod, the session schema). */
    sharedWithFirstRequest: string[]
  }[]
}

const ManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    isDynamicEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
)
type Manifest = z.infer<typeof ManifestSchema>

function sizeOf(file: string, bytes: Buffer): FileSize {
  return {
    file,
    raw: bytes.length,
    // The best each codec does, as a host that precompresses static files would serve them.
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  }
}

export function sumSizes(files: readonly FileSize[]): SizeTotal {
  return files.reduce(
    (total, file) => ({
      raw: total.raw + file.raw,
      gzip: total.gzip + file.gzip,
      brotli: total.brotli + file.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  )
}

/**
 * The `src` or `href` of the tags a browser fetches before running anything: script, preload, CSS.
 */
export function initialAssets(indexHtml: string): { js: string[]; css: string[] } {
  const js: string[] = []
  const css: string[] = []
  for (const match of indexHtml.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const [, tag = '', attrs = ''] = match
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(attrs)?.[1]
    if (tag.toLowerCase() === 'script') {
      const src = attr('src')
      if (src !== undefined && attr('type') === 'module') js.push(src)
    } else {
      const rel = attr('rel')
      const href = attr('href')
      if (href === undefined) continue
      if (rel === 'modulepreload') js.push(href)
      if (rel === 'stylesheet') css.push(href)
    }
  }
  const local = (url: string) => url.replace(/^\//, '')
  return { js: js.map(local), css: css.map(local) }
}

/** Reads a build from disk (index.html, `.vite/manifest.json`, the assets) and sizes it. */
export async function measureBuild(outDir: string): Promise<BundleMeasurement> {
  const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8')
  const manifest: Manifest = ManifestSchema.parse(
    JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')),
  )
  const byFile = new Map(Object.entries(manifest).map(([key, entry]) => [entry.file, key]))
  const sizes = new Map<string, FileSize>()
  const size = async (file: string) => {
    const known = sizes.get(file)
    if (known !== undefined) return known
    const measured = sizeOf(file, await readFile(path.join(outDir, file)))
    sizes.set(file, measured)
    return measured
  }

  /** A chunk's static import closure (chunk files) and the CSS those chunks bring. */
  const closure = (keys: string[]) => {
    const js = new Set<string>()
    const css = new Set<string>()
    const pending = [...keys]
    for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
      const entry = manifest[key]
      if (entry === undefined || js.has(entry.file)) continue
      js.add(entry.file)
      for (const file of entry.css ?? []) css.add(file)
      pending.push(...(entry.imports ?? []))
    }
    return { js, css }
  }

  const tags = initialAssets(indexHtml)
  const entryKeys = tags.js.map((file) => byFile.get(file)).filter((key) => key !== undefined)
  const first = closure(entryKeys)
  const unlistedStaticImports = [...first.js].filter((file) => !tags.js.includes(file))
  const firstJs = new Set([...tags.js, ...first.js])
  const firstCss = new Set([...tags.css, ...first.css])

  const dynamicKeys = new Set(
    [...first.js].flatMap((file) => manifest[byFile.get(file) ?? '']?.dynamicImports ?? []),
  )
  const requestKeys = FIRST_REQUEST_MODULES.filter((key) => dynamicKeys.has(key))
  const requestJs = [...closure(requestKeys).js].filter((file) => !firstJs.has(file))
  const loadedEarly = new Set([...firstJs, ...requestJs])
  const routes: RouteChunk[] = []
  for (const key of [...dynamicKeys].sort()) {
    const entry = manifest[key]
    if (entry === undefined || requestKeys.includes(key)) continue
    const route = closure([key])
    const sharedJs = await Promise.all(
      [...route.js]
        .filter((file) => file !== entry.file && !loadedEarly.has(file))
        .sort()
        .map(size),
    )
    const chunk = await size(entry.file)
    routes.push({
      module: key,
      chunk,
      sharedJs,
      css: await Promise.all([...route.css].filter((file) => !firstCss.has(file)).map(size)),
      js: sumSizes([chunk, ...sharedJs]),
    })
  }

  const otherEntries = Object.entries(manifest)
    .filter(([key, entry]) => entry.isEntry === true && !entryKeys.includes(key))
    .map(([module]) => {
      const chunks = [...closure([module]).js]
      return {
        module,
        js: chunks,
        sharedWithFirstLoad: chunks.filter((file) => firstJs.has(file)),
        sharedWithFirstRequest: chunks.filter((file) => requestJs.includes(file)),
      }
    })

  const js = await Promise.all([...firstJs].map(size))
  const css = await Promise.all([...firstCss].map(size))
  const everyCss = Object.values(manifest).flatMap((entry) => entry.css ?? [])
  const firstRequest = await Promise.all(requestJs.sort().map(size))
  return {
    firstLoad: { js, css, total: sumSizes([...js, ...css]) },
    firstRequest: { js: firstRequest, total: sumSizes(firstRequest) },
    routes,
    allCss: sumSizes(await Promise.all([...new Set(everyCss)].map(size))),
    unlistedStaticImports,
    otherEntries,
  }
}
