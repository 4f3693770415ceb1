import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Rolldown } from 'vite'
import { defineConfig, type Plugin } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { prerenderPageHeads } from './scripts/page-heads/plugin.ts'

/**
 * Writes `.br` and `.gz` beside every text asset of the build, so that the production server
 * (src/proxy/web-app.ts, `serveStatic({ precompressed: true })`) sends compressed files with no
 * work per request.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|svg|json|txt)$/.test(entry.name)) continue
        const file = path.join(entry.parentPath, entry.name)
        const content = readFileSync(file)
        if (content.length < 1024) continue
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
      }
    },
  }
}

/**
 * `fetchpriority="low"` on the shell's script and its module preloads: they run after the first
 * paint anyway (module scripts are deferred; the page's head is in the shell, src/protocol/
 * page-heads.ts), so on a slow link the stylesheet the paint waits for goes first. Also what
 * Lighthouse's simulation needs to see that they block no paint: it counts every High-priority
 * script as render-blocking (docs/decisions/0010-page-heads-in-the-shell.md).
 * src/proxy/page-preload.ts writes the page's own preloads the same way.
 */
function lowPriorityScripts(): Plugin {
  return {
    name: 'low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replaceAll('<script type="module" crossorigin', '$& fetchpriority="low"')
          .replaceAll('<link rel="modulepreload" crossorigin', '$& fetchpriority="low"'),
    },
  }
}

/**
 * Whether a module is part of index.html's static graph (its entry and what that imports, not
 * dynamically): the first load's chunk holds exactly those. Rolldown's `$initial` tag would take
 * the static graph of every entry, and the callback's early exchange (an entry of its own, with
 * zod) must not bring its modules into every page's first load.
 */
function firstLoadGroup(): Rolldown.CodeSplittingNameFunction {
  const reachable = new WeakMap<object, Set<string>>()
  return (id, context) => {
    let graph = reachable.get(context)
    if (graph === undefined) {
      graph = new Set()
      const stack = [fileURLToPath(new URL('index.html', import.meta.url))]
      while (stack.length > 0) {
        const next = stack.pop() as string
        if (graph.has(next)) continue
        graph.add(next)
        stack.push(...(context.getModuleInfo(next)?.importedIds ?? []))
      }
      reachable.set(context, graph)
    }
    return graph.has(id) ? 'first-load' : null
  }
}

// The client secret's variable is YUQUE_CLIENT_SECRET: it does not start with the envPrefix, so
// Vite never exposes it to the bundle (checklist H1). Never set envPrefix to ''.
export default defineConfig({
  plugins: [react(), precompress(), prerenderPageHeads(), lowPriorityScripts()],
  envPrefix: 'VITE_',
  build: {
    outDir: 'dist',
    // No source maps in production: they would publish the whole source, comments included
    // (src/proxy/web-app.ts refuses to serve *.map as well).
    sourcemap: false,
    target: 'es2022',
    // Every browser of the target but Safari < 17 knows <link rel=modulepreload>; there the
    // links are ignored and chunks load when imported: slower, never broken. ~0.2 kB gzip of
    // the first load is worth more (bench/bundle-budget.test.ts).
    modulePreload: { polyfill: false },
    // The server reads which chunks each page needs from it, and announces them in the page's
    // shell (src/proxy/page-preload.ts); it never serves the manifest itself (web-app.ts).
    manifest: true,
    rolldownOptions: {
      // The callback's early exchange is an entry of its own, which the server puts first in the
      // `/callback` shell (src/web/callback/early-exchange.ts; docs/decisions/0011).
      input: { index: 'index.html', 'early-exchange': 'src/web/callback/early-exchange.ts' },
      output: {
        // Everything index.html's entry imports statically in one chunk (firstLoadGroup: the
        // $initial tag narrowed to that entry): otherwise each module a lazy chunk shares with
        // the first load (React, the i18n store, …) becomes a file of its own, and seven small
        // files compress ~1.7 kB worse than one (bench/bundle.ts).
        codeSplitting: {
          groups: [{ name: firstLoadGroup(), debugName: 'first-load', tags: ['$initial'] }],
        },
      },
    },
  },
  server: { host: 'localhost', port: 5173, strictPort: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 15_000,
  },
})
