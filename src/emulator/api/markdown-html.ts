/**
 * `body_html` of a Markdown document (V2DocDetail, V2DocVersionDetail): the body rendered as the
 * service renders it, for the Markdown a document commonly holds. Blocks: ATX headings, fenced
 * code, lists (nested by indent, ordered or not), block quotes, thematic breaks, paragraphs.
 * Inline: code spans, links and images, strong, emphasis, strikethrough. No dependency: this
 * subset is small, and a library would be a run-time dependency of the embedded emulator
 * (docs/decisions/0001-dependencies.md).
 *
 * Safe by construction: every character of the source is escaped before any markup is added, so
 * raw HTML in the source is shown as text, never run (the emulator's pages never render it, a
 * client might); a link or an image keeps its URL only when it is relative or http(s)/mailto.
 * Every pattern stops at the next delimiter, and nesting is bounded, so the work is linear in the
 * body (a body is at most 64 KB, emulator.ts).
 */

/** Deeper lists or quotes are text: a bound on recursion for a hostile body. */
const MAX_DEPTH = 8

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  )
}

/** Relative, or one of the schemes a reader may follow; `javascript:` and the like are not. */
function isSafeUrl(url: string): boolean {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase()
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto'
}

/** Strong, emphasis and strikethrough over escaped text. */
function emphasis(html: string): string {
  return html
    .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
    .replace(/__([^_\n]+)__/g, '<strong>$1</strong>')
    .replace(/\*([^*\n]+)\*/g, '<em>$1</em>')
    .replace(/(^|[^\w])_([^_\n]+)_(?![\w])/g, '$1<em>$2</em>')
    .replace(/~~([^~\n]+)~~/g, '<del>$1</del>')
}

/** Marks a placeholder; the source cannot hold it (a private-use character, made U+FFFD). */
const HOLD = '\uE000'

/**
 * A line's inline Markdown as HTML. Code spans and links become placeholders first, so emphasis
 * never reaches into a URL or code.
 */
export function renderInline(source: string): string {
  const held: string[] = []
  const hold = (html: string) => `${HOLD}${held.push(html) - 1}${HOLD}`
  const text = source
    .replaceAll(HOLD, '\uFFFD')
    .replace(/`([^`\n]+)`/g, (_, code: string) => hold(`<code>${escapeHtml(code)}</code>`))
    .replace(
      /(!?)\[([^[\]\n]*)\]\(([^()\s]*)\)/g,
      (whole: string, bang: string, label: string, url: string) => {
        if (!isSafeUrl(url)) return whole
        if (bang === '!') return hold(`<img src="${escapeHtml(url)}" alt="${escapeHtml(label)}">`)
        return hold(`<a href="${escapeHtml(url)}">${emphasis(escapeHtml(label))}</a>`)
      },
    )
  return emphasis(escapeHtml(text)).replace(
    new RegExp(`${HOLD}(\\d+)${HOLD}`, 'g'),
    (_, index: string) => held[Number(index)] ?? '',
  )
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+-]*)/
const HEADING = /^ {0,3}(#{1,6})(?=\s|$)/
const ITEM = /^( *)([-*+]|\d{1,9}[.)])\s+(.*)$/
const QUOTE = /^ {0,3}>\s?(.*)$/

const isBlank = (line: string) => line.trim() === ''

/** `---`, `* * *`, `___`: three or more of one of them, spaces between. */
function isRule(line: string): boolean {
  return /^ {0,3}\S/.test(line) && /^([-*_])\1{2,}$/.test(line.replace(/\s/g, ''))
}

/** A heading's text: without the closing run of `#` (one after a space), trimmed. */
function headingText(rest: string): string {
  const text = rest.trim()
  let end = text.length
  while (end > 0 && text[end - 1] === '#') end -= 1
  return end === 0 || /\s/.test(text[end - 1] ?? '') ? text.slice(0, end).trim() : text
}

/** Whether a line starts a block other than a paragraph (so it ends one). */
function startsBlock(line: string, depth: number): boolean {
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    isRule(line) ||
    (depth < MAX_DEPTH && (ITEM.test(line) || QUOTE.test(line)))
  )
}

