/** A build's directory with a manifest as Vite writes it, for the tests of page-preload.ts. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ALL_PAGE_MODULES, CALLBACK_EARLY_ENTRY } from '../proxy/shell/page-modules'
import { MANIFEST_PATH } from '../proxy/shell/page-preload'

const chunk = (source: string) => `assets/${path.basename(source).replace(/\.\w+$/, '')}-h4sh.js`

/** The entry, a shared chunk, every page module (or `modules`), and `extra` entries. */
export function buildWith(extra: Record<string, unknown> = {}, modules = ALL_PAGE_MODULES): string {
  const root = mkdtempSync(path.join(tmpdir(), 'page-preload-'))
  const manifest: Record<string, unknown> = {
    'index.html': {
      file: 'assets/index-h4sh.js',
      src: 'index.html',
      isEntry: true,
      imports: ['_runtime-h4sh.js'],
      css: ['assets/index-h4sh.css'],
    },
    '_runtime-h4sh.js': { file: 'assets/runtime-h4sh.js' },
    '_shared-h4sh.js': { file: 'assets/shared-h4sh.js', imports: ['index.html'] },
    // What the callback's early script imports, and the connect page too (vite.config.ts).
    '_pending-states-h4sh.js': { file: 'assets/pending-states-h4sh.js' },
  }
  for (const module of modules) {
    manifest[module] =
      module === CALLBACK_EARLY_ENTRY
        ? { file: chunk(module), src: module, isEntry: true, imports: ['_pending-states-h4sh.js'] }
        : {
            file: chunk(module),
            src: module,
            isDynamicEntry: true,
            imports: ['index.html', '_runtime-h4sh.js'],
          }
  }
  Object.assign(manifest, extra)
  mkdirSync(path.join(root, path.dirname(MANIFEST_PATH)), { recursive: true })
  writeFileSync(path.join(root, MANIFEST_PATH), JSON.stringify(manifest))
  return root
}
