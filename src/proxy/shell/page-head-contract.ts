/**
 * Each page's head (h1 and lede) in the page's shell, painted before any script runs: the
 * largest text of a page is on screen with the first paint instead of after the app's code and
 * the page's chunk have come and run (Lighthouse's Largest Contentful Paint on a phone,
 * bench/lighthouse.ts). Rendered at build time by the pages' own components
 * (scripts/page-heads/render.tsx) into `dist/.vite/page-heads.json`; the server reads them
 * (page-heads.ts) and puts a page's head in its shell (web-app.ts), and the router's first render
 * draws that same head around its loading line until the page takes over
 * (src/web/app-router.tsx): nothing moves.
 *
 * What the build and the shell agree on: where the file is, what it holds, and where a head goes
 * in the shell. With the shell, which reads it on every page; the build step imports it from
 * here. Not in src/protocol, which holds only what the browser and the servers share at run
 * time: the web app reads the head from the page, not from this file.
 */
import type { Locale } from '../../protocol/locale'

/** Where the build writes the heads in its output: beside its manifest, which no page serves. */
export const PAGE_HEADS_FILE = '.vite/page-heads.json'

/** By page module (page-modules.ts): the page's outer class, and its head in each language. */
export type PageHeads = Record<string, { className: string; html: Record<Locale, string> }>

/** The shell's `<main>` and the loading line the router draws there first (index.html). */
const SHELL_MAIN = /(<main id="main" tabindex="-1">)(<p class="app-loading">[^<]*<\/p>)(<\/main>)/

const PAGE_HEAD_OPEN = '<header class="page-head">'
/**
 * What base.css selects on: the shell's head (an attribute), and the marker that ends it, an
 * element the browser's own stylesheet never draws (`hidden`).
 */
const SHELL_HEAD_ATTRIBUTE = 'data-shell'
const SHELL_HEAD_END = '<i hidden></i>'

/**
 * The shell with a page's head above its loading line, in the page's outer element, as the
 * router's first render draws it (app-router.tsx). A shell without the expected `<main>` is
 * returned as it is: no head, never a broken page.
 */
export function withPageHead(shell: string, head: { className: string; html: string }): string {
  const marked = markShellHead(head.html)
  // A function, not a replacement string: `$` in a head's text is not a pattern.
  return shell.replace(
    SHELL_MAIN,
    (_all, open: string, loading: string, close: string) =>
      `${open}<div class="${head.className}">${marked}${loading}</div>${close}`,
  )
}

/**
 * The shell's head is drawn whole or not at all: on a busy machine the HTML parser may yield, and
 * a frame be painted, between the h1 and the end of the lede. So the head is marked as the
 * shell's and ends with an empty marker, and the first-load stylesheet keeps a marked head
 * hidden (its box kept) until the marker has been parsed (src/web/lib/base.css; the truncated
 * shell of e2e/page-head.spec.ts). A head without the expected tags is left as it is.
 */
function markShellHead(html: string): string {
  if (!html.startsWith(PAGE_HEAD_OPEN) || !html.endsWith('</header>')) return html
  return `<header class="page-head" ${SHELL_HEAD_ATTRIBUTE}>${html.slice(PAGE_HEAD_OPEN.length, -'</header>'.length)}${SHELL_HEAD_END}</header>`
}
