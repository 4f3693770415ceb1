/**
 * package.json splits runtime from build (docs/decisions/0001-dependencies.md, "Runtime or
 * build"): `dependencies` holds what the built server and emulator import, and no package that
 * only the web app imports. The bundles are built here into a temporary directory, so a stale
 * dist/ proves nothing. The install itself is checked by `npm run verify:production` (slow: a
 * real `npm ci --omit=dev`).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { buildServer } from './build-server'
import {
  browserOnlyPackages,
  bundleImports,
  packageOf,
  type BundleImports,
} from './production-deps'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const BUNDLES = ['server.js', 'emulator.js'] as const

const manifest = z
  .object({
    dependencies: z.record(z.string(), z.string()),
    devDependencies: z.record(z.string(), z.string()),
  })
  .parse(JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')))

let dir: string
let metafile: Metafile
const imports = new Map<string, BundleImports>()

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'production-deps-'))
  metafile = await buildServer(dir)
  for (const bundle of BUNDLES)
    imports.set(bundle, bundleImports(await readFile(path.join(dir, bundle), 'utf8')))
}, 60_000)

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** esbuild's own account of a bundle's external packages, by kind of import. */
function metafileImports(bundle: string): BundleImports {
  const output = Object.entries(metafile.outputs).find(([file]) => file.endsWith(`/${bundle}`))
  if (output === undefined) throw new Error(`${bundle} is not in the metafile`)
  const names = (kind: string) =>
    new Set(
      output[1].imports
        .filter((entry) => entry.external === true && entry.kind === kind)
        .map((entry) => packageOf(entry.path))
        .filter((name): name is string => name !== null),
    )
  return { static: names('import-statement'), dynamic: names('dynamic-import') }
}

describe.each(BUNDLES)('dist/%s', (bundle) => {
  test('bundleImports reads the same packages from its text as esbuild reports', () => {
    const read = imports.get(bundle)
    const reported = metafileImports(bundle)
    expect(reported.static.size).toBeGreaterThan(2)
    expect([...(read?.static ?? [])].sort()).toEqual([...reported.static].sort())
    expect([...(read?.dynamic ?? [])].sort()).toEqual([...reported.dynamic].sort())
  })

  test('every package it imports when it loads is a dependency (npm ci --omit=dev has it)', () => {
    const missing = [...(imports.get(bundle)?.static ?? [])].filter(
      (name) => manifest.dependencies[name] === undefined,
    )
    expect(missing).toEqual([])
  })
})

test('a package only the web app imports is a devDependency: Vite bundles it at build time', () => {
  const browserOnly = browserOnlyPackages(root, [...imports.values()])
  // The scan finds the web app's framework: it is not vacuous.
  expect(browserOnly).toContain('react')
  expect(browserOnly.filter((name) => manifest.dependencies[name] !== undefined)).toEqual([])
  expect(browserOnly.filter((name) => manifest.devDependencies[name] === undefined)).toEqual([])
})

test('packageOf names the package of a specifier, and nothing for Node’s own modules', () => {
  expect(packageOf('hono/cookie')).toBe('hono')
  expect(packageOf('@hono/node-server/conninfo')).toBe('@hono/node-server')
  expect(packageOf('node:crypto')).toBeNull()
  expect(packageOf('fs')).toBeNull()
  expect(packageOf('./local')).toBeNull()
})

test('the playground embeds the emulator without its config file: --config and EMULATOR_CONFIG are the command’s alone (docs/emulator.md#config-file)', () => {
  const output = Object.entries(metafile.outputs).find(([file]) => file.endsWith('/server.js'))
  const inputs = Object.keys(output?.[1].inputs ?? {})
  // The embedded emulator is in the bundle; what reads a config file is not.
  expect(inputs).toContain('src/emulator/start.ts')
  expect(
    inputs.filter((file) => /^src\/emulator\/config(-file|-options)?\.ts$/.test(file)),
  ).toEqual([])
})
