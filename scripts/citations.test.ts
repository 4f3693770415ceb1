/**
 * The repository explains itself: what its comments and documents cite is in it. This scans the
 * comments of the code (src, e2e, bench, scripts and the root's configuration) and every document
 * (docs, the READMEs) and fails on
 * - a path of the repository (`src/…`, `docs/…`, `e2e/…`, …) that leads to no file or folder;
 * - a `#anchor` into a document, or a continuation of one (`docs/security.md#e1 to #e4`), that
 *   is neither a heading of it nor an `<a id>` in it;
 * - a citation of a document that is not in the repository: the old interface spec by section
 *   number (`spec §5.3`, now docs/service.md), the old security checklist by row
 *   (`checklist C3`, now docs/security.md#c3), design.md, conventions.md, the shared folder;
 * - a path on somebody's machine (`/work/…`, `/home/…`, `/tmp/…`) in prose;
 * - a `§` that follows no standard's name (RFC 9700 §4.2.4 is fine; "§5.3" alone is the old
 *   spec).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SELF = 'scripts/citations.test.ts'

/**
 * Documents others were rewriting when the citations were re-pointed, left as they were then.
 * Each entry must still hold an old citation: once it is re-pointed, this test says to drop it.
 */
const NOT_YET_REPOINTED: string[] = []

const SCANNED_DIRS = ['src', 'e2e', 'bench', 'scripts', 'docs']
const SKIPPED = new Set(['node_modules', 'dist', 'results', 'test-results', 'playwright-report'])
const ROOT_FILES = [
  'README.md',
  'README.zh-CN.md',
  'vite.config.ts',
  'playwright.config.ts',
  'eslint.config.js',
  'index.html',
  '.env.example',
]

function walk(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : walk(file)
    return /\.(tsx?|m?js|css|md|html)$/.test(entry.name) ? [file] : []
  })
}

const FILES = [
  ...SCANNED_DIRS.flatMap(walk),
  ...ROOT_FILES.filter((f) => existsSync(path.join(root, f))),
]

/** Comments of a script, each as one line: the leading `*` and `//` of its lines removed. */
function scriptComments(file: string, text: string): string[] {
  const kind = file.endsWith('x')
    ? ts.ScriptKind.TSX
    : file.endsWith('.ts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const starts = new Set<number>()
  const comments: string[] = []
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (starts.has(range.pos)) continue
      starts.add(range.pos)
      comments.push(text.slice(range.pos, range.end))
    }
  }
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(text, node.getFullStart()))
    take(ts.getTrailingCommentRanges(text, node.getEnd()))
    for (const child of node.getChildren(source)) visit(child)
  }
  visit(source)
  return comments.map(oneLine)
}

function oneLine(comment: string): string {
  return comment
    .replace(/^\/\*\*?|\*\/$/g, '')
    .replace(/^\/\/ ?/, '')
    .replace(/\n\s*(\*(?!\/)|\/\/) ?/g, '\n')
    .replace(/\s*\n\s*/g, ' ')
}

interface Prose {
  file: string
  /** Comments or the document's text, lines joined. */
  text: string
  /** The file's whole text: string literals cite documents too (profiles.ts's evidence). */
  whole: string
}

const PROSE: Prose[] = FILES.map((file) => {
  const whole = readFileSync(path.join(root, file), 'utf8')
  let text: string
  if (/\.(tsx?|m?js)$/.test(file)) text = scriptComments(file, whole).join('\n')
  else if (file.endsWith('.css'))
    text = [...whole.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => oneLine(m[0])).join('\n')
  else if (file.endsWith('.html'))
    text = [...whole.matchAll(/<!--[\s\S]*?-->/g)].map((m) => m[0]).join('\n')
  else if (file === '.env.example')
    text = whole
      .split('\n')
      .filter((l) => l.startsWith('#'))
      .join('\n')
  else text = whole
  return { file, text, whole }
})

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-')
}

