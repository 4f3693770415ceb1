import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { ResolvedConfig } from 'vite'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { precompress } from './precompress'

let root = ''
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'precompress-'))
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

/** The plugin's two hooks as the bundler calls them, for a build into `root`/out. */
function build(plugin = precompress()) {
  const configResolved = plugin.configResolved as (config: ResolvedConfig) => void
  configResolved({ root, build: { outDir: 'out' } } as ResolvedConfig)
  return plugin.closeBundle as (error?: Error) => void
}

test('writes .br and .gz beside each text asset worth compressing, and only those', async () => {
  const assets = path.join(root, 'out', 'assets')
  await mkdir(assets, { recursive: true })
  const script = `export const words = ${JSON.stringify('word '.repeat(600))}\n`
  await writeFile(path.join(assets, 'app.js'), script)
  await writeFile(path.join(assets, 'tiny.css'), 'a{color:red}')
  await writeFile(path.join(assets, 'photo.png'), Buffer.alloc(4096, 7))
  build()()
  expect((await readdir(assets)).sort()).toEqual(
    ['app.js', 'app.js.br', 'app.js.gz', 'photo.png', 'tiny.css'].sort(),
  )
  const br = await readFile(path.join(assets, 'app.js.br'))
  const gz = await readFile(path.join(assets, 'app.js.gz'))
  expect(brotliDecompressSync(br).toString()).toBe(script)
  expect(gunzipSync(gz).toString()).toBe(script)
})

test('after a failed build it does nothing, so the build’s own error is the one reported', () => {
  // A fresh clone: the output directory does not exist yet.
  const closeBundle = build()
  expect(() => closeBundle(new SyntaxError('Unexpected token'))).not.toThrow()
  // Without an error the same call reads the directory: the guard above is what spares it.
  expect(() => closeBundle()).toThrow(/ENOENT/)
})
