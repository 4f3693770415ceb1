/**
 * docs/security.md proves its claims by naming files and tests. This keeps those names true, as
 * readme.test.ts does for the READMEs: every file it names exists, every test name it quotes
 * after a test file is in that file, and every checklist row (A1…K7) and review finding (P…,
 * EM…) has its anchor, a status and a place in the status table. A renamed test or file breaks
 * the build, not the document.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const DOC = 'docs/security.md'
const text = readFileSync(path.join(root, DOC), 'utf8')

/** The repository's files, as paths from its root: what the document may name. */
const SKIPPED = new Set(['.git', 'node_modules', 'dist', 'test-results', 'playwright-report'])
function walk(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = dir === '' ? entry.name : `${dir}/${entry.name}`
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : walk(file)
    return [file]
  })
}
const files = walk('')
const byBaseName = new Map<string, string[]>()
for (const file of files) {
  const base = path.basename(file)
  byBaseName.set(base, [...(byBaseName.get(base) ?? []), file])
}

/** The checklist's rows: A1…A9, B1…B9, C1…C4, D1…D6, E1…E5, F1…F5, G1…G5, H1…H4, I1…I3, J1…J3, K1…K7. */
const ROWS = Object.entries({
  A: 9,
  B: 9,
  C: 4,
  D: 6,
  E: 5,
  F: 5,
  G: 5,
  H: 4,
  I: 3,
  J: 3,
  K: 7,
}).flatMap(([section, count]) => Array.from({ length: count }, (_, i) => `${section}${i + 1}`))

const FILE_NAME = /^[\w./@-]+\.(?:ts|tsx|js|mjs|json|md|css|html|yml)$/

/** A file named in backticks: a path from the root, or a base name that one tracked file has. */
function resolveFile(name: string): string | undefined {
  if (name.includes('/')) return files.includes(name) ? name : undefined
  const found = byBaseName.get(name)
  return found?.length === 1 ? found[0] : undefined
}

/** The blocks a test name belongs to: list items, paragraphs, and each cell of a table row. */
function blocks(markdown: string): string[] {
  const result: string[] = []
  let current: string[] = []
  const flush = () => {
    if (current.length > 0) result.push(current.join(' '))
    current = []
  }
  for (const line of markdown.split('\n')) {
    if (line.startsWith('|')) {
      flush()
      result.push(...line.split(/(?<!\\)\|/).slice(1, -1))
    } else if (line.trim() === '' || /^\s*([-*]|\d+\.) /.test(line) || line.startsWith('#')) {
      flush()
      if (line.trim() !== '') current.push(line.trim())
    } else {
      current.push(line.trim())
    }
  }
  flush()
  return result
}

const headings = new Set(
  [...text.matchAll(/^#+ (.*)$/gm)].map((m) => (m[1] as string).replace(/`/g, '').trim()),
)

interface Quote {
  file: string
  name: string
}

/** Each double-quoted string that follows a test file in its block, with that file. */
function quotedTestNames(markdown: string): Quote[] {
  const quotes: Quote[] = []
  for (const block of blocks(markdown)) {
    let file: string | undefined
    for (const m of block.matchAll(/`([^`]+)`|"((?:[^"\\]|\\.)*)"/g)) {
      if (m[1] !== undefined) {
        const named = FILE_NAME.test(m[1]) ? resolveFile(m[1]) : undefined
        if (named !== undefined) file = /\.(test|spec)\.tsx?$/.test(named) ? named : undefined
        continue
      }
      const name = (m[2] as string).replace(/\\(.)/g, '$1')
      if (file !== undefined && !headings.has(name)) quotes.push({ file, name })
    }
  }
  return quotes
}

/** The test file's text with string escapes undone, so that a quoted name can be found in it. */
function sourceOf(file: string): string {
  return readFileSync(path.join(root, file), 'utf8').replace(/\\(['"`])/g, '$1')
}

describe(DOC, () => {
  test('names only files that exist', () => {
    const named = [...text.matchAll(/`([^`\s]+)`/g)]
      .map((m) => (m[1] as string).replace(/[:,]$/, ''))
      .filter((name) => FILE_NAME.test(name))
    expect(named.length).toBeGreaterThan(100)
    expect(named.filter((name) => resolveFile(name) === undefined)).toEqual([])
  })

  test('quotes only test names that are in the test file it names', () => {
    const quotes = quotedTestNames(text)
    expect(quotes.length).toBeGreaterThan(150)
    const missing = quotes.filter(({ file, name }) => {
      // "…" at either end marks a name shortened in the text: the rest must be in the file.
      const core = name.replace(/^…|…$/g, '')
      return !sourceOf(file).includes(core)
    })
    expect(missing).toEqual([])
  })

  test('gives every checklist row an anchor and a status', () => {
    const statuses = new Map(
      [...text.matchAll(/<a id="([a-k]\d)"><\/a>\*\*([A-K]\d) — ([a-z /]+)\.\*\*/g)].map((m) => [
        m[2] as string,
        { anchor: m[1] as string, status: m[3] as string },
      ]),
    )
    expect([...statuses.keys()]).toEqual(ROWS)
    for (const [row, { anchor }] of statuses) expect(anchor).toBe(row.toLowerCase())

    // The status table lists the rows by exception ("all rows not listed below") and counts them.
    const table = new Map(
      [
        ...text.matchAll(
          /^\| (proven|implemented|partly|n\/a|not done) +\| ([^|]+)\| (\d+) +\|$/gm,
        ),
      ].map((m) => [m[1] as string, { rows: (m[2] as string).trim(), count: Number(m[3]) }]),
    )
    expect([...table.keys()].sort()).toEqual(['implemented', 'n/a', 'not done', 'partly', 'proven'])
    for (const [status, { rows, count }] of table) {
      const actual = ROWS.filter((row) => statuses.get(row)?.status === status)
      expect(actual.length, status).toBe(count)
      if (status !== 'proven')
        expect(rows === 'none' ? [] : rows.split(/, /), status).toEqual(actual)
    }
  })

  test('gives every finding of the outside reviews an anchor', () => {
    const ids = [...text.matchAll(/^\| <a id="((?:p|em)\d+)"><\/a>((?:P|EM)\d+) /gm)].map((m) => {
      expect(m[1]).toBe((m[2] as string).toLowerCase())
      return m[2]
    })
    expect(ids.filter((id) => id?.startsWith('P')).length).toBeGreaterThan(10)
    expect(ids.filter((id) => id?.startsWith('EM')).length).toBeGreaterThan(5)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
