import { fileURLToPath } from 'node:url'
import type { Rolldown } from 'vite'
import { defineConfig, type Plugin } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { prerenderPageHeads } from './scripts/page-heads/plugin.ts'
import { precompress } from './scripts/precompress.ts'
import { reactRouterProductionBuild } from './scripts/react-router-production.ts'

/**
 * `fetchpriority="low"` on the shell's script and its module preloads: they run after the first
 * paint anyway (module scripts are deferred; the page's head is in the shell, src/protocol/
 * page-heads.ts), so on a slow link the stylesheet the paint waits for goes first. Also what
 * Lighthouse's simulation needs to see that they block no paint: it counts every High-priority
 * script as render-blocking (docs/decisions/0010-page-heads-in-the-shell.md).
 * src/proxy/shell/page-preload.ts writes the page's own preloads the same way.
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
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+) on the first load's
 * chunk: every page runs most of it as it starts (React, the router, the query client, the
 * shell), so V8 compiles its functions on the thread that streams the file instead of one by one
 * on the main thread as they are first called. Cold loads of /me at 4× CPU: long tasks 305 →
 * 218 ms, median of 10 each, interleaved (`npm run bench:long-tasks`; docs/decisions/0013).
 * Other browsers ignore a comment. Added after minification, which drops comments; the lazy
 * chunks keep V8's lazy compilation, as most of their functions run only on some pages.
 */
