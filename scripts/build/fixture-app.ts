/**
 * A small web app built for real with Vite into memory, for the tests of the build's own steps
 * (scripts/build/*.test.ts): what they change is Vite's and Rolldown's output, so they are tested
 * on it rather than on a hand-written copy of it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { build, type InlineConfig, type Rolldown } from 'vite'

/**
 * The app: index.html's entry (main.ts) with its stylesheet and a module it imports (core.ts), a
 * page it imports lazily (page.ts), which imports another lazily (later.ts); each page has a
 * stylesheet and uses core.ts. A second entry (early.ts) imports a module of its own (checks.ts),
 * which the later page imports too.
 */
export const FIXTURE_APP: Readonly<Record<string, string>> = {
  'index.html':
    '<!doctype html><html><head><title>fixture</title></head><body><script type="module" src="/main.ts"></script></body></html>',
  'main.ts': [
    "import './main.css'",
    "import { greet } from './core'",
    "document.title = greet('shell')",
    "void import('./page').then((page) => page.render())",
  ].join('\n'),
  'main.css': 'body { margin: 0 }',
  'core.ts': 'export const greet = (who: string): string => `hello ${who}`',
  'page.ts': [
    "import './page.css'",
    "import { greet } from './core'",
    'export async function render(): Promise<void> {',
    "  document.body.append(greet('page'))",
    "  const later = await import('./later')",
    '  later.render()',
    '}',
  ].join('\n'),
  'page.css': '.page { color: red }',
  'later.ts': [
    "import './later.css'",
    "import { greet } from './core'",
    "import { check } from './checks'",
    "export const render = (): void => { document.body.append(greet('later'), String(check('x'))) }",
  ].join('\n'),
  'later.css': '.later { color: blue }',
  'early.ts': "import { check } from './checks'\nconsole.log(check(location.search))",
  'checks.ts': 'export const check = (value: string): boolean => value.length < 512',
}

export interface FixtureBuild {
  root: string
  chunks: Rolldown.OutputChunk[]
  assets: Rolldown.OutputAsset[]
  /** The built index.html. */
  html: string
  /** The chunk whose module is `file` (a path in the fixture). */
  chunkOf(file: string): Rolldown.OutputChunk
}

/**
 * Builds FIXTURE_APP with the config `configFor` gives for its root (plugins, Rolldown options),
 * and nothing else of the project's.
 */
export async function buildFixture(
  configFor: (root: string) => InlineConfig = () => ({}),
): Promise<FixtureBuild> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'build-fixture-'))
  try {
    const config = configFor(root)
    for (const [file, text] of Object.entries(FIXTURE_APP)) {
      await writeFile(path.join(root, file), text)
    }
    const output = (await build({
      ...config,
      root,
      configFile: false,
      logLevel: 'silent',
      build: {
        write: false,
        modulePreload: { polyfill: false },
        ...config.build,
        rolldownOptions: {
          input: { index: path.join(root, 'index.html'), early: path.join(root, 'early.ts') },
          ...config.build?.rolldownOptions,
        },
      },
    })) as Rolldown.RolldownOutput
    const chunks = output.output.filter((item) => item.type === 'chunk')
    const assets = output.output.filter((item) => item.type === 'asset')
    const html = assets.find((asset) => asset.fileName === 'index.html')?.source
    return {
      root,
      chunks,
      assets,
      html: typeof html === 'string' ? html : '',
      chunkOf(file) {
        const id = path.join(root, file)
        const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id))
        if (chunk === undefined) throw new Error(`No chunk holds ${file}`)
        return chunk
      },
    }
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}
