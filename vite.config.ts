import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { appChunkGroups, assetFileNames, chunkFileNames } from './scripts/build/chunk-groups.ts'
import { compileHints } from './scripts/build/compile-hints.ts'
import { firstLoadStylesNotPreloaded } from './scripts/build/first-load-styles.ts'
import { lowPriorityScripts } from './scripts/build/low-priority-scripts.ts'
import { prerenderPageHeads } from './scripts/page-heads/plugin.ts'
import { precompress } from './scripts/precompress.ts'
import { reactRouterProductionBuild } from './scripts/react-router-production.ts'

// The client secret's variable is YUQUE_CLIENT_SECRET: it does not start with the envPrefix, so
// Vite never exposes it to the bundle (docs/security.md#h1). Never set envPrefix to ''.
export default defineConfig({
  plugins: [
    react(),
    reactRouterProductionBuild(),
    precompress(),
    prerenderPageHeads(),
    lowPriorityScripts(),
    firstLoadStylesNotPreloaded(),
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
      // How the app is split into files, and why: scripts/build/chunk-groups.ts.
      output: { chunkFileNames, assetFileNames, codeSplitting: { groups: appChunkGroups() } },
    },
  },
  server: { host: 'localhost', port: 5173, strictPort: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 15_000,
  },
})
