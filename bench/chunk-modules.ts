/**
 * Which source modules each chunk of a build holds: what the manifest does not say (it names a
 * chunk by the module that starts it, not by what else the bundler put in it). The benchmark's
 * builds of the app write it beside the manifest (bundle.ts, buildApp), in `.vite/`, which the
 * server never serves (src/proxy/shell/web-app.ts); `npm run build` writes none.
 *
 * With it, a chunk is known to carry Chinese by what it holds, not by its name: an English
 * visitor must load none (bench/page-downloads.ts, bench/bundle-budget.test.ts).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin } from 'vite'
import { z } from 'zod'

export const CHUNK_MODULES_PATH = path.join('.vite', 'chunk-modules.json')

/** `assets/<file>.js` → its modules, as paths from the project's root (node_modules left out). */
export type ChunkModules = Record<string, string[]>

/** Writes CHUNK_MODULES_PATH into the build's output directory. */
export function chunkModules(projectRoot: string): Plugin {
  const chunks: ChunkModules = {}
  return {
    name: 'bench-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        chunks[chunk.fileName] = chunk.moduleIds
          .map((id) => path.relative(projectRoot, id).split(path.sep).join('/'))
          .filter((id) => !id.startsWith('node_modules/') && !id.startsWith('..'))
      }
    },
    async writeBundle(options) {
      if (options.dir === undefined) return
      const file = path.join(options.dir, CHUNK_MODULES_PATH)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, `${JSON.stringify(chunks, null, 1)}\n`)
    },
  }
}

export async function readChunkModules(buildDir: string): Promise<ChunkModules> {
  const text = await readFile(path.join(buildDir, CHUNK_MODULES_PATH), 'utf8')
  return z.record(z.string(), z.array(z.string())).parse(JSON.parse(text))
}

/**
 * A module of the Chinese catalog, by the names docs/decisions/0009-i18n.md gives them: each
 * feature's `messages.zh.ts(x)`, the explorer's `summaries-zh.gen.ts`, the scopes' Chinese table
 * (src/protocol/scope-meanings.zh.ts) and src/web/i18n/zh.ts, which imports them all.
 * bench/bundle-budget.test.ts holds the names to the build: the Chinese catalog's chunk holds
 * these and nothing else.
 */
export function isChineseModule(module: string): boolean {
  return /(?:^|[.-])zh(?:\.gen)?\.tsx?$/.test(path.posix.basename(module))
}

/** The chunks of a build that hold a module of the Chinese catalog. */
export function chineseChunks(chunks: ChunkModules): Set<string> {
  return new Set(
    Object.entries(chunks)
      .filter(([, modules]) => modules.some(isChineseModule))
      .map(([file]) => file),
  )
}