function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own, which puts its `__vite__mapDeps` line first.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry || chunk.facadeModuleId === null) continue
          if (!chunk.facadeModuleId.endsWith('/index.html')) continue
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`
        }
      },
    },
  }
}

/**
 * The magic comment, on the first line of a file (v8.dev/blog/explicit-compile-hints);
 * bench/bundle-budget.test.ts checks where it is.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/**
 * Whether a module is part of index.html's static graph (its entry and what that imports, not
 * dynamically): the first load's chunk holds exactly those. Rolldown's `$initial` tag would take
 * the static graph of every entry, and the callback's early exchange (an entry of its own, with
 * zod) must not bring its modules into every page's first load.
 */
function firstLoadGroup(): Rolldown.CodeSplittingNameFunction {
  const graphOf = staticGraphOf(['index.html'])
  return (id, context) => (graphOf(context).has(id) ? 'first-load' : null)
}

type GroupContext = Parameters<Rolldown.CodeSplittingNameFunction>[1]

/** A module's id in Rolldown's graph: its absolute path. */
const moduleId = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/**
 * The modules `roots` (paths from the project's root) import statically, themselves included,
 * from Rolldown's module graph: walked once per build, the name functions asking per module.
 */
function staticGraphOf(roots: readonly string[]): (context: GroupContext) => Set<string> {
  const own = roots.map(moduleId)
  const graphs = new WeakMap<GroupContext, Set<string>>()
  return (context) => {
    let graph = graphs.get(context)
    if (graph !== undefined) return graph
    graph = new Set<string>()
    const stack = [...own]
    while (stack.length > 0) {
      const next = stack.pop() as string
      if (graph.has(next)) continue
      graph.add(next)
      stack.push(...(context.getModuleInfo(next)?.importedIds ?? []))
    }
    graphs.set(context, graph)
    return graph
  }
}

/**
 * A chunk `name` for what `roots` import statically. The roots keep chunks of their own: each is
 * an entry or imported lazily, and the server finds such a module's chunk in the build's manifest
 * by its module (src/proxy/shell/page-preload.ts), which names only a chunk the module starts.
 */
function importsOfGroup(
  name: string,
  roots: readonly string[],
  /**
   * Only what something outside the roots' graph imports too: the Chinese catalog's own parts
   * (each feature's messages.zh.ts, the explorer's Chinese summaries) stay in its chunk.
   */
  options: { sharedOnly?: boolean } = {},
): Rolldown.CodeSplittingNameFunction {
  const graphOf = staticGraphOf(roots)
  const own = new Set(roots.map(moduleId))
  return (id, context) => {
    const graph = graphOf(context)
    if (!graph.has(id) || own.has(id)) return null
    if (options.sharedOnly !== true) return name
    const importers = context.getModuleInfo(id)?.importers ?? []
    return importers.some((importer) => !graph.has(importer)) ? name : null
  }
}

/**
 * The small modules lazy pages share (formatting, the API error notice, the scope helpers, …),
 * merged by which pages use them. Left to the automatic splitting, each was a file of its own,
 * and a page's shell preloaded 20–35 of them. Every file is a request: a phone on a slow link
 * waits a round trip for it (Lighthouse's Largest Contentful Paint counts every request before
 * the paint: `/` went from 2.2 to 2.1 s, decision 0008), and the login's fresh renderer reads
 * each from the HTTP cache.
 * Groups under MERGE_BELOW bytes join their closest neighbour, so a page may load a little code
 * it does not run (bench/bundle-budget.test.ts keeps each route within its budget). Lazily
 * imported modules stay at the head of their own chunks, as in importsOfGroup.
 */
function sharedHelpersGroup(): Rolldown.CodeSplittingNameFunction {
  return (id, context) =>
    (context.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0 ? null : SHARED_CHUNK
}

/** The shared helpers' chunk name (sharedHelpersGroup); their files are `shared-<hash>`. */
const SHARED_CHUNK = 'shared'
/**
 * Bytes of source under which a group of shared helpers joins its closest neighbour. 6 000 takes
 * /me from 30 script files to 17 and / from 22 to 15; at 12 000 the explorer and the Chinese
 * catalog outgrew the route budget and the early script's imports came to include the first
 * load's chunk (bench/bundle-budget.test.ts).
 */
const MERGE_BELOW = 6_000

// The client secret's variable is YUQUE_CLIENT_SECRET: it does not start with the envPrefix, so
// Vite never exposes it to the bundle (docs/security.md#h1). Never set envPrefix to ''.
export default defineConfig({
  plugins: [
    react(),
    reactRouterProductionBuild(),
    precompress(),
    prerenderPageHeads(),
    lowPriorityScripts(),
    compileHints(),
  ],
  envPrefix: 'VITE_',
  build: {
    outDir: 'dist',
    // No source maps in production: they would publish the whole source, comments included
    // (src/proxy/shell/web-app.ts refuses to serve *.map as well).
    sourcemap: false,
    target: 'es2022',
    // Every browser of the target but Safari < 17 knows <link rel=modulepreload>; there the
    // links are ignored and chunks load when imported: slower, never broken. ~0.2 kB gzip of
    // the first load is worth more (bench/bundle-budget.test.ts).
    modulePreload: { polyfill: false },
    // The server reads which chunks each page needs from it, and announces them in the page's
    // shell (src/proxy/shell/page-preload.ts); it never serves the manifest itself (web-app.ts).
    manifest: true,
    rolldownOptions: {
      // The callback's early exchange is an entry of its own, which the server puts first in the
      // `/callback` shell (src/web/callback/early-exchange.ts; docs/decisions/0011).
      input: { index: 'index.html', 'early-exchange': 'src/web/callback/early-exchange.ts' },
      output: {
        // Rolldown names an entries-aware group's chunks after the pages that share each
        // (`shared~a~b~…`): one plain name instead, the hash telling them apart.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith(`${SHARED_CHUNK}~`)
            ? `assets/${SHARED_CHUNK}-[hash].js`
            : 'assets/[name]-[hash].js',
        assetFileNames: (asset) =>
          (asset.names[0] ?? '').startsWith(`${SHARED_CHUNK}~`)
            ? `assets/${SHARED_CHUNK}-[hash][extname]`
            : 'assets/[name]-[hash][extname]',
        // Everything index.html's entry imports statically in one chunk (firstLoadGroup: the
        // $initial tag narrowed to that entry): otherwise each module a lazy chunk shares with
        // the first load (React, the i18n store, …) becomes a file of its own, and seven small
        // files compress ~1.7 kB worse than one (bench/bundle.ts).
        codeSplitting: {
          groups: [
            { name: firstLoadGroup(), debugName: 'first-load', tags: ['$initial'], priority: 5 },
            // Apart from the pages' helpers: what every page loads as its first request leaves
            // (its own budget, bench/bundle.ts); the callback's early script's imports, which load
            // before the app and must bring no chunk of it (src/web/callback/early-exchange.ts);
            // the few helpers the Chinese catalog shares with the pages, in one small chunk
            // (among the pages' groups it brought three, over the route budget).
            {
              name: importsOfGroup('first-request', [
                'src/web/lib/validate.ts',
                'src/protocol/session-schemas.ts',
              ]),
              debugName: 'first-request',
              priority: 4,
            },
            {
              name: importsOfGroup('early-imports', ['src/web/callback/early-exchange.ts']),
              debugName: 'early-imports',
              priority: 3,
            },
            {
              name: importsOfGroup('zh-shared', ['src/web/i18n/zh.ts'], { sharedOnly: true }),
              debugName: 'zh-shared',
              priority: 2,
            },
            {
              name: sharedHelpersGroup(),
              debugName: SHARED_CHUNK,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: MERGE_BELOW,
            },
          ],
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
