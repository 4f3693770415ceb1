/**
 * How the snippets write a value as a literal of their language, so that the language reads it
 * back unchanged (snippets.test.ts runs node, python3 and sh on the output), and a comment on one
 * line. Shared by the API call's snippets (snippets.ts) and the flow's (flow-*-snippets.ts).
 */
import { shellQuote } from '../curl'

/** One line each: a line break in a translation must not end the comment early. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * A double-quoted literal that JavaScript, Python and Go all read back as `text`: JSON's escapes
 * (\" \\ \n \uXXXX …) are valid in the three; U+2028 and U+2029, which JSON leaves raw, are
 * escaped too, so no reader sees a line end inside the literal.
 */
export const quoted = (text: string) =>
  JSON.stringify(text)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/** Python's single-quoted form of `quoted`: a JSON body reads without a backslash per quote. */
export const pythonQuoted = (text: string) =>
  `'${quoted(text)
    .slice(1, -1)
    .replace(/\\(.)/g, (escape, char: string) => (char === '"' ? '"' : escape))
    .replace(/'/g, "\\'")}'`

/** Go's raw string when it can hold `text` unchanged (no backquote, no CR), else `quoted`. */
export const goQuoted = (text: string) => (/[`\r]/.test(text) ? quoted(text) : `\`${text}\``)

/** A piece of a shell word: literal text, or a shell variable to expand. */
export type ShellPart = { text: string } | { variable: string }

/**
 * Literal text and variables as one shell word: `"…$name…"` when the literal text needs no
 * escape inside double quotes (no `"`, `$`, backquote, backslash, nor `!`, which an interactive
 * bash expands there), else single-quoted pieces joined to `"$name"`.
 */
export function shellWord(parts: readonly ShellPart[]): string {
  const isPlain = parts.every((part) => !('text' in part) || /^[^"$`\\!]*$/.test(part.text))
  if (isPlain) {
    return `"${parts.map((part) => ('text' in part ? part.text : `\${${part.variable}}`)).join('')}"`
  }
  return parts
    .map((part) => ('text' in part ? shellQuote(part.text) : `"\${${part.variable}}"`))
    .join('')
}
