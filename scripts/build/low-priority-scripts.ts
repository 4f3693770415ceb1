/**
 * `fetchpriority="low"` on the shell's script and its module preloads: they run after the first
 * paint anyway (module scripts are deferred; the page's head is in the shell,
 * src/proxy/shell/page-head-contract.ts), so on a slow link what the paint waits for goes first.
 * Also what Lighthouse's simulation needs to see that they block no paint: it counts every
 * High-priority script as render-blocking (docs/decisions/0010-page-heads-in-the-shell.md).
 * src/proxy/shell/page-preload.ts writes the page's own preloads the same way.
 */
import type { Plugin } from 'vite'

/** index.html's module script and module preloads, each with `fetchpriority="low"`. */
export function withLowPriorityScripts(html: string): string {
  return html
    .replaceAll('<script type="module" crossorigin', '$& fetchpriority="low"')
    .replaceAll('<link rel="modulepreload" crossorigin', '$& fetchpriority="low"')
}

export function lowPriorityScripts(): Plugin {
  return {
    name: 'low-priority-scripts',
    apply: 'build',
    // After Vite's own, which writes the tags.
    transformIndexHtml: { order: 'post', handler: withLowPriorityScripts },
  }
}
