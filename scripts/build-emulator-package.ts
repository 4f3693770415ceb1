/**
 * Builds the `yuque-emulator` package (packages/yuque-emulator) from src/emulator, its one source
 * (docs/decisions/0014-emulator-package.md). Run by the package's `build` and `prepack` scripts,
 * so `npm pack -w yuque-emulator` packs a fresh build; nothing it writes is committed.
 * - dist/cli.js, the `yuque-emulator` command (src/emulator/main.ts), and dist/index.js, the
 *   programmatic entry (src/emulator/package-entry.ts): ESM for Node 20, bundled by esbuild with
 *   src/protocol and the keep-alive setting inside, their shared code in dist/chunks/, and every
 *   npm package left external. The build fails unless those packages are exactly the package's
 *   `dependencies`: one missing breaks the command at start, one extra installs for nothing.
 * - dist/index.d.ts, generated from package-entry.ts alone by the TypeScript compiler. The build
 *   fails if it would import another module, which the package does not ship.
 * - emulator-config.schema.json, copied from src/emulator, for a config file's `"$schema"`.
 */
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build, type Metafile } from 'esbuild'
import ts from 'typescript'
import { z } from 'zod'
import { packageOf } from './production-deps'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const PACKAGE_DIR = path.join(projectRoot, 'packages/yuque-emulator')
const ENTRY = path.join(projectRoot, 'src/emulator/package-entry.ts')
const SCHEMA = path.join(projectRoot, 'src/emulator/emulator-config.schema.json')

const ManifestSchema = z.looseObject({ dependencies: z.record(z.string(), z.string()) })

/** The npm packages the bundles import, by esbuild's account. */
export function externalPackages(metafile: Metafile): string[] {
  const names = Object.values(metafile.outputs).flatMap((output) =>
    output.imports.filter((entry) => entry.external === true).map((entry) => packageOf(entry.path)),
  )
  return [...new Set(names.filter((name): name is string => name !== null))].sort()
}

/** package-entry.ts's declarations, checked to stand alone. */
function declarations(): string {
  const tsconfig = ts.getParsedCommandLineOfConfigFile(
    path.join(projectRoot, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  )
  if (tsconfig === undefined) throw new Error('tsconfig.json cannot be read')
  const program = ts.createProgram([ENTRY], {
    ...tsconfig.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
  })
  const source = program.getSourceFile(ENTRY)
  if (source === undefined) throw new Error(`${ENTRY} is not in the program`)
  const problems = [
    ...program.getSemanticDiagnostics(source),
    ...program.getDeclarationDiagnostics(source),
  ]
  if (problems.length > 0) {
    throw new Error(
      ts.formatDiagnostics(problems, {
        ...ts.sys,
        getCanonicalFileName: (f) => f,
        getNewLine: () => '\n',
      }),
    )
  }
  let text: string | undefined
  program.emit(source, (_file, data) => (text = data), undefined, true)
  if (text === undefined) throw new Error('no declarations were emitted')
  if (/\bimport\b|\bfrom\s*["']/.test(text)) {
    throw new Error(
      `src/emulator/package-entry.ts: its declarations import another module, which the package does not ship; write its public types in plain types:\n${text}`,
    )
  }
  return text
}

/** Builds into `packageDir` (default the package's own), its old dist/ removed first. */
export async function buildEmulatorPackage(packageDir = PACKAGE_DIR): Promise<Metafile> {
  const dist = path.join(packageDir, 'dist')
  await rm(dist, { recursive: true, force: true })
  const { metafile } = await build({
    entryPoints: { cli: path.join(projectRoot, 'src/emulator/main.ts'), index: ENTRY },
    outdir: dist,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  })
  const manifest = ManifestSchema.parse(
    JSON.parse(await readFile(path.join(PACKAGE_DIR, 'package.json'), 'utf8')),
  )
  const imported = externalPackages(metafile)
  const declared = Object.keys(manifest.dependencies).sort()
  if (imported.join() !== declared.join()) {
    throw new Error(
      `packages/yuque-emulator/package.json: "dependencies" must be exactly what the bundles import: ${imported.join(', ')} (it lists ${declared.join(', ') || 'none'})`,
    )
  }
  await mkdir(dist, { recursive: true })
  await writeFile(path.join(dist, 'index.d.ts'), declarations())
  await copyFile(SCHEMA, path.join(packageDir, 'emulator-config.schema.json'))
  return metafile
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Silent when it succeeds: `npm pack --json` prints this script's output before its JSON.
  await buildEmulatorPackage()
}