const anchorCache = new Map<string, Set<string>>()
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file)
  if (anchors !== undefined) return anchors
  anchors = new Set()
  const text = readFileSync(path.join(root, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '')
  const seen = new Map<string, number>()
  for (const m of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(m[1] as string)
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    anchors.add(n === 0 ? base : `${base}-${n}`)
  }
  for (const m of text.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(m[1] as string)
  anchorCache.set(file, anchors)
  return anchors
}

/** A repository path in prose, with an optional anchor and its continuations (`, #b`, ` to #c`). */
const REPO_PATH =
  /(?<![\w./@-])((?:src|docs|e2e|bench|scripts|spec|public)\/[\w./@-]*[\w-])((?:#[\w-]+)(?:(?:,\s*|\s*\/\s*|\s*–\s*|\s+(?:and|or|to)\s+)#[\w-]+)*)?/g

interface Problem {
  file: string
  problem: string
}

/** Where builds and runs write: a path there names an output, which need not exist yet. */
const OUTPUTS = ['bench/results/']

/** `docs/decisions/0008` names the decision whose file starts with `0008-`. */
function isDecisionNumber(target: string): boolean {
  const match = /^docs\/decisions\/(\d{4})$/.exec(target)
  const number = match?.[1]
  return (
    number !== undefined &&
    readdirSync(path.join(root, 'docs/decisions')).some((name) => name.startsWith(`${number}-`))
  )
}

function citationProblems(file: string, text: string): Problem[] {
  const problems: Problem[] = []
  for (const m of text.matchAll(REPO_PATH)) {
    const target = m[1] as string
    // A pattern, not a path: `src/*/fuzz.test.ts`, `src/web/<feature>/`, `endpoint-rows-*.ts`.
    if (/^[*<{]/.test(text.slice((m.index ?? 0) + m[0].length))) continue
    if (OUTPUTS.some((output) => target.startsWith(output)) || isDecisionNumber(target)) continue
    if (!existsSync(path.join(root, target))) {
      problems.push({ file, problem: `${target} does not exist` })
      continue
    }
    const anchors = [...(m[2] ?? '').matchAll(/#([\w-]+)/g)].map((a) => a[1] as string)
    if (anchors.length === 0) continue
    if (!target.endsWith('.md')) {
      problems.push({
        file,
        problem: `${target} is not a document, so #${anchors[0]} leads nowhere`,
      })
      continue
    }
    for (const anchor of anchors) {
      if (!anchorsOf(target).has(anchor))
        problems.push({ file, problem: `${target}#${anchor}: no such heading or anchor` })
    }
  }
  return problems
}

/** Markdown links of a document, relative to its folder, anchors included. */
function linkProblems(file: string, text: string): Problem[] {
  const problems: Problem[] = []
  for (const m of text.matchAll(/\]\(([^)\s]*)\)/g)) {
    const link = m[1] as string
    if (/^[a-z]+:/.test(link)) continue
    const [target = '', anchor] = link.split('#')
    const resolved =
      target === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), target))
    if (!existsSync(path.join(root, resolved)))
      problems.push({ file, problem: `link to ${link}: no such file` })
    else if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
      problems.push({ file, problem: `link to ${link}: no such heading or anchor` })
  }
  return problems
}

/** Citations of documents this repository does not have. */
const OUTSIDE_DOCUMENTS: [RegExp, string][] = [
  [/\bspec\s*§/i, 'the old spec by section (now docs/service.md#…)'],
  [/\bchecklist\b[\s*/]*[A-K]\d/i, 'the old checklist by row (now docs/security.md#…)'],
  [/\bdesign\.md\b/, 'design.md (now docs/service.md or docs/architecture.md)'],
  [/(?<!#)\bconventions(?:\.md\b|:)/, 'conventions.md (now docs/architecture.md#conventions)'],
  [/\.\.\/shared\b|\bshared\/spec\b|security-checklist\.md|service-api\.md/, 'the shared folder'],
]

/** A path on a developer's machine, outside code spans. */
const MACHINE_PATH = /(?<![\w.~-])\/(?:work|home|Users|root|tmp|var\/folders)\/\S/

/** A `§` must follow a standard's name, or another `§` of a list after one. */
const STANDARD_BEFORE_SECTION =
  /(?:RFC ?\d{3,5}(?:bis)?|HTML|CSP3?|ASVS|WHATWG|Fetch|ECMA-\d+)(?:\s+§[\d.]+(?:,|\s+and|\s+or)?)*\s+$/

function sectionProblems(file: string, prose: string): Problem[] {
  const problems: Problem[] = []
  // docs/service.md maps the old section numbers to its headings, for readers of old commits.
  const text =
    file === 'docs/service.md' ? prose.replace(/^## Old section numbers[\s\S]*/m, '') : prose
  for (const m of text.matchAll(/§[\d.]*/g)) {
    const before = text.slice(Math.max(0, (m.index ?? 0) - 80), m.index)
    if (!STANDARD_BEFORE_SECTION.test(before))
      problems.push({ file, problem: `"…${before.slice(-30)}${m[0]}": a section of what?` })
  }
  return problems
}

const withoutCode = (text: string) =>
  text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')

describe('citations in comments and documents', () => {
  const prose = PROSE.filter(({ file }) => file !== SELF)

  test('scan the code and the documents', () => {
    expect(prose.filter(({ file }) => file.endsWith('.md')).length).toBeGreaterThan(15)
    expect(prose.filter(({ file }) => /\.tsx?$/.test(file)).length).toBeGreaterThan(300)
  })

  test('lead to files that exist and to headings those documents have', () => {
    const problems = prose.flatMap(({ file, text, whole }) => [
      ...citationProblems(file, text),
      // A string can cite a document as well (an error message, a rule's evidence).
      ...(text === whole
        ? []
        : citationProblems(file, [...whole.matchAll(/docs\/[\w./-]+\.md#[\w-]+/g)].join('\n'))),
      ...(file.endsWith('.md') ? linkProblems(file, text) : []),
    ])
    expect(problems).toEqual([])
  })

  test('cite no document outside the repository', () => {
    const problems = prose
      .filter(({ file }) => !NOT_YET_REPOINTED.includes(file))
      .flatMap(({ file, text, whole }) => [
        ...OUTSIDE_DOCUMENTS.filter(
          ([pattern]) => pattern.test(oneLine(whole)) || pattern.test(text),
        ).map(([, what]) => ({ file, problem: what })),
        ...(MACHINE_PATH.test(withoutCode(text))
          ? [{ file, problem: `a machine path: ${withoutCode(text).match(MACHINE_PATH)?.[0]}` }]
          : []),
        ...sectionProblems(file, file.endsWith('.md') ? withoutCode(text) : text),
      ])
    expect(problems).toEqual([])
  })

  test.each(NOT_YET_REPOINTED)(
    '%s still waits to be re-pointed (else drop it from the list)',
    (file) => {
      const whole = readFileSync(path.join(root, file), 'utf8')
      expect(OUTSIDE_DOCUMENTS.some(([pattern]) => pattern.test(oneLine(whole)))).toBe(true)
    },
  )
})
