/**
 * The `<link>` tags that announce, in a page's shell, the chunks that page will load as it starts
 * (page-modules.ts): the browser fetches them beside the first load's chunk instead
 * of one after the other once that chunk has run and the router has matched (bench: the login
 * round trip, Lighthouse's Largest Contentful Paint). Read from the build's manifest
 * (vite.config.ts `build.manifest`), once, at start.
 *
 * Scripts are `modulepreload` (fetched and parsed, run only when imported), styles `preload`
 * (fetched, applied only when the chunk's code inserts them: no render-blocking stylesheet).
 * `crossorigin` as Vite writes on its own script tag, so that the fetch is the one the import
 * makes (HTML Standard, "module preload": the credentials mode must match). `fetchpriority="low"`
 * as on the shell's own script (scripts/build/low-priority-scripts.ts): none of them is needed for
 * the first paint, which the page's head in the shell makes (docs/decisions/0010).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { ALL_PAGE_MODULES } from './page-modules'

/** Where `vite build` writes its manifest (Vite's `build.manifest: true`). */
export const MANIFEST_PATH = path.join('.vite', 'manifest.json')

const ManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    src: z.string().optional(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
)
type Manifest = z.infer<typeof ManifestSchema>

/** The first load's entry in the manifest: the shell's own script (Vite's key for index.html). */
const FIRST_LOAD_ENTRY = 'index.html'

/** A file name of the build as a page links it: only the hashed names Vite writes. */
const ASSET_FILE = /^assets\/[\w.-]+\.(js|css)$/

export interface PagePreload {
  /** The tags for these modules (page-modules.ts), without what the first load holds already. */
  linksFor(modules: readonly string[]): string
  /**
   * The `<script>` tags that run these entries (page-modules.ts `pageScripts`), each after the
   * preloads of what it imports. `async`: an entry runs as soon as it and its imports are here,
   * not once the document is parsed and the scripts before it have run (HTML Standard, "prepare
   * the script element"); at the default priority: on the callback, the exchange it starts is
   * what the page waits for (docs/decisions/0011-early-code-exchange.md).
   */
  scriptsFor(entries: readonly string[]): string
}

const NO_PRELOAD: PagePreload = { linksFor: () => '', scriptsFor: () => '' }

/** The chunks and styles a manifest entry needs, its static imports first (depth first). */
function collect(manifest: Manifest, key: string, files: Set<string>, seen: Set<string>): void {
  if (seen.has(key)) return
  seen.add(key)
  const entry = manifest[key]
  if (entry === undefined) return
  for (const imported of entry.imports ?? []) collect(manifest, imported, files, seen)
  files.add(entry.file)
  for (const css of entry.css ?? []) files.add(css)
}

function checked(file: string): string {
  if (!ASSET_FILE.test(file)) throw new Error(`The build's manifest names an odd file: ${file}`)
  return file
}

function tag(file: string, priority = ' fetchpriority="low"'): string {
  return checked(file).endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin${priority} href="/${file}" />`
    : `<link rel="modulepreload" crossorigin${priority} href="/${file}" />`
}

export function readPagePreload(root: string): PagePreload {
  const manifestPath = path.join(root, MANIFEST_PATH)
  // A build without a manifest (an older dist/) loads its chunks as it always did: slower, whole.
  if (!existsSync(manifestPath)) return NO_PRELOAD
  const manifest = ManifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')))
  const bySource = new Map<string, string>()
  for (const [key, entry] of Object.entries(manifest)) {
    if (entry.src !== undefined) bySource.set(entry.src, key)
  }
  // What the first load holds (index.html's entry and its static imports) is in the shell
  // already. Not another entry's: the callback's early script loads on the callback alone.
  const initialSeen = new Set<string>()
  collect(manifest, FIRST_LOAD_ENTRY, new Set<string>(), initialSeen)
  const missing = ALL_PAGE_MODULES.filter((module) => !bySource.has(module))
  if (missing.length > 0) {
    throw new Error(
      `The build at ${root} has no ${missing.join(', ')}: src/proxy/shell/page-modules.ts names modules the app no longer has (or the build is older than the server).`,
    )
  }
  // Tags per distinct list of modules, built once: shells are asked for on every page load.
  const cache = new Map<string, string>()
  const once = (cacheKey: string, build: () => string) => {
    let tags = cache.get(cacheKey)
    if (tags === undefined) cache.set(cacheKey, (tags = build()))
    return tags
  }
  const keyOf = (module: string) => {
    const key = bySource.get(module)
    // Every module of the table was checked above; another is not the table's.
    if (key === undefined) throw new Error(`${module} is not in src/proxy/shell/page-modules.ts`)
    return key
  }
  return {
    linksFor(modules) {
      return once(`links\n${modules.join('\n')}`, () => {
        const files = new Set<string>()
        const seen = new Set(initialSeen)
        for (const module of modules) collect(manifest, keyOf(module), files, seen)
        return [...files].map((file) => tag(file)).join('')
      })
    },
    scriptsFor(entries) {
      return once(`scripts\n${entries.join('\n')}`, () =>
        entries
          .map((entry) => {
            const key = keyOf(entry)
            const file = manifest[key]?.file
            if (file === undefined) throw new Error(`${entry} has no file in the build`)
            const files = new Set<string>()
            collect(manifest, key, files, new Set(initialSeen))
            // The entry's own file is the script below, not a preload.
            files.delete(file)
            const preloads = [...files].map((imported) => tag(imported, '')).join('')
            return `${preloads}<script type="module" async crossorigin src="/${checked(file)}"></script>`
          })
          .join(''),
      )
    },
  }
}
