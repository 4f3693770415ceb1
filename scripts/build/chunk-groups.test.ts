import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'
import {
  appChunkGroups,
  GROUP_ROOTS,
  assetFileNames,
  chunkFileNames,
  firstLoadGroup,
  importsOfGroup,
  sharedHelpersGroup,
  staticGraphOf,
} from './chunk-groups'
import { buildFixture } from './fixture-app'

const projectRoot = path.join(import.meta.dirname, '../..')

type Context = Parameters<Rolldown.CodeSplittingNameFunction>[1]

/**
 * A module graph as Rolldown's chunking context gives it: `static` and `lazy` imports by module.
 * Importers are derived, as Rolldown does.
 */
function graph(modules: Record<string, { static?: string[]; lazy?: string[] }>): Context {
  const info = (id: string) => {
    const own = modules[id]
    if (own === undefined) return null
    const importers = Object.keys(modules).filter((other) => modules[other]?.static?.includes(id))
    const dynamicImporters = Object.keys(modules).filter((other) =>
      modules[other]?.lazy?.includes(id),
    )
    return { importedIds: own.static ?? [], importers, dynamicImporters }
  }
  return { getModuleInfo: info } as unknown as Context
}

// entry → a → b, entry ⇢ page (lazily) → b, c; zh → own, b.
const APP = graph({
  entry: { static: ['a'], lazy: ['page'] },
  a: { static: ['b'] },
  b: {},
  page: { static: ['b', 'c'] },
  c: {},
  zh: { static: ['own', 'b'] },
  own: {},
})

describe('staticGraphOf', () => {
  it('follows static imports from the roots, not lazy ones, and walks a build once', () => {
    const graphOf = staticGraphOf(['entry'])
    expect([...graphOf(APP)].sort()).toEqual(['a', 'b', 'entry'])
    expect(graphOf(APP)).toBe(graphOf(APP))
  })
})

describe('firstLoadGroup', () => {
  it("names the entry's static graph and nothing a lazy page alone imports", () => {
    const name = firstLoadGroup('first-load', 'entry')
    expect(['entry', 'a', 'b', 'page', 'c'].map((id) => name(id, APP))).toEqual([
      'first-load',
      'first-load',
      'first-load',
      null,
      null,
    ])
  })

  it("gathers index.html's static graph in one chunk, and leaves another entry's imports out", async () => {
    const groups = (root: string): Rolldown.CodeSplittingGroup[] => [
      {
        name: firstLoadGroup('first-load', path.join(root, 'index.html')),
        tags: ['$initial'],
        priority: 5,
      },
    ]
    // `$initial` alone takes every entry's static graph: the early entry's checks too.
    const tagged = await buildFixture(() => ({
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] } },
        },
      },
    }))
    expect(tagged.chunkOf('checks.ts')).toBe(tagged.chunkOf('main.ts'))

    const narrowed = await buildFixture((root) => ({
      build: { rolldownOptions: { output: { codeSplitting: { groups: groups(root) } } } },
    }))
    const first = narrowed.chunkOf('main.ts')
    expect(narrowed.chunkOf('core.ts')).toBe(first)
    expect(narrowed.chunkOf('checks.ts')).not.toBe(first)
    expect(narrowed.chunkOf('early.ts')).not.toBe(first)
  })
})

describe('importsOfGroup', () => {
  it('names what the roots import, but not the roots, which keep chunks of their own', () => {
    const name = importsOfGroup('early-imports', ['page'])
    expect(['page', 'b', 'c', 'a'].map((id) => name(id, APP))).toEqual([
      null,
      'early-imports',
      'early-imports',
      null,
    ])
  })

  it('with sharedOnly, names only what something outside the roots’ graph imports too', () => {
    const name = importsOfGroup('zh-shared', ['zh'], { sharedOnly: true })
    expect(name('b', APP)).toBe('zh-shared')
    expect(name('own', APP)).toBeNull()
  })
})

describe('sharedHelpersGroup', () => {
  it('leaves a lazily imported module at the head of its own chunk, and takes the rest', () => {
    const name = sharedHelpersGroup('shared')
    expect(name('page', APP)).toBeNull()
    expect(name('b', APP)).toBe('shared')
  })
})

describe('the file names', () => {
  it('names the shared helpers’ chunks and styles plainly, the hash telling them apart', () => {
    expect(chunkFileNames({ name: 'shared~connect-page~profile-page' })).toBe(
      'assets/shared-[hash:6].js',
    )
    expect(chunkFileNames({ name: 'profile-page' })).toBe('assets/[name]-[hash:6].js')
    expect(assetFileNames({ names: ['shared~a~b.css'] })).toBe('assets/shared-[hash:6][extname]')
    expect(assetFileNames({ names: ['profile-page.css'] })).toBe('assets/[name]-[hash:6][extname]')
  })

  it('gives each lazy chunk and stylesheet a hash of 6 characters in a real build', async () => {
    const built = await buildFixture(() => ({
      build: { rolldownOptions: { output: { chunkFileNames, assetFileNames } } },
    }))
    const named = [
      ...built.chunks
        .filter((chunk) => !chunk.isEntry)
        .map((chunk) => ({ file: chunk.fileName, stem: chunk.name, ext: 'js' })),
      ...built.assets
        .filter((asset) => asset.fileName.endsWith('.css'))
        .map((asset) => ({
          file: asset.fileName,
          stem: (asset.names[0] ?? '').replace(/\.css$/, ''),
          ext: 'css',
        })),
    ]
    expect(named.length).toBeGreaterThan(1)
    for (const { file, stem, ext } of named) {
      expect(file.slice(`assets/${stem}-`.length, -`.${ext}`.length), file).toHaveLength(6)
      expect(file.startsWith(`assets/${stem}-`), file).toBe(true)
    }
  })
})

describe('the web app’s groups', () => {
  it('gather the imports of modules the project has', () => {
    const roots = Object.values(GROUP_ROOTS).flat()
    expect(roots.length).toBeGreaterThan(4)
    for (const file of roots) expect(existsSync(path.join(projectRoot, file)), file).toBe(true)
  })

  it('put the first load first and the shared helpers last, each under its own name', () => {
    expect(appChunkGroups().map((group) => group.debugName)).toEqual([
      'first-load',
      'first-request',
      'early-imports',
      'zh-shared',
      'shared',
    ])
  })
})
