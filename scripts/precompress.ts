import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/** Files smaller than this go as they are: compressing them saves less than a packet. */
const MIN_BYTES = 1024

/**
 * Writes `.br` and `.gz` beside every text asset of the build, so that the production server
 * (src/proxy/shell/web-app.ts, `serveStatic({ precompressed: true })`) sends compressed files with no
 * work per request.
 *
 * Not after a failed build: the bundler calls `closeBundle` then too, with the error, and on a
 * fresh clone the output directory does not exist yet. Reading it would throw ENOENT, and that
 * error would replace the build's own (a syntax error's file and line) in what the developer
 * sees (precompress.test.ts).
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle(error?: Error) {
      if (error !== undefined) return
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|svg|json|txt)$/.test(entry.name)) continue
        const file = path.join(entry.parentPath, entry.name)
        const content = readFileSync(file)
        if (content.length < MIN_BYTES) continue
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
      }
    },
  }
}
