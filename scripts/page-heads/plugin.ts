/**
 * A Vite build step: renders each page's head (./render.tsx, src/proxy/shell/page-head-contract.ts) once
 * the bundle is written, and writes them beside the build's manifest. Every `vite build` runs it
 * (`npm run build`, the benchmark's and the tests' builds), so a build never has stale heads.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { PAGE_HEADS_FILE } from '../../src/proxy/shell/page-head-contract.ts'
import type { renderPageHeads } from './render'

export function prerenderPageHeads(): Plugin {
  let root = process.cwd()
  let outDir = 'dist'
  return {
    name: 'prerender-page-heads',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      // Vite's own SSR loader: the pages import CSS and JSX, which plain Node does not load.
      const { createServer } = await import('vite')
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      })
      try {
        const render = (await server.ssrLoadModule(
          path.join(root, 'scripts/page-heads/render.tsx'),
        )) as { renderPageHeads: typeof renderPageHeads }
        const file = path.join(outDir, PAGE_HEADS_FILE)
        mkdirSync(path.dirname(file), { recursive: true })
        writeFileSync(file, JSON.stringify(await render.renderPageHeads()))
      } finally {
        await server.close()
      }
    },
  }
}
