/**
 * Bundle sizes against the budget: what a first visit to `/` downloads and what each lazy route
 * adds (measured by bench/bundle-measure.ts), the same way for the app and for the floor, a bare
 * app on the same React, TanStack Query and React Router (bench/floor/), both built here into
 * temporary directories with the project's Vite, so neither depends on a stale dist/.
 */
import { cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, loadConfigFromFile, type InlineConfig } from 'vite'
import { precompress } from '../scripts/precompress'
import { reactRouterProductionBuild } from '../scripts/react-router-production'
import { measureBuild, type BundleMeasurement } from './bundle-measure'
import { chunkModules } from './chunk-modules'

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** kB as Vite prints them: 1000 bytes. */
export const KB = 1000

/** The bundle budget, in gzip bytes. */
// The first load is back within floor + 15 kB, the performance target, after two raises (the
// whole-API table, the explorer, Chinese and English had taken it to +25 kB): zod and the
// session's schema load as the first request leaves (FIRST_REQUEST_MODULES of
// bundle-measure.ts, src/web/lib/validate.ts) and the first load is one chunk
// (scripts/build/chunk-groups.ts). A route may add 21 kB: the explorer adds about 20 kB since
// it became a tool one types into (typed fields, chained values, recent calls, a Markdown body,
// the catalogue by keyboard, English lines for the document's parameters); its response's tree,
// headers and snippets load apart, after it paints (response-view.tsx). The first request's
// chunk and all CSS grew by the same change (the tab channel, which every page loads at start,
// moved into the first request's chunk; the response's tools and the offline banner have
// styles). What was tried and measured is in docs/decisions/0008-first-load-module-granularity.md.
export const BUNDLE_BUDGET = {
  firstLoadOverFloor: 15 * KB,
  routeChunk: 21 * KB,
  /** zod, the session's schema and the tab channel, which every page loads as it starts. */
  firstRequest: 11 * KB,
  css: 11 * KB,
} as const

async function projectBuildOptions(): Promise<{ target: unknown; sourcemap: unknown }> {
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    path.join(projectRoot, 'vite.config.ts'),
    projectRoot,
    'silent',
  )
  const options = loaded?.config.build ?? {}
  return { target: options.target, sourcemap: options.sourcemap }
}

/**
 * Vite bakes `process.env.NODE_ENV` into the bundle, and Vitest sets it to `test`: React would
 * then ship its development build. A production build is what users download.
 */
async function viteBuild(config: InlineConfig): Promise<void> {
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ ...config, mode: 'production', logLevel: 'warn' })
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = previous
  }
}

/**
 * The app, built with the project's own vite.config.ts into `outDir` (with a manifest, and which
 * modules each chunk holds: chunk-modules.ts).
 */
export async function buildApp(outDir: string): Promise<void> {
  await viteBuild({
    root: projectRoot,
    configFile: path.join(projectRoot, 'vite.config.ts'),
    plugins: [chunkModules(projectRoot)],
    build: { outDir, emptyOutDir: true, manifest: true },
  })
}

/**
 * The floor: bench/floor/ copied to a temporary directory that sees the project's node_modules,
 * built with the same Vite, React plugin, React Router build (scripts/react-router-production.ts),
 * target and source-map setting as the app, and its files compressed beside them as the app's
 * are (scripts/precompress.ts), so that served (floor-server.ts) it goes over the wire as ours.
 */
export async function buildFloor(outDir: string): Promise<void> {
  const sourceDir = await mkdtemp(path.join(os.tmpdir(), 'bench-floor-src-'))
  try {
    await cp(path.join(projectRoot, 'bench', 'floor'), sourceDir, { recursive: true })
    await symlink(path.join(projectRoot, 'node_modules'), path.join(sourceDir, 'node_modules'))
    await writeFile(path.join(sourceDir, 'package.json'), '{ "type": "module", "private": true }\n')
    const { target, sourcemap } = await projectBuildOptions()
    await viteBuild({
      root: sourceDir,
      configFile: false,
      plugins: [react(), reactRouterProductionBuild(), precompress()],
      build: {
        outDir,
        emptyOutDir: true,
        manifest: true,
        ...(target === undefined ? {} : { target: target as string }),
        ...(sourcemap === undefined ? {} : { sourcemap: sourcemap as boolean }),
      },
    })
  } finally {
    await rm(sourceDir, { recursive: true, force: true })
  }
}

export interface BundleReport {
  app: BundleMeasurement
  floor: BundleMeasurement
  checks: {
    firstLoad: { gzip: number; limit: number; pass: boolean }
    firstRequest: { gzip: number; limit: number; pass: boolean }
    routes: { module: string; gzip: number; limit: number; pass: boolean }[]
    css: { gzip: number; limit: number; pass: boolean }
  }
}

export function checkBudget(app: BundleMeasurement, floor: BundleMeasurement): BundleReport {
  const firstLoadLimit = floor.firstLoad.total.gzip + BUNDLE_BUDGET.firstLoadOverFloor
  return {
    app,
    floor,
    checks: {
      firstLoad: {
        gzip: app.firstLoad.total.gzip,
        limit: firstLoadLimit,
        pass: app.firstLoad.total.gzip <= firstLoadLimit,
      },
      firstRequest: {
        gzip: app.firstRequest.total.gzip,
        limit: BUNDLE_BUDGET.firstRequest,
        pass: app.firstRequest.total.gzip <= BUNDLE_BUDGET.firstRequest,
      },
      routes: app.routes.map((route) => ({
        module: route.module,
        gzip: route.js.gzip,
        limit: BUNDLE_BUDGET.routeChunk,
        pass: route.js.gzip <= BUNDLE_BUDGET.routeChunk,
      })),
      css: {
        gzip: app.allCss.gzip,
        limit: BUNDLE_BUDGET.css,
        pass: app.allCss.gzip <= BUNDLE_BUDGET.css,
      },
    },
  }
}

/**
 * Builds the app and the floor into temporary directories and measures both. `keepBuilds`
 * returns their build directories (the benchmark serves both); otherwise everything is removed.
 */
export async function measureBundles(options: { keepBuilds?: boolean } = {}): Promise<{
  report: BundleReport
  appDir: string | null
  floorDir: string | null
}> {
  const appDir = await mkdtemp(path.join(os.tmpdir(), 'bench-app-'))
  const floorDir = await mkdtemp(path.join(os.tmpdir(), 'bench-floor-'))
  const keep = options.keepBuilds === true
  let built = false
  try {
    await buildApp(appDir)
    await buildFloor(floorDir)
    const report = checkBudget(await measureBuild(appDir), await measureBuild(floorDir))
    built = true
    return { report, appDir: keep ? appDir : null, floorDir: keep ? floorDir : null }
  } finally {
    if (!keep || !built) {
      await rm(appDir, { recursive: true, force: true })
      await rm(floorDir, { recursive: true, force: true })
    }
  }
}