function renderBlocks(lines: string[], depth: number): string {
  const out: string[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i] ?? ''
    if (isBlank(line)) {
      i += 1
      continue
    }
    const fence = FENCE.exec(line)
    if (fence !== null) {
      const marker = fence[1] ?? '```'
      const body: string[] = []
      i += 1
      while (i < lines.length && !(lines[i] ?? '').trim().startsWith(marker)) {
        body.push(lines[i] ?? '')
        i += 1
      }
      i += 1
      const language = fence[2] === '' ? '' : ` class="language-${escapeHtml(fence[2] ?? '')}"`
      out.push(`<pre><code${language}>${escapeHtml(body.join('\n'))}</code></pre>`)
      continue
    }
    const heading = HEADING.exec(line)
    if (heading !== null) {
      const level = (heading[1] ?? '#').length
      const text = headingText(line.slice(heading[0].length))
      out.push(`<h${level}>${renderInline(text)}</h${level}>`)
      i += 1
      continue
    }
    if (isRule(line)) {
      out.push('<hr>')
      i += 1
      continue
    }
    if (depth < MAX_DEPTH && QUOTE.test(line)) {
      const inner: string[] = []
      while (i < lines.length && QUOTE.test(lines[i] ?? '')) {
        inner.push(QUOTE.exec(lines[i] ?? '')?.[1] ?? '')
        i += 1
      }
      out.push(`<blockquote>${renderBlocks(inner, depth + 1)}</blockquote>`)
      continue
    }
    const item = depth < MAX_DEPTH ? ITEM.exec(line) : null
    if (item !== null) {
      i = renderList(lines, i, depth, out)
      continue
    }
    const paragraph: string[] = []
    while (i < lines.length && !isBlank(lines[i] ?? '') && !startsBlock(lines[i] ?? '', depth)) {
      paragraph.push((lines[i] ?? '').trim())
      i += 1
    }
    if (paragraph.length === 0) {
      // A line that starts a block only past the depth bound: plain text.
      paragraph.push(line.trim())
      i += 1
    }
    out.push(`<p>${renderInline(paragraph.join('\n'))}</p>`)
  }
  return out.join('')
}

/**
 * A list from `start`: items at its indent with its kind of marker; lines indented deeper, and
 * blank lines between them, belong to the item before (nested lists, continued text).
 */
function renderList(lines: string[], start: number, depth: number, out: string[]): number {
  const first = ITEM.exec(lines[start] ?? '')
  const indent = (first?.[1] ?? '').length
  const ordered = /\d/.test(first?.[2] ?? '')
  const items: string[] = []
  let i = start
  while (i < lines.length) {
    const item = ITEM.exec(lines[i] ?? '')
    if (item === null || (item[1] ?? '').length !== indent) break
    if (/\d/.test(item[2] ?? '') !== ordered) break
    const body = [item[3] ?? '']
    i += 1
    while (i < lines.length) {
      const next = lines[i] ?? ''
      const nextIndent = /^ */.exec(next)?.[0].length ?? 0
      if (!isBlank(next) && nextIndent <= indent) break
      if (isBlank(next) && !/^ +\S/.test(lines[i + 1] ?? '')) break
      body.push(next.slice(Math.min(nextIndent, indent + 2)))
      i += 1
    }
    const [text = '', ...rest] = body
    const nested = rest.length === 0 ? '' : renderBlocks(rest, depth + 1)
    items.push(`<li>${renderInline(text)}${nested}</li>`)
  }
  const number = Number(/^\d+/.exec(first?.[2] ?? '')?.[0] ?? '1')
  const open = ordered ? (number === 1 ? '<ol>' : `<ol start="${number}">`) : '<ul>'
  out.push(`${open}${items.join('')}${ordered ? '</ol>' : '</ul>'}`)
  return i
}

/** A Markdown body as HTML (see above). */
export function markdownToHtml(markdown: string): string {
  return renderBlocks(markdown.replace(/\r\n?/g, '\n').split('\n'), 0)
}
