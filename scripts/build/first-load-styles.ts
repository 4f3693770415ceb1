/**
 * The first load's stylesheet taken out of the lazy chunks' preload lists. The server puts that
 * stylesheet in every page as a `<style>` instead of the build's `<link>`
 * (src/proxy/shell/inline-styles.ts; docs/decisions/0013-inline-styles-and-compile-hints.md).
 * Vite's preload helper, which runs before a lazy chunk is imported, fetches and applies each
 * stylesheet of the chunk's list that no `<link rel="stylesheet">` of the page names; and the
 * list of a chunk that imports from the first load's chunk names that chunk's stylesheet too (on
 * the callback, the landing page's). The page would then fetch the file and apply its rules a
 * second time over the `<style>`. Without it in the lists, nothing asks for it, in any browser;
 * the built index.html keeps its `<link>`, so the build works served by anything else as well.
 *
 * `build.modulePreload.resolveDependencies` cannot do it: Vite hands it a list's scripts only
 * and adds the stylesheets after it (vite/dist/node, buildImportAnalysisPlugin).
 */
import type { Plugin, Rolldown } from 'vite'

/** The line Vite puts first in a chunk that preloads: its dependency list, as JSON. */
const MAP_DEPS_LINE =
  /^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>i\.map\(i=>d\[i\]\);$/m
/** Each dynamic import's dependencies: indices into that list. */
const MAP_DEPS_CALL = /__vite__mapDeps\(\[([\d,]*)\]\)/g

/** `code` with `files` gone from its preload list, and every index into the list moved along. */
export function withoutPreloadDeps(code: string, files: ReadonlySet<string>): string {
  const line = MAP_DEPS_LINE.exec(code)
  if (line === null) return code
  const [whole, list = '[]'] = line
  const deps = JSON.parse(list) as string[]
  if (!deps.some((dep) => files.has(dep))) return code
  const kept = deps.filter((dep) => !files.has(dep))
  const moved = deps.map((dep) => (files.has(dep) ? undefined : kept.indexOf(dep)))
  const rest = code.slice(line.index + whole.length).replace(MAP_DEPS_CALL, (_call, indices) => {
    const remaining = (indices as string)
      .split(',')
      .filter((index) => index !== '')
      .map((index) => {
        if (Number(index) >= deps.length) {
          throw new Error(`A preload names dependency ${index} of a list of ${deps.length}`)
        }
        return moved[Number(index)]
      })
      .filter((index) => index !== undefined)
    return `__vite__mapDeps([${remaining.join(',')}])`
  })
  return `${code.slice(0, line.index)}${whole.replace(list, () => JSON.stringify(kept))}${rest}`
}

/** The stylesheets index.html links: its entry chunk's and those of the chunks that imports. */
export function firstLoadStylesheets(bundle: Rolldown.OutputBundle): Set<string> {
  const styles = new Set<string>()
  const seen = new Set<string>()
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (seen.has(chunk.fileName)) return
    seen.add(chunk.fileName)
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css)
    for (const imported of chunk.imports) {
      const next = bundle[imported]
      if (next?.type === 'chunk') visit(next)
    }
  }
  for (const chunk of Object.values(bundle)) {
    if (chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html')) {
      visit(chunk)
    }
  }
  return styles
}

export function firstLoadStylesNotPreloaded(): Plugin {
  return {
    name: 'first-load-styles-not-preloaded',
    apply: 'build',
    generateBundle: {
      // After Vite's own, which writes the lists.
      order: 'post',
      handler(_options, bundle) {
        const styles = firstLoadStylesheets(bundle)
        if (styles.size === 0) return
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk') chunk.code = withoutPreloadDeps(chunk.code, styles)
        }
      },
    },
  }
}
