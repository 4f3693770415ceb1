/**
 * How the build splits the web app into files: Rolldown's `codeSplitting.groups` and the file
 * names of what they make (vite.config.ts `build.rolldownOptions.output`). Why each group exists,
 * and what it was measured to save, is in docs/decisions/0008-first-load-module-granularity.md;
 * bench/bundle-budget.test.ts fails the build's tests when a group brings a budget over.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Rolldown } from 'vite'

type NameFunction = Rolldown.CodeSplittingNameFunction
type GroupContext = Parameters<NameFunction>[1]

/** The project's root, where the groups' source paths start. */
const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The shared helpers' chunk name (sharedHelpersGroup); their files are `shared-<hash>`. */
const SHARED_CHUNK = 'shared'

/**
 * Bytes of source under which a group of shared helpers joins its closest neighbour. 6 000 takes
 * /me from 30 script files to 17 and / from 22 to 15; at 12 000 the explorer and the Chinese
 * catalog outgrew the route budget and the early script's imports came to include the first
 * load's chunk (bench/bundle-budget.test.ts).
 */
const MERGE_BELOW = 6_000

/**
 * The modules `roots` (absolute ids, as Rolldown names modules) import statically, themselves
 * included, from Rolldown's module graph: walked once per build, the name functions asking per
 * module.
 */
export function staticGraphOf(roots: readonly string[]): (context: GroupContext) => Set<string> {
  const graphs = new WeakMap<GroupContext, Set<string>>()
  return (context) => {
    let graph = graphs.get(context)
    if (graph !== undefined) return graph
    graph = new Set<string>()
    const stack = [...roots]
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
 * `name` for each module of `entry`'s static graph (its own module and what that imports, not
 * dynamically): the first load's chunk holds exactly those. Rolldown's `$initial` tag would take
 * the static graph of every entry, and the callback's early exchange (an entry of its own, with
 * zod) must not bring its modules into every page's first load.
 */
export function firstLoadGroup(name: string, entry: string): NameFunction {
  const graphOf = staticGraphOf([entry])
  return (id, context) => (graphOf(context).has(id) ? name : null)
}

/**
 * A chunk `name` for what `roots` import statically. The roots keep chunks of their own: each is
 * an entry or imported lazily, and the server finds such a module's chunk in the build's manifest
 * by its module (src/proxy/shell/page-preload.ts), which names only a chunk the module starts.
 */
export function importsOfGroup(
  name: string,
  roots: readonly string[],
  /**
   * Only what something outside the roots' graph imports too: the Chinese catalog's own parts
   * (each feature's messages.zh.ts, the explorer's Chinese summaries) stay in its chunk.
   */
  options: { sharedOnly?: boolean } = {},
): NameFunction {
  const graphOf = staticGraphOf(roots)
  const own = new Set(roots)
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
export function sharedHelpersGroup(name: string): NameFunction {
  return (id, context) =>
    (context.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0 ? null : name
}

/** The modules, from the project's root, whose imports the web app's groups gather. */
export const GROUP_ROOTS = {
  firstLoad: 'index.html',
  // tab-sync.ts too (main.tsx imports it as the app starts): its channel's schema needs zod, and
  // left to the shared group its channel was merged into the early script's chunk, which then
  // imported this one (bench/bundle-budget.test.ts, "the callback's early script shares no chunk").
  firstRequest: [
    'src/web/lib/validate.ts',
    'src/protocol/session-schemas.ts',
    'src/web/session/tab-sync.ts',
  ],
  earlyImports: ['src/web/callback/early-exchange.ts'],
  zhShared: ['src/web/i18n/zh.ts', 'src/web/i18n/lab.zh.ts'],
} as const

/** The web app's groups, strongest first; `root` is where GROUP_ROOTS start. */
export function appChunkGroups(root = PROJECT_ROOT): Rolldown.CodeSplittingGroup[] {
  const at = (files: readonly string[]) => files.map((file) => path.join(root, file))
  return [
    // Everything index.html's entry imports statically in one chunk (the $initial tag narrowed
    // to that entry): otherwise each module a lazy chunk shares with the first load (React, the
    // i18n store, …) becomes a file of its own, and seven small files compress ~1.7 kB worse
    // than one (bench/bundle.ts).
    {
      name: firstLoadGroup('first-load', path.join(root, GROUP_ROOTS.firstLoad)),
      debugName: 'first-load',
      tags: ['$initial'],
      priority: 5,
    },
    // Apart from the pages' helpers: what every page loads as its first request leaves (its own
    // budget, bench/bundle.ts); the callback's early script's imports, which load before the
    // app and must bring no chunk of it (src/web/callback/early-exchange.ts); the few helpers
    // the Chinese catalog shares with the pages, in one small chunk (among the pages' groups it
    // brought three, over the route budget).
    {
      name: importsOfGroup('first-request', at(GROUP_ROOTS.firstRequest)),
      debugName: 'first-request',
      priority: 4,
    },
    {
      name: importsOfGroup('early-imports', at(GROUP_ROOTS.earlyImports)),
      debugName: 'early-imports',
      priority: 3,
    },
    {
      name: importsOfGroup('zh-shared', at(GROUP_ROOTS.zhShared), { sharedOnly: true }),
      debugName: 'zh-shared',
      priority: 2,
    },
    {
      name: sharedHelpersGroup(SHARED_CHUNK),
      debugName: SHARED_CHUNK,
      minShareCount: 2,
      entriesAware: true,
      entriesAwareMergeThreshold: MERGE_BELOW,
    },
  ]
}

/**
 * The hash in every file name: 6 characters (36 bits) instead of Rolldown's 8. The first load
 * names each lazy chunk and stylesheet it may ask for (Vite's preload map, the `import()`s of
 * app-router.tsx), ~50 names whose hashes compress not at all: two characters fewer in each
 * took 142 bytes gzip off the first load (bench/bundle-budget.test.ts), which a page of its own
 * (the flow lab, its route and its tab) had cost. A name still changes with its content.
 */
const HASH = '[hash:6]'

/**
 * Rolldown names an entries-aware group's chunks after the pages that share each
 * (`shared~a~b~…`): one plain name instead, the hash telling them apart.
 */
export function chunkFileNames(chunk: { name: string }): string {
  return chunk.name.startsWith(`${SHARED_CHUNK}~`)
    ? `assets/${SHARED_CHUNK}-${HASH}.js`
    : `assets/[name]-${HASH}.js`
}

/** As chunkFileNames, for the styles of those chunks. */
export function assetFileNames(asset: { names: readonly string[] }): string {
  return (asset.names[0] ?? '').startsWith(`${SHARED_CHUNK}~`)
    ? `assets/${SHARED_CHUNK}-${HASH}[extname]`
    : `assets/[name]-${HASH}[extname]`
}
