/**
 * The READMEs, English and Chinese, promise only what exists, and the same things: every
 * `npm run` script they name is in package.json, every variable they name is one the code reads,
 * every relative link leads to a file, and the two configuration tables list the same variables
 * (a variable added to one README and not the other fails here).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const READMES = ['README.md', 'README.zh-CN.md'] as const
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

/** The project's own TypeScript (not its tests): where a variable would be read. */
function sourceText(): string {
  const files: string[] = []
  for (const dir of ['src', 'scripts', 'e2e', 'bench']) {
    for (const entry of readdirSync(path.join(root, dir), {
      recursive: true,
      withFileTypes: true,
    })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name))
        continue
      files.push(path.join(entry.parentPath, entry.name))
    }
  }
  files.push(path.join(root, 'playwright.config.ts'))
  return files.map((file) => readFileSync(file, 'utf8')).join('\n')
}

/** The variables in the first column of the configuration table (the rows under its header). */
function tableVariables(text: string): string[] {
  const header = text.split('\n').findIndex((line) => /^\| (variable|变量) /.test(line))
  if (header === -1) return []
  const rows = text.split('\n').slice(header + 2)
  const table = rows.slice(
    0,
    rows.findIndex((line) => !line.startsWith('|')),
  )
  return table.flatMap((row) =>
    [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] as string),
  )
}

const scripts = Object.keys(
  (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
)
const source = sourceText()

describe.each(READMES)('%s', (file) => {
  const text = read(file)

  test('names only npm scripts that package.json has', () => {
    const named = [...text.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1] as string)
    expect(named.length).toBeGreaterThan(3)
    expect(named.filter((name) => !scripts.includes(name))).toEqual([])
  })

  test('names only variables that the code reads', () => {
    const named = new Set([
      ...tableVariables(text),
      ...[...text.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=[^`]*)?`/g)].map(
        (m) => m[1] as string,
      ),
    ])
    expect(named.size).toBeGreaterThan(10)
    const unread = [...named].filter((name) => !new RegExp(`\\b${name}\\b`).test(source))
    expect(unread).toEqual([])
  })

  test('links only to files that exist', () => {
    const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1] as string)
      .filter((link) => !/^[a-z]+:/.test(link))
    expect(links.length).toBeGreaterThan(2)
    expect(links.filter((link) => !existsSync(path.join(root, link)))).toEqual([])
  })
})

test('both READMEs list the same configuration variables', () => {
  const english = tableVariables(read('README.md'))
  expect(english.length).toBeGreaterThan(10)
  expect([...tableVariables(read('README.zh-CN.md'))].sort()).toEqual([...english].sort())
})
