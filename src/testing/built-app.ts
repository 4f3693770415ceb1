/**
 * The production build (the web app with Vite, the server and the emulator with esbuild) into
 * `<dir>/dist`, with `<dir>/node_modules` linked to the project's, so dist/server.js finds its
 * packages as in a deployment. For tests that run the built processes: built afresh, so a stale
 * dist/ proves nothing.
 */
import { symlink } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build as viteBuild } from 'vite'
import { buildServer } from '../../scripts/build-server'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export async function buildAppInto(dir: string): Promise<void> {
  await symlink(path.join(projectRoot, 'node_modules'), path.join(dir, 'node_modules'))
  await viteBuild({
    root: projectRoot,
    configFile: path.join(projectRoot, 'vite.config.ts'),
    build: { outDir: path.join(dir, 'dist'), emptyOutDir: true },
    logLevel: 'warn',
  })
  await buildServer(path.join(dir, 'dist'))
}
