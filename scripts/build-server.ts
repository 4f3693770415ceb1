/**
 * `npm run build:server` (part of `npm run build`): the server and the emulator bundled with
 * esbuild into one minified ESM file each, dist/server.js and dist/emulator.js, for Node 20.
 * Packages stay external: the production install (`npm ci --omit=dev`) provides them, and Vite,
 * imported by src/server.ts only with --dev, is never loaded in production.
 */
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build, type Metafile } from 'esbuild'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Builds both files; the metafile lists what each imports (scripts/production-deps.test.ts). */
export async function buildServer(outdir: string): Promise<Metafile> {
  const result = await build({
    entryPoints: {
      server: path.join(projectRoot, 'src/server.ts'),
      emulator: path.join(projectRoot, 'src/emulator/main.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    minify: true,
    sourcemap: true,
    packages: 'external',
    logLevel: 'warning',
    metafile: true,
  })
  return result.metafile
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer(path.join(projectRoot, 'dist'))
}
