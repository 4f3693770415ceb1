/**
 * What the production install (`npm ci --omit=dev`) must hold, by the rule of
 * docs/decisions/0001-dependencies.md ("Runtime or build"): the packages that the built server
 * and emulator (dist/server.js, dist/emulator.js: esbuild with `packages: 'external'`,
 * scripts/build-server.ts) import at run time, and none of the packages that only the web app
 * imports, since Vite has already bundled those into dist/assets. Neither list is written down:
 * both are read from the code, so a new import moves the line by itself.
 * Used by `npm run verify:production` and scripts/production-deps.test.ts.
 */
import { lstat, readdir } from 'node:fs/promises'
import { readdirSync, readFileSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import path from 'node:path'

/** The package a bare specifier names (`hono/cookie` → `hono`), or null for Node's own modules. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier)) return null
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null)
}

export interface BundleImports {
  /** Loaded when the bundle loads: a missing one stops the process at start. */
  static: Set<string>
  /** `import("…")`: loaded only on the path that asks (Vite, for `--dev` only). */
  dynamic: Set<string>
}

/**
 * The packages an ESM bundle of esbuild imports, read from its text: `… from"x"`, `import"x"`,
 * and `import("x")`. scripts/production-deps.test.ts checks it against esbuild's own metafile.
 */
export function bundleImports(code: string): BundleImports {
  const collect = (pattern: RegExp) =>
    new Set(
      [...code.matchAll(pattern)]
        .map((match) => packageOf(match[1] ?? ''))
        .filter((name): name is string => name !== null),
    )
  return {
    static: collect(/(?:\bfrom|\bimport)\s*"([@\w][\w./@:-]*)"/g),
    dynamic: collect(/\bimport\s*\(\s*"([@\w][\w./@:-]*)"\s*\)/g),
  }
}

/** The packages the web app's own code imports (src/web, tests left out). */
export function webAppPackages(root: string): Set<string> {
  const dir = path.join(root, 'src/web')
  const names = new Set<string>()
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8')
    for (const match of text.matchAll(/(?:\bfrom|^import)\s+'([^']+)'/gm)) {
      const name = packageOf(match[1] ?? '')
      if (name !== null) names.add(name)
    }
  }
  return names
}

/**
 * The packages only the browser needs: what the web app imports and neither bundle of the
 * server imports (zod, say, is in both and stays a dependency).
 */
export function browserOnlyPackages(root: string, bundles: BundleImports[]): string[] {
  const server = new Set(bundles.flatMap((bundle) => [...bundle.static, ...bundle.dynamic]))
  return [...webAppPackages(root)].filter((name) => !server.has(name)).sort()
}

/** The bytes of every file under `dir` (apparent sizes, symbolic links not followed). */
export async function directoryBytes(dir: string): Promise<number> {
  let total = 0
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await lstat(path.join(entry.parentPath, entry.name))).size
  }
  return total
}
