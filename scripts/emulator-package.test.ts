/**
 * The `yuque-emulator` package as scripts/build-emulator-package.ts builds it
 * (docs/decisions/0014-emulator-package.md): its dependencies, its schema and its declarations.
 * Built into a temporary folder under node_modules/.cache, so that the built files resolve their
 * packages from the repository's node_modules as an installed package resolves its own.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { PACKAGE_DIR, buildEmulatorPackage, externalPackages } from './build-emulator-package'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const ManifestSchema = z.looseObject({
  dependencies: z.record(z.string(), z.string()),
  files: z.array(z.string()).optional(),
})
const readManifest = async (dir: string) =>
  ManifestSchema.parse(JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')))

let dir: string
let metafile: Metafile
beforeAll(async () => {
  dir = await mkdtemp(path.join(root, 'node_modules/.cache/yuque-emulator-build-'))
  metafile = await buildEmulatorPackage(dir)
}, 60_000)
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the yuque-emulator package', () => {
  it('depends on exactly what its bundles import, at the root’s versions: no React, Redis or pino', async () => {
    const [own, rootManifest] = [await readManifest(PACKAGE_DIR), await readManifest(root)]
    expect(externalPackages(metafile)).toEqual(['@hono/node-server', 'hono', 'zod'])
    expect(Object.keys(own.dependencies).sort()).toEqual(externalPackages(metafile))
    for (const [name, range] of Object.entries(own.dependencies)) {
      expect(range, name).toBe(rootManifest.dependencies[name])
    }
  })

  it('ships the built files, the schema and the README, and nothing else', async () => {
    expect((await readManifest(PACKAGE_DIR)).files).toEqual([
      'dist',
      'emulator-config.schema.json',
      'README.md',
    ])
    const outputs = Object.keys(metafile.outputs).map((file) => path.relative(dir, file))
    expect(outputs.filter((file) => !file.startsWith('dist/chunks/')).sort()).toEqual([
      'dist/cli.js',
      'dist/index.js',
    ])
  })

  it('ships the config file’s JSON Schema exactly as src/emulator has it', async () => {
    const read = (file: string) => readFile(file, 'utf8')
    expect(await read(path.join(dir, 'emulator-config.schema.json'))).toBe(
      await read(path.join(root, 'src/emulator/emulator-config.schema.json')),
    )
  })

  it('starts the command with a shebang, and declares startEmulator in a file that imports nothing', async () => {
    const cli = await readFile(path.join(dir, 'dist/cli.js'), 'utf8')
    expect(cli.startsWith('#!/usr/bin/env node\n')).toBe(true)
    const declarations = await readFile(path.join(dir, 'dist/index.d.ts'), 'utf8')
    expect(declarations).toContain(
      'export declare function startEmulator(options?: StartEmulatorOptions): Promise<StartedEmulator>;',
    )
    expect(declarations).not.toMatch(/\bimport\b/)
  })
})
