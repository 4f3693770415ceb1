/**
 * The first load's stylesheet inside the shell, as a `<style>`: the first paint then waits for
 * the page alone, not for a second request, a round trip on a phone
 * (docs/decisions/0013-inline-styles-and-compile-hints.md). The CSP allows exactly these
 * contents by their hash (CSP3 §8.3 hash-source), not 'unsafe-inline'.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** Vite's tag for the entry's CSS in index.html. */
const FIRST_LOAD_STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g

export interface InlinedStyles {
  html: string
  /** CSP hash-sources of the `<style>` contents, e.g. `'sha256-…'`. */
  hashes: string[]
}

export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`
}

/**
 * Each first-load stylesheet of `html` as a `<style>` with its contents (read from `root`, the
 * build's directory), in place of its link. No link to the file stays: nothing asks for it
 * later either, as the build takes it out of the lazy chunks' preload lists, which Vite's preload
 * helper would otherwise load it from (scripts/build/first-load-styles.ts).
 */
export function inlineFirstLoadStyles(html: string, root: string): InlinedStyles {
  const hashes: string[] = []
  const inlined = html.replace(FIRST_LOAD_STYLESHEET, (_tag, href: string) => {
    const file = path.join(root, href)
    if (!existsSync(file)) {
      throw new Error(
        `index.html links ${href}, which the build in ${root} lacks: run npm run build`,
      )
    }
    const css = readFileSync(file, 'utf8')
    // `</style` would end the element early (HTML §13.1.2.6, raw text elements).
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style": it cannot be inlined`)
    hashes.push(styleHash(css))
    return `<style>${css}</style>`
  })
  return { html: inlined, hashes }
}
