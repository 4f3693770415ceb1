/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+) on the first load's
 * chunk: every page runs most of it as it starts (React, the router, the query client, the
 * shell), so V8 compiles its functions on the thread that streams the file instead of one by one
 * on the main thread as they are first called. Cold loads of /me at 4× CPU: long tasks 305 →
 * 218 ms, median of 10 each, interleaved (`npm run bench:long-tasks`;
 * docs/decisions/0013-inline-styles-and-compile-hints.md). Other browsers ignore a comment.
 * Added after minification, which drops comments; the lazy chunks keep V8's lazy compilation,
 * as most of their functions run only on some pages.
 */
import type { Plugin } from 'vite'

/**
 * The magic comment, on the first line of a file (v8.dev/blog/explicit-compile-hints);
 * bench/bundle-budget.test.ts checks where it is in the app's build.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad'

export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own, which puts its `__vite__mapDeps` line first.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue
          if (chunk.facadeModuleId?.endsWith('/index.html') !== true) continue
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`
        }
      },
    },
  }
}
