/**
 * The `toc` field of a repository's PUT (yuque-openapi-2.0.1.json, ApiV2RepoUpdatePut: "可利用此
 * 字段批量更新知识库的目录", "必须是 Markdown 格式, `[名称](文档路径)`"): the whole table of
 * contents as a Markdown list of links, one node a line, two spaces of indent per level, as the
 * document's example writes it:
 *
 *     - [新手指引]()                      a group (TITLE): no target
 *       - [语雀是什么](about)             a document (DOC) of the repository, by slug or id
 *       - [外链](http://www.alipay.com)   a link (LINK): an http(s) URL
 *
 * This reads the text into an outline, or says which line is wrong and why (the API answers 400);
 * toc.ts turns the outline into nodes, resolving the documents.
 */
import { isValidSegment } from '../../protocol/endpoint-path'

export interface OutlineItem {
  /** 1-based, for messages. */
  line: number
  level: number
  title: string
  target: { kind: 'title' } | { kind: 'doc'; key: string } | { kind: 'link'; url: string }
}

export type OutlineResult =
  { ok: true; items: OutlineItem[] } | { ok: false; line: number; text: string; reason: string }

const INDENT = 2
const ITEM = /^( *)[-*+] \[([^\]]*)\]\(([^()\s]*)\)$/
const LINK = /^https?:\/\//i

function targetOf(path: string): OutlineItem['target'] | null {
  if (path === '') return { kind: 'title' }
  if (LINK.test(path)) return URL.canParse(path) ? { kind: 'link', url: path } : null
  return isValidSegment('slug', path) ? { kind: 'doc', key: path } : null
}

export function parseTocMarkdown(text: string): OutlineResult {
  const items: OutlineItem[] = []
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trimEnd()
    if (line.trim() === '') continue
    const fail = (reason: string): OutlineResult => ({
      ok: false,
      line: index + 1,
      text: raw,
      reason,
    })
    const match = ITEM.exec(line)
    if (match === null) {
      return fail(
        `must be a list item "- [name](path)", indented by ${INDENT} spaces per level (no tabs)`,
      )
    }
    const [, indent = '', name = '', path = ''] = match
    if (indent.length % INDENT !== 0) {
      return fail(`is indented by ${indent.length} spaces: indent by ${INDENT} per level`)
    }
    const level = indent.length / INDENT
    if (level > (items.at(-1)?.level ?? -1) + 1) {
      return fail('is indented more than one level deeper than the line above it')
    }
    if (name.trim() === '') return fail('has no name between "[" and "]"')
    const target = targetOf(path)
    if (target === null) {
      return fail(
        `has the path "${path.slice(0, 60)}": it must be empty (a group), a document’s slug or id, or an http(s) URL`,
      )
    }
    items.push({ line: index + 1, level, title: name.trim(), target })
  }
  return { ok: true, items }
}
